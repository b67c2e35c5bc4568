import type { Worker } from 'node:worker_threads';
import { ApiError } from '../lib/api-error.ts';
import { authText } from '../lib/texts/auth-text.ts';

/** What a password thread is started with (password-worker.ts). */
export interface PasswordWorkerData {
  /** Nice value the thread gives itself (Linux): above 0 = below the event loop. */
  nice: number;
  /** argon2id parameters of new hashes (@node-rs/argon2's options). */
  options: { algorithm: number; memoryCost: number; timeCost: number; parallelism: number };
}

export type PasswordRequest = { op: 'hash'; value: string } | { op: 'verify'; stored: string; value: string };
export type PasswordReply = { ok: true; value: string | boolean } | { ok: false; message: string };

/** The part of a worker thread the pool uses (tests give stand-ins). */
export type PasswordThread = Pick<Worker, 'postMessage' | 'on' | 'ref' | 'unref' | 'terminate'>;

/**
 * Why a check got no answer (a sign-in may simply be tried again), worded when the check is
 * asked: the answer may come from a thread's exit, outside the request that waits for it.
 */
interface Refusals {
  ended: string;
  stopping: string;
}

interface Check extends Refusals {
  resolve: (value: string | boolean) => void;
  reject: (err: Error) => void;
}

/**
 * Up to `size` password threads, each doing one check at a time, started when first needed. The
 * caller (password.ts) queues the checks and lets at most `size` in at once, so a thread is free
 * for each. A thread that dies is dropped and the next check starts a new one; the check it was
 * doing fails with a clear error (503: nothing is counted against the account), the ones waiting
 * are answered by the replacement. Idle threads do not keep the process alive.
 */
export class PasswordThreads {
  private readonly idle: PasswordThread[] = [];
  private readonly busy = new Map<PasswordThread, Check>();
  private closed = false;

  constructor(
    readonly size: number,
    private readonly start: () => PasswordThread,
  ) {}

  /** Threads running now (idle or busy). */
  get running(): number {
    return this.idle.length + this.busy.size;
  }

  run(request: PasswordRequest): Promise<string | boolean> {
    if (this.closed) return Promise.reject(new ApiError(503, authText('stopping')));
    const refusals: Refusals = { ended: authText('checkEnded'), stopping: authText('stopping') };
    const thread = this.idle.pop() ?? this.spawn();
    return new Promise((resolve, reject) => {
      this.busy.set(thread, { resolve, reject, ...refusals });
      // A check under way keeps the process alive until it is answered (a script awaiting a hash).
      thread.ref();
      thread.postMessage(request);
    });
  }

  /** Ends every thread; checks under way fail with 503 (nothing waits for them). */
  async close(): Promise<void> {
    this.closed = true;
    const threads = [...this.idle, ...this.busy.keys()];
    for (const check of this.busy.values()) check.reject(new ApiError(503, check.stopping));
    this.busy.clear();
    this.idle.length = 0;
    await Promise.all(threads.map((t) => t.terminate()));
  }

  private spawn(): PasswordThread {
    if (this.running >= this.size) throw new Error(`password threads: more than ${this.size} checks at once`);
    const thread = this.start();
    thread.unref();
    thread.on('message', (reply: PasswordReply) => {
      const check = this.busy.get(thread);
      if (!check) return;
      this.busy.delete(thread);
      this.idle.push(thread);
      thread.unref();
      if (reply.ok) check.resolve(reply.value);
      else check.reject(new Error(reply.message));
    });
    let failure = '';
    // Without a listener a thread's uncaught error would end the whole process.
    thread.on('error', (err: Error) => (failure = err.message));
    thread.on('exit', (code: number) => {
      const at = this.idle.indexOf(thread);
      if (at >= 0) this.idle.splice(at, 1);
      const check = this.busy.get(thread);
      this.busy.delete(thread);
      if (check) check.reject(Object.assign(new ApiError(503, check.ended), { cause: `password thread ended (exit ${code})${failure ? `: ${failure}` : ''}` }));
    });
    return thread;
  }
}
