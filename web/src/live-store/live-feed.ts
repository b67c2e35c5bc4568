import type { Observable, SchedulerLike, Subscription } from 'rxjs';
import type { LivePosition, ServerSocketMessage } from '@wdiov/contracts/live/socket-messages';
import { coalescePositions, COALESCE_MS } from './coalesce';
import type { LiveStore } from './live-store';
import { syntheticFleet } from './synthetic-fleet';

/** Main-thread cost of the applied batches, for the dev hook and the perf test. */
export interface FeedStats {
  batches: number;
  positions: number;
  lastMs: number;
  maxMs: number;
  totalMs: number;
}

export interface LiveFeed {
  stats: FeedStats;
  /** Applies a batch through the same path as the socket (store write + listeners, timed). */
  push(batch: readonly LivePosition[]): void;
  stop(): void;
}

const now = () => (typeof performance === 'undefined' ? Date.now() : performance.now());

/**
 * Socket stream → coalesce → store. The store's listeners (layer rebuild, follow camera)
 * run inside `apply`, so the timing covers everything the main thread does per batch.
 */
export function startLiveFeed(
  store: LiveStore,
  messages$: Observable<ServerSocketMessage>,
  options: { windowMs?: number; scheduler?: SchedulerLike } = {},
): LiveFeed {
  const stats: FeedStats = { batches: 0, positions: 0, lastMs: 0, maxMs: 0, totalMs: 0 };
  const push = (batch: readonly LivePosition[]) => {
    const started = now();
    store.apply(batch);
    const ms = now() - started;
    stats.batches++;
    stats.positions += batch.length;
    stats.lastMs = ms;
    stats.maxMs = Math.max(stats.maxMs, ms);
    stats.totalMs += ms;
  };
  const subscription: Subscription = coalescePositions(messages$, options.windowMs ?? COALESCE_MS, options.scheduler).subscribe({
    next: push,
    // The channel retries by itself; an error here is a bug, so say so instead of going quiet.
    error: (error: unknown) => console.error('live feed stopped', error),
  });
  return { stats, push, stop: () => subscription.unsubscribe() };
}

declare global {
  interface Window {
    /** Dev/test builds only: lets Playwright feed synthetic batches and read the timings. */
    __liveStore?: { store: LiveStore; feed: LiveFeed; syntheticFleet: typeof syntheticFleet };
  }
}

/**
 * Exposed in dev, in `--mode test` builds, or with VITE_EXPOSE_LIVE_STORE=1; never in a plain
 * production build. A browser test can do
 * `const f = __liveStore.syntheticFleet(10000); __liveStore.feed.push(f.next())` once a second
 * and read `__liveStore.feed.stats` (main-thread ms per batch, store write + layer rebuild).
 */
export function exposeForTests(store: LiveStore, feed: LiveFeed): () => void {
  const env = import.meta.env;
  const allowed = env.DEV || env.MODE === 'test' || env.VITE_EXPOSE_LIVE_STORE === '1';
  if (!allowed || typeof window === 'undefined') return () => undefined;
  window.__liveStore = { store, feed, syntheticFleet };
  return () => {
    if (window.__liveStore?.store === store) delete window.__liveStore;
  };
}
