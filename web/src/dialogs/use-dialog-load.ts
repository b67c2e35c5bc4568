import { useEffect, useRef } from 'react';
import { useQuery, type QueryKey } from '@tanstack/react-query';

/** What a dialog loads before it can be used: still loading, loaded, or failed with the server's message. */
export type Loaded<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'failed'; message: string };

/**
 * What a dialog loads before it can be used, through the console's query cache: keyed with the
 * entity it reads first (so a write of it loads it again), asked afresh each time the dialog
 * opens and dropped when it closes, since a dialog edits what it loaded. Only the current key's
 * answer is shown: the answer for a platform chosen before never fills the form of the one chosen
 * now. `fill` seeds the dialog's own form state once from each answer.
 */
export function useDialogLoad<T>(queryKey: QueryKey, load: () => Promise<T>, fill?: (data: T) => void): [Loaded<T>, () => void] {
  const query = useQuery({ queryKey, queryFn: load, staleTime: 0, gcTime: 0 });
  const filled = useRef<T | undefined>(undefined);
  useEffect(() => {
    if (!query.isSuccess || filled.current === query.data) return;
    filled.current = query.data;
    fill?.(query.data);
    // A new `fill` closure is no new answer: the guard above fills once per answer.
  }, [query.isSuccess, query.data, fill]);
  const loaded: Loaded<T> = query.isSuccess
    ? { state: 'ready', data: query.data }
    : query.isError && !query.isFetching
      ? { state: 'failed', message: query.error instanceof Error ? query.error.message : String(query.error) }
      : { state: 'loading' };
  return [loaded, () => void query.refetch()];
}
