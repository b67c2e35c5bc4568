import { useQuery, type QueryKey } from '@tanstack/react-query';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * A read with its three states (loading, failed with the message, loaded), cached under `key`
 * (the entity's name first, so that a write of it refreshes the read); `reload` asks again. Only
 * the answer of the current key shows: a slow answer to an older search never overwrites a newer one.
 */
export function useLoad<T>(key: QueryKey, read: () => Promise<T>) {
  const q = useQuery({ queryKey: key, queryFn: read, staleTime: 0, retry: false });
  return {
    data: q.isError ? null : (q.data ?? null),
    loading: q.isFetching,
    error: q.isError ? messageOf(q.error) : null,
    reload: () => void q.refetch(),
  };
}

/** A read asked again every `everyMs`: the last answer stays shown beside an error until a read succeeds again. */
export function usePolled<T>(key: QueryKey, read: () => Promise<T>, everyMs: number) {
  const q = useQuery({ queryKey: key, queryFn: read, refetchInterval: everyMs, staleTime: 0, retry: false });
  return {
    data: q.data ?? null,
    error: q.isError ? messageOf(q.error) : null,
    reload: async () => void (await q.refetch()),
  };
}
