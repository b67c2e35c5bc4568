import type { LRUCache } from 'lru-cache';
import { ttlCache } from '../lib/ttl-cache.ts';

/**
 * Answers built once and shared until they are dropped (a write that changes them) or their TTL
 * passes (a write taken by another replica). A failure is not remembered. An answer still being
 * built when the cache is cleared goes with it, so nothing read before a change outlives it.
 */
export class MemoCache<T> {
  private readonly entries: LRUCache<string, Promise<T>>;

  constructor(ttlMs: number, maxEntries = 5_000) {
    this.entries = ttlCache({ ttlMs, max: maxEntries });
  }

  clear(): void {
    this.entries.clear();
  }

  get(key: string, build: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit) return hit;
    const value = build();
    this.entries.set(key, value);
    value.catch(() => {
      if (this.entries.peek(key) === value) this.entries.delete(key);
    });
    return value;
  }
}
