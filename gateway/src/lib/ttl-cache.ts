import { LRUCache } from 'lru-cache';

export interface TtlCacheOptions {
  /** How long an entry answers: a write taken by another replica shows after at most this. */
  ttlMs: number;
  /** Entries kept at most (or, with `sizeOf`, their summed sizes); the least recently used goes first. */
  max: number;
  /** An entry's size, when entries differ much (rows of a read): an entry over `max` is not kept. */
  sizeOf?: (value: never) => number;
}

/**
 * The gateway's one in-memory cache: bounded, least recently used out first, each entry
 * answering for `ttlMs` from when it was set (reading it does not extend it). Every cache of
 * answers read from the database is one of these, so they age and overflow the same way.
 */
export function ttlCache<V extends NonNullable<unknown>>({ ttlMs, max, sizeOf }: TtlCacheOptions): LRUCache<string, V> {
  // Counted through maxSize rather than `max`, which allocates its arrays for `max` entries up
  // front: every repository holds a cache, most of them nearly empty.
  return new LRUCache<string, V>({ maxSize: max, sizeCalculation: sizeOf ? (v) => Math.max(1, sizeOf(v as never)) : () => 1, ttl: ttlMs, updateAgeOnGet: false });
}
