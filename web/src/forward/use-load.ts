import { useCallback, useEffect, useState } from 'react';

/** A read with its three states (loading, failed with the message, loaded); `reload` asks again. */
export function useLoad<T>(read: () => Promise<T>) {
  const [state, setState] = useState<{ data: T | null; loading: boolean; error: string | null }>({ data: null, loading: true, error: null });
  const reload = useCallback(() => {
    setState((s) => ({ ...s, loading: true }));
    read().then(
      (data) => setState({ data, loading: false, error: null }),
      (e: unknown) => setState({ data: null, loading: false, error: e instanceof Error ? e.message : String(e) }),
    );
  }, [read]);
  useEffect(reload, [reload]);
  return { ...state, reload };
}

/** A read asked again every `everyMs`: the last answer stays shown beside an error until a read succeeds again. */
export function usePolled<T>(read: () => Promise<T>, everyMs: number) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(async () => {
    try {
      setData(await read());
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, [read]);
  useEffect(() => {
    void reload();
    const timer = setInterval(() => void reload(), everyMs);
    return () => clearInterval(timer);
  }, [reload, everyMs]);
  return { data, error, reload };
}
