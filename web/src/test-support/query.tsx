import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '../shared/query-client';

/**
 * The console's query cache as the app's root gives it: one per rendered tree, so tests share no
 * answers, or the test's own `client` when it looks into the cache.
 */
export function TestQueryProvider({ children, client: given }: { children: ReactNode; client?: QueryClient }) {
  const [own] = useState(createQueryClient);
  const client = given ?? own;
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
