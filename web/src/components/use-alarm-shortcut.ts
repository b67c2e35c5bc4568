import { useEffect, useRef } from 'react';

/**
 * Alt+Shift+A from anywhere opens the alarm pop-up (a collapsed notice expands) and moves focus to
 * its 'view now', or, on the live map where the pop-up steps aside, to the alarm inbox.
 * Alt+Shift+X acknowledges (closes) the card shown. Documented in docs/keyboard.md.
 */
export const ALARM_SHORTCUT = { code: 'KeyA', aria: 'Alt+Shift+A' } as const;
export const DISMISS_SHORTCUT = { code: 'KeyX', aria: 'Alt+Shift+X' } as const;

/** The targets in order of preference: the card shown, then the inbox. */
const TARGETS = ['.wd-alarm-card .wd-alarm-view', '.wd-inbox-toggle'];

export function focusAlarms(root: ParentNode = document): boolean {
  for (const selector of TARGETS) {
    const target = root.querySelector<HTMLElement>(selector);
    if (target) {
      target.focus();
      return true;
    }
  }
  return false;
}

/** What the shortcuts do; each answers whether it did anything (then the key goes no further). */
export interface AlarmShortcutActions {
  open: () => boolean;
  dismiss: () => boolean;
}

export function useAlarmShortcut(actions: AlarmShortcutActions = { open: () => focusAlarms(), dismiss: () => false }): void {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.altKey && e.shiftKey && !e.ctrlKey && !e.metaKey)) return;
      const act = e.code === ALARM_SHORTCUT.code ? latest.current.open : e.code === DISMISS_SHORTCUT.code ? latest.current.dismiss : undefined;
      if (act?.()) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
