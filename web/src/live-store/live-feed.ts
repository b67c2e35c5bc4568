import type { Observable, SchedulerLike, Subscription } from 'rxjs';
import type { LivePosition } from '@wdiov/contracts/live/socket-messages';
import { coalescePositions, COALESCE_MS, type PositionUpdate } from './coalesce';
import type { LiveStore } from './live-store';
import { isPositionBatch } from './packed-positions';
import { PackedWriter } from './packed-writer';
import { positionChannel } from './position-channel';
import { PositionCmd } from './position-frame';
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
 * Position stream → coalesce → store. Packed batches (from the position worker) are copied
 * column by column; message objects are written row by row. One commit per window: the
 * store's listeners (layer rebuild, follow camera) run inside it, so the timing covers
 * everything the main thread does per batch after the socket.
 */
export function startLiveFeed(
  store: LiveStore,
  updates$: Observable<PositionUpdate>,
  options: { windowMs?: number; scheduler?: SchedulerLike } = {},
): LiveFeed {
  const stats: FeedStats = { batches: 0, positions: 0, lastMs: 0, maxMs: 0, totalMs: 0 };
  const writer = new PackedWriter(store);
  const timed = (write: () => number) => {
    const started = now();
    const positions = write();
    if (positions === 0) return;
    store.commit();
    const ms = now() - started;
    stats.batches++;
    stats.positions += positions;
    stats.lastMs = ms;
    stats.maxMs = Math.max(stats.maxMs, ms);
    stats.totalMs += ms;
  };
  const applyWindow = (updates: readonly PositionUpdate[]) =>
    timed(() => {
      let positions = 0;
      for (const update of updates) {
        if (isPositionBatch(update)) {
          writer.write(update);
          positions += update.count;
        } else if (update.cmd === PositionCmd.positions) {
          store.write(update.data);
          positions += update.data.length;
        }
      }
      return positions;
    });
  const push = (batch: readonly LivePosition[]) =>
    timed(() => {
      store.write(batch);
      return batch.length;
    });
  const subscription: Subscription = coalescePositions(updates$, options.windowMs ?? COALESCE_MS, options.scheduler).subscribe({
    next: applyWindow,
    // The channel retries by itself; an error here is a bug, so say so instead of going quiet.
    error: (error: unknown) => console.error('live feed stopped', error),
  });
  return { stats, push, stop: () => subscription.unsubscribe() };
}

declare global {
  interface Window {
    /** Dev/test builds only: lets Playwright feed synthetic batches and read the timings. */
    __liveStore?: LiveStoreHook;
  }
}

export interface LiveStoreHook {
  store: LiveStore;
  feed: LiveFeed;
  syntheticFleet: typeof syntheticFleet;
  /** Also feeds the store from the position socket at `url` (a test's own server), as the map's. */
  listen(url: string): void;
  /** The feed `listen` started, with its own timings. */
  listening?: LiveFeed;
}

/**
 * Exposed in dev, in `--mode test` builds, or with VITE_EXPOSE_LIVE_STORE=1; never in a plain
 * production build. A browser test can do
 * `const f = __liveStore.syntheticFleet(10000); __liveStore.feed.push(f.next())` once a second
 * and read `__liveStore.feed.stats` (main-thread ms per batch, store write + layer rebuild),
 * or `__liveStore.listen('ws://…')` to stream frames through the real channel (worker and all).
 */
export function exposeForTests(store: LiveStore, feed: LiveFeed): () => void {
  const env = import.meta.env;
  const allowed = env.DEV || env.MODE === 'test' || env.VITE_EXPOSE_LIVE_STORE === '1';
  if (!allowed || typeof window === 'undefined') return () => undefined;
  const hook: LiveStoreHook = {
    store,
    feed,
    syntheticFleet,
    listen(url) {
      hook.listening?.stop();
      hook.listening = startLiveFeed(store, positionChannel(() => url));
    },
  };
  window.__liveStore = hook;
  return () => {
    hook.listening?.stop();
    if (window.__liveStore === hook) delete window.__liveStore;
  };
}
