import { useEffect } from 'react';

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
