import { availableParallelism } from 'node:os';
import { ApiError } from '../lib/api-error.ts';
import { startWorkerThread } from '../lib/worker-thread.ts';
import { PasswordLanes } from './password-lanes.ts';
import { PasswordThreads, type PasswordRequest, type PasswordWorkerData } from './password-threads.ts';

/** The browser sends md5 hex of the password; it is stored as argon2id of that value. */
export const MD5_HEX = /^[a-f0-9]{32}$/i;

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
 * When what is left is too little (a shift starting beside a fleet that keeps both cores busy), a
 * check that has waited PASSWORD_LATE_MS runs on one more thread at the event loop's priority
 * (password-lanes.ts), so every sign-in is answered within about two seconds.
 */
export const HASH_CONCURRENCY = Math.max(1, Math.min(availableParallelism(), 8));
export const PASSWORD_THREAD_NICE = 10;
export const PASSWORD_LATE_NICE = 0;
export const PASSWORD_LATE_MS = 1000;

const threadsAt = (nice: number, size: number) => new PasswordThreads(size, () =>
  startWorkerThread(new URL('./password-worker.ts', import.meta.url), { nice, options: OPTIONS } satisfies PasswordWorkerData));

let pool: { regular: PasswordThreads; late: PasswordThreads; lanes: PasswordLanes<PasswordRequest, string | boolean> } | undefined;
const lanes = () => {
  if (!pool) {
    const regular = threadsAt(PASSWORD_THREAD_NICE, HASH_CONCURRENCY);
    const late = threadsAt(PASSWORD_LATE_NICE, 1);
    pool = { regular, late, lanes: new PasswordLanes({ runner: regular, size: regular.size }, { runner: late, size: late.size }, PASSWORD_LATE_MS) };
  }
  return pool.lanes;
};

/** Ends the password threads (checks under way fail with 503); the next check starts new ones. */
export async function closePasswordThreads(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await Promise.all([closing?.regular.close(), closing?.late.close()]);
}

/**
 * Hashes that may wait at most. Each costs ~7 ms of a core, and a client that gave up does not
 * take its check out of the queue: past this many (a few seconds of work), a sign-in is told to
 * come back instead of lengthening every later one's wait.
 */
export const MAX_HASHES_WAITING = 256;

/** Password hashes waiting for a thread (queued sign-ins). */
export const hashesWaiting = () => pool?.lanes.waiting ?? 0;

/** Checks that waited long enough to run on the late lane since the threads started. */
export const lateChecks = () => pool?.lanes.lateRuns ?? 0;

/** Runs one check in the queue; refuses at once (503, nothing counted against the account) when the queue is full. */
function queued(request: PasswordRequest): Promise<string | boolean> {
  if (hashesWaiting() >= MAX_HASHES_WAITING) return Promise.reject(new ApiError(503, '登录的人太多, 请稍后再试'));
  return lanes().run(request);
}

export function hashPassword(md5Hex: string): Promise<string> {
  const value = md5Hex.toLowerCase();
  return queued({ op: 'hash', value }) as Promise<string>;
}

export async function verifyPassword(stored: string | null | undefined, md5Hex: string): Promise<boolean> {
  if (!stored || !stored.startsWith('$argon2')) return false;
  const value = md5Hex.toLowerCase();
  try {
    return (await queued({ op: 'verify', stored, value })) === true;
  } catch (err) {
    // A full queue or a check cut short is not a wrong password: it must not count towards locking the account.
    if (err instanceof ApiError) throw err;
    return false;
  }
}

/** A stored hash made with other parameters than today's (replaced after the next good sign-in). */
export const needsRehash = (stored: string | null | undefined) => Boolean(stored?.startsWith('$argon2')) && !stored!.startsWith(CURRENT_PREFIX);
