import { QueryClient } from '@tanstack/react-query';

/**
 * The console's one cache of server data. Answers stay fresh for 30 s (the gateway's own caches
 * live as long); a failed load is tried once more, since a refusal (400/403) will not change on
 * a retry and the http client already reports it to the user.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    },
  });
}

export const queryClient = createQueryClient();
