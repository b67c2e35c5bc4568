import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';
import { ApiError } from '../lib/api-error.ts';
import { authText } from '../lib/texts/auth-text.ts';
import { startWorkerThread } from '../lib/worker-thread.ts';
import { PasswordThreads, type PasswordWorkerData } from './password-threads.ts';

/** The browser sends md5 hex of the password (its pattern is the user calls' contract's); it is stored as argon2id of that value. */
export { MD5_HEX } from '@wdiov/contracts/api/user.route';

/**
 * Argon2id on OWASP's row for interactive logins of 7 MiB, 5 passes, 1 lane: the rows (46 MiB × 1,
 * 19 MiB × 2, 12 MiB × 3, 9 MiB × 4, 7 MiB × 5) give the same defence, and this one costs about
 * two thirds of the CPU of 19 MiB × 2 here (docs/benchmarks.md, shift start). Hashes made with
 * other parameters still verify and are replaced at the next good sign-in (needsRehash).
 */
const OPTIONS: PasswordWorkerData['options'] = { algorithm: 2, memoryCost: 7168, timeCost: 5, parallelism: 1 };
/** How hashes made with OPTIONS begin (the PHC string's algorithm, version and parameters). */
const CURRENT_PREFIX = `$argon2id$v=19$m=${OPTIONS.memoryCost},t=${OPTIONS.timeCost},p=${OPTIONS.parallelism}$`;

/**
 * Checks run in threads of their own at nice 10 (password-worker.ts): under load the event loop
 * (ingest, sockets, cards) and the persistence thread get the cores first, the checks what is
 * left. One thread per core, at most 8: a thread is one check at a time, and niced threads only
 * take idle time, so more would add memory, not throughput. The rest wait in order of arrival, so
 * a shift of sign-ins finishes in the order it came instead of every sign-in finishing late.
 */
export const HASH_CONCURRENCY = Math.max(1, Math.min(availableParallelism(), 8));
export const PASSWORD_THREAD_NICE = 10;
const hashing = pLimit(HASH_CONCURRENCY);

let threads: PasswordThreads | undefined;
const passwordThreads = () =>
  (threads ??= new PasswordThreads(HASH_CONCURRENCY, () =>
    startWorkerThread(new URL('./password-worker.ts', import.meta.url), { nice: PASSWORD_THREAD_NICE, options: OPTIONS } satisfies PasswordWorkerData)));

/** Ends the password threads (checks under way fail with 503); the next check starts new ones. */
export async function closePasswordThreads(): Promise<void> {
  const closing = threads;
  threads = undefined;
  await closing?.close();
}

/**
 * Hashes that may wait at most. Each costs ~7 ms of a core, and a client that gave up does not
 * take its check out of the queue: past this many (a few seconds of work), a sign-in is told to
 * come back instead of lengthening every later one's wait.
 */
export const MAX_HASHES_WAITING = 256;

/** Password hashes waiting for a thread (queued sign-ins). */
export const hashesWaiting = () => hashing.pendingCount;

/** Runs one hash in the queue; refuses at once (503, nothing counted against the account) when the queue is full. */
function queued<T>(work: () => Promise<T>): Promise<T> {
  if (hashing.pendingCount >= MAX_HASHES_WAITING) return Promise.reject(new ApiError(503, authText('busy')));
  return hashing(work);
}

export function hashPassword(md5Hex: string): Promise<string> {
  const value = md5Hex.toLowerCase();
  return queued(() => passwordThreads().run({ op: 'hash', value }) as Promise<string>);
}

export async function verifyPassword(stored: string | null | undefined, md5Hex: string): Promise<boolean> {
  if (!stored || !stored.startsWith('$argon2')) return false;
  const value = md5Hex.toLowerCase();
  try {
    return (await queued(() => passwordThreads().run({ op: 'verify', stored, value }))) === true;
  } catch (err) {
    // A full queue or a check cut short is not a wrong password: it must not count towards locking the account.
    if (err instanceof ApiError) throw err;
    return false;
  }
}

/** A stored hash made with other parameters than today's (replaced after the next good sign-in). */
export const needsRehash = (stored: string | null | undefined) => Boolean(stored?.startsWith('$argon2')) && !stored!.startsWith(CURRENT_PREFIX);
