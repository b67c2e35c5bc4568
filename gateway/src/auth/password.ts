import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';
import { ApiError } from '../lib/api-error.ts';

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

/**
 * Hashes that may wait at most. Each costs 19 MiB and ~13 ms of a core, and a client that gave up
 * does not take its check out of the queue: past this many (a few seconds of work), a sign-in is
 * told to come back instead of lengthening every later one's wait.
 */
export const MAX_HASHES_WAITING = 256;

/** Password hashes waiting for a thread (queued sign-ins). */
export const hashesWaiting = () => hashing.pendingCount;

/** Runs one hash in the queue; refuses at once (503, nothing counted against the account) when the queue is full. */
function queued<T>(work: () => Promise<T>): Promise<T> {
  if (hashing.pendingCount >= MAX_HASHES_WAITING) return Promise.reject(new ApiError(503, '登录的人太多, 请稍后再试'));
  return hashing(work);
}

export function hashPassword(md5Hex: string): Promise<string> {
  return queued(() => hash(md5Hex.toLowerCase(), OPTIONS as never));
}

export async function verifyPassword(stored: string | null | undefined, md5Hex: string): Promise<boolean> {
  if (!stored || !stored.startsWith('$argon2')) return false;
  try {
    return await queued(() => verify(stored, md5Hex.toLowerCase()));
  } catch (err) {
    // A full queue is not a wrong password: it must not count towards locking the account.
    if (err instanceof ApiError) throw err;
    return false;
  }
}
