import { useCallback, useEffect, useState } from 'react';

/** What a dialog loads before it can be used: still loading, loaded, or failed with the server's message. */
export type Loaded<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'failed'; message: string };

/**
 * Runs `load` now and on `reload()`; the answer of an older run never overwrites a newer one. A load
 * that also sets state of its own checks `isCurrent()` first, for the same reason.
 */
export function useLoaded<T>(load: (isCurrent: () => boolean) => Promise<T>, deps: readonly unknown[]): [Loaded<T>, () => void] {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  const [run, setRun] = useState(0);
  // The caller names what the load depends on, as with useEffect.
  const stable = useCallback(load, deps);
  useEffect(() => {
    let current = true;
    setLoaded({ state: 'loading' });
    stable(() => current).then(
      (data) => current && setLoaded({ state: 'ready', data }),
      (e: unknown) => current && setLoaded({ state: 'failed', message: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      current = false;
    };
  }, [stable, run]);
  return [loaded, useCallback(() => setRun((n) => n + 1), [])];
}
