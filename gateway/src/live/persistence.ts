import type { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import type { MessageBus } from '../bus/bus.ts';
import { startPersisters, type Persisters } from './persisters.ts';
import { addBatches } from '../metrics/batch-stats.ts';
import { startWorkerThread } from '../lib/worker-thread.ts';

/** Where a persistence thread connects: it opens its own NATS connection and Postgres pool. */
export interface PersistenceTarget {
  natsUrl: string;
  databaseUrl: string;
  /** The gateway's NATS credentials (user JWT + seed) when the server runs in operator mode. */
  natsCreds?: string;
}

export interface PersistenceWorkerData extends PersistenceTarget {
  logLevel: string;
  /** How far below the event loop the thread runs (lowerThisThread). */
  nice: number;
}

/**
 * The thread runs a little below the event loop: what it writes waits safely in the durable
 * stream, while a card or a position waiting for a core is late. Above the password threads (10).
 */
export const PERSISTENCE_THREAD_NICE = 4;

type Counts = ReturnType<Persisters['counts']>;
export type PersistenceWorkerMessage = { type: 'ready' } | { type: 'stopped' } | { type: 'counts'; counts: Counts };

/** Wait before a persistence thread that died is started again (the streams keep what it did not write), doubled after each failed start up to the most. */
const RESTART_MS = 1000;
const RESTART_MAX_MS = 30_000;

export interface Persistence {
  readonly where: 'thread' | 'in-process';
  /** The persisters themselves when they run in this thread (embedded database or in-process bus). */
  readonly local?: Persisters;
  /** Rows written so far (a thread reports once a second). */
  counts(): Counts;
  /** False while no persister runs (a thread died and is being started again): the streams hold what arrives. */
  running(): boolean;
  stop(): Promise<void>;
}

/**
 * Starts the persisters: in a worker thread when the gateway runs on NATS and a Postgres server
 * (both reachable from another thread), else in this thread (PGlite and the in-process bus live here).
 */
export async function startPersistence(db: Db, bus: MessageBus, logger: Logger, target: PersistenceTarget | undefined, logLevel: string): Promise<Persistence> {
  if (!target) {
    const local = await startPersisters(db, bus, logger);
    return { where: 'in-process', local, counts: local.counts, running: () => true, stop: local.stop };
  }
  return new PersistenceThread(target, logger, logLevel).start();
}

class PersistenceThread implements Persistence {
  readonly where = 'thread' as const;
  private worker?: Worker;
  /** The thread is ready and writing. */
  private alive = false;
  /** The current thread has ended (or none was started). */
  private exited = true;
  private restartTimer?: NodeJS.Timeout;
  private stopping = false;
  private last: Counts = { events: 0, rawFrames: 0, positions: 0, rejected: 0, batches: {} };
  /** Written by threads that have ended (a restarted thread counts from zero). */
  private before: Counts = { ...this.last };

  constructor(private readonly target: PersistenceTarget, private readonly logger: Logger, private readonly logLevel: string) {}

  start(): Promise<this> {
    return new Promise((resolve, reject) => {
      const workerData: PersistenceWorkerData = { ...this.target, logLevel: this.logLevel, nice: PERSISTENCE_THREAD_NICE };
      const worker = startWorkerThread(new URL('./persistence-worker.ts', import.meta.url), workerData);
      this.worker = worker;
      this.exited = false;
      let ready = false;
      let failure: unknown;
      worker.on('message', (m: PersistenceWorkerMessage) => {
        if (m.type === 'counts') this.last = m.counts;
        else if (m.type === 'ready') {
          ready = true;
          this.alive = true;
          resolve(this);
        }
      });
      worker.on('error', (err) => {
        failure = err;
        this.logger.error({ err }, 'persistence thread failed');
      });
      worker.on('exit', (code) => {
        this.alive = false;
        this.exited = true;
        this.before = this.counts();
        this.last = { events: 0, rawFrames: 0, positions: 0, rejected: 0, batches: {} };
        if (!ready) return reject(new Error(`persistence thread ended before it was ready (exit ${code})`, { cause: failure }));
        if (this.stopping) return;
        this.logger.error({ code }, 'persistence thread ended; starting it again');
        this.restartIn(RESTART_MS);
      });
    });
  }

  /** Starts a new thread after a while, and keeps trying (backing off) until one runs or the gateway stops. */
  private restartIn(ms: number): void {
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      if (this.stopping) return;
      this.start().catch((err: unknown) => {
        const next = Math.min(ms * 2, RESTART_MAX_MS);
        this.logger.error({ err, retryInMs: next }, 'persistence thread did not start; trying again');
        if (!this.stopping) this.restartIn(next);
      });
    }, ms);
    this.restartTimer.unref();
  }

  running(): boolean {
    return this.alive;
  }

  counts(): Counts {
    const b = this.before;
    const l = this.last;
    return { events: b.events + l.events, rawFrames: b.rawFrames + l.rawFrames, positions: b.positions + l.positions, rejected: b.rejected + l.rejected, batches: addBatches(b.batches, l.batches) };
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    const worker = this.worker;
    // A thread that has ended answers nothing: waiting for its exit would never end.
    if (!worker || this.exited) return;
    // One still starting has written nothing yet: it is ended at once.
    if (!this.alive) {
      await worker.terminate();
      return;
    }
    await new Promise<void>((resolve) => {
      worker.on('message', (m: PersistenceWorkerMessage) => {
        if (m.type === 'stopped') resolve();
      });
      worker.once('exit', () => resolve());
      worker.postMessage('stop');
    });
    await worker.terminate();
  }
}
