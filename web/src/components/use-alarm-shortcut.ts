import { useEffect } from 'react';

/**
 * Alt+Shift+A from anywhere: focus moves to the newest alarm card's first action (its 'view now'),
 * or, on the live map where the stack steps aside, to the alarm inbox. Documented in docs/keyboard.md.
 */
export const ALARM_SHORTCUT = { code: 'KeyA', aria: 'Alt+Shift+A' } as const;

/** The targets in order of preference: the newest card, then the inbox. */
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

export function useAlarmShortcut(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.altKey && e.shiftKey && !e.ctrlKey && !e.metaKey && e.code === ALARM_SHORTCUT.code)) return;
      if (focusAlarms()) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
