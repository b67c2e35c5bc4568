/**
 * A password thread (started by password-threads.ts): argon2id runs here, synchronously, so the
 * thread's own scheduling priority governs it. On Linux a nice value belongs to one thread, so
 * this thread alone drops below the event loop and the persistence thread: under load the kernel
 * gives them the cores first and the checks take what is left. (Elsewhere the call would lower
 * the whole process, so it is made on Linux only.)
 */
import { parentPort, workerData } from 'node:worker_threads';
import { hashSync, verifySync, type Options } from '@node-rs/argon2';
import { lowerThisThread } from '../lib/worker-thread.ts';
import type { PasswordReply, PasswordRequest, PasswordWorkerData } from './password-threads.ts';

const { nice, options } = workerData as PasswordWorkerData;
lowerThisThread(nice);

const port = parentPort!;
port.on('message', (m: PasswordRequest) => {
  let reply: PasswordReply;
  try {
    reply = { ok: true, value: m.op === 'hash' ? hashSync(m.value, options as Options) : verifySync(m.stored, m.value) };
  } catch (err) {
    // A malformed stored hash: password.ts answers "no", as for a wrong password.
    reply = { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(reply);
});
