import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

/** The browser sends md5 hex of the password; it is stored as argon2id of that value. */
export const MD5_HEX = /^[a-f0-9]{32}$/i;

// Argon2id (algorithm 2) with the OWASP minimum: 19 MiB, 2 passes, 1 lane.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes run on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), never on
 * the event loop. At most one per core at a time, and never the whole pool, so file and DNS work
 * keep a thread; the rest wait in order of arrival. A shift of sign-ins then finishes one by one
 * in the order they came, instead of every sign-in sharing the cores and all finishing late.
 */
export const HASH_CONCURRENCY = Math.max(1, Math.min(availableParallelism(), 3));
const hashing = pLimit(HASH_CONCURRENCY);

/** Password hashes waiting for a thread (queued sign-ins). */
export const hashesWaiting = () => hashing.pendingCount;

export function hashPassword(md5Hex: string): Promise<string> {
  return hashing(() => hash(md5Hex.toLowerCase(), OPTIONS as never));
}

export async function verifyPassword(stored: string | null | undefined, md5Hex: string): Promise<boolean> {
  if (!stored || !stored.startsWith('$argon2')) return false;
  try {
    return await hashing(() => verify(stored, md5Hex.toLowerCase()));
  } catch {
    return false;
  }
}
