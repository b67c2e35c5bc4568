import { useSyncExternalStore } from 'react';
import type { BehaviorSubject } from 'rxjs';

/** Reads the current value of a BehaviorSubject and re-renders on change. */
export function useBehaviorSubject<T>(subject: BehaviorSubject<T>): T {
  return useSyncExternalStore(
    (listener) => {
      const subscription = subject.subscribe(listener);
      return () => subscription.unsubscribe();
    },
    () => subject.getValue(),
    () => subject.getValue(),
  );
}
