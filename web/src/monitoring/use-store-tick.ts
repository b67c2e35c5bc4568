import { useCallback, useSyncExternalStore } from 'react';
import type { LiveStore } from '../live-store/live-store';

/**
 * The store's version, sampled at most once per `ms`: panels and counters follow the
 * stream at a human rate while the map redraws per batch without React.
 */
export function useStoreTick(store: LiveStore, ms = 1000): number {
  const subscribe = useCallback(
    (listener: () => void) => {
      let timer: ReturnType<typeof setTimeout> | null = null;
      const off = store.subscribe(() => {
        timer ??= setTimeout(() => {
          timer = null;
          listener();
        }, ms);
      });
      return () => {
        off();
        if (timer) clearTimeout(timer);
      };
    },
    [store, ms],
  );
  return useSyncExternalStore(subscribe, () => store.version, () => store.version);
}
