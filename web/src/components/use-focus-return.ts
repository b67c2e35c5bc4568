import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

/**
 * Gives the focus back to the control that had it when the component mounted, once it unmounts.
 * For dialogs rendered only while open: PrimeReact returns the focus after its closing animation,
 * which an unmounted dialog never plays.
 */
export function useFocusReturn(): void {
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);
}

/**
 * A panel that opens beside the control that asked for it (not modal): the focus moves into the
 * panel each time it shows something new (`subject`), Escape inside it calls `onClose`, and the
 * focus goes back to the control that last opened it when it unmounts.
 */
export function usePanelFocus<T extends HTMLElement>(panel: RefObject<T | null>, subject: unknown, onClose: () => void) {
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== document.body && !panel.current?.contains(active)) opener.current = active;
    panel.current?.focus();
  }, [panel, subject]);
  useEffect(
    () => () => {
      if (opener.current?.isConnected) opener.current.focus();
    },
    [],
  );
  return {
    tabIndex: -1,
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      onClose();
    },
  };
}
