import type { Worker } from 'node:worker_threads';
import type { ParserOptions, QueryOptions, Results, RowMode } from '@electric-sql/pglite';
import { startWorkerThread } from '../lib/worker-thread.ts';

/** What the PGlite thread is started with. */
export interface PgliteWorkerData {
  /** Data directory; omitted = in memory. */
  dir?: string;
  migrations: string;
}

export type PgliteRequest =
  | { id: number; op: 'query'; text: string; params: unknown[]; rowMode: RowMode; textTypes: number[]; tx?: number }
  | { id: number; op: 'exec'; text: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

export interface WireError {
  message: string;
  name?: string;
  props: Record<string, string | number | boolean>;
  /** What it was caused by (a failed query's database error), carried across too. */
  cause?: WireError;
}

/** Id 0 answers the start (migrations applied, or why not). */
export type PgliteReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: WireError };

/** The part of PGlite's interface the gateway uses (drizzle's PGlite driver, raw queries, transactions). */
export interface PgliteQueryable {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
}

export interface PgliteClient extends PgliteQueryable {
  transaction<T>(fn: (tx: PgliteQueryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

type Pending = { resolve: (value: unknown) => void; reject: (err: Error) => void };

const errorFrom = (wire: WireError): Error =>
  Object.assign(new Error(wire.message, wire.cause ? { cause: errorFrom(wire.cause) } : undefined), wire.name ? { name: wire.name } : {}, wire.props);

/**
 * PGlite running in a worker thread (pglite-worker.ts), behind the same interface as PGlite itself:
 * drizzle's PGlite driver and raw queries use it unchanged. Parsers given in the options run
 * here, on the text the thread sends back for their types (functions cannot cross threads).
 */
class PgliteThread implements PgliteClient {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private failure?: Error;

  constructor(private readonly worker: Worker) {
    worker.on('message', (m: PgliteReply) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.settled(m.id);
      if (m.ok) p.resolve(m.value);
      else p.reject(errorFrom(m.error));
    });
    const fail = (err: Error) => {
      this.failure = err;
      for (const [id, p] of this.pending) {
        this.settled(id);
        p.reject(err);
      }
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the PGlite thread ended (exit ${code})`)));
    worker.unref();
  }

  /** The thread keeps the process alive only while it owes an answer. */
  private settled(id: number) {
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker.unref();
  }

  /** Waits for the thread's start (id 0). */
  ready(): Promise<void> {
    return this.call<void>(0, null);
  }

  private call<T>(id: number, request: PgliteRequest | null): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<T>((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      if (request) this.worker.postMessage(request);
    });
  }

  private request<T>(build: (id: number) => PgliteRequest): Promise<T> {
    const id = this.nextId++;
    return this.call<T>(id, build(id));
  }

  private async runQuery<T>(tx: number | undefined, text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    const parsers = options?.parsers;
    const textTypes = parsers ? Object.keys(parsers).map(Number) : [];
    const result = await this.request<Results<T>>((id) => ({ id, op: 'query', text, params, rowMode: options?.rowMode ?? 'object', textTypes, tx }));
    if (parsers) applyParsers(result, parsers, options?.rowMode ?? 'object');
    return result;
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.runQuery<T>(undefined, text, params, options);
  }

  exec(text: string): Promise<Results[]> {
    return this.request((id) => ({ id, op: 'exec', text }));
  }

  async transaction<T>(fn: (tx: PgliteQueryable) => Promise<T>): Promise<T> {
    const tx = await this.request<number>((id) => ({ id, op: 'begin' }));
    const end = (commit: boolean) => this.request<void>((id) => ({ id, op: 'end', tx, commit }));
    let result: T;
    try {
      result = await fn({
        query: (text, params, options) => this.runQuery(tx, text, params, options),
        exec: (text) => this.request((id) => ({ id, op: 'exec', text, tx })),
      });
    } catch (err) {
      await end(false);
      throw err;
    }
    await end(true);
    return result;
  }

  async close(): Promise<void> {
    if (!this.failure) await this.request<void>((id) => ({ id, op: 'close' }));
    await this.worker.terminate();
  }
}

function applyParsers(result: Results<unknown>, parsers: ParserOptions, rowMode: RowMode): void {
  const columns = result.fields.flatMap((f, i) => {
    const parse = parsers[f.dataTypeID] as ((value: string) => unknown) | undefined;
    return parse ? [{ key: rowMode === 'array' ? i : f.name, parse }] : [];
  });
  if (columns.length === 0) return;
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const { key, parse } of columns) {
      const v = row[key];
      if (typeof v === 'string') row[key] = parse(v);
    }
  }
}

/** Starts PGlite (in memory, or on its data directory) in its own thread and applies the migrations there. */
export async function openPgliteThread(data: PgliteWorkerData): Promise<PgliteClient> {
  const client = new PgliteThread(startWorkerThread(new URL('./pglite-worker.ts', import.meta.url), data));
  try {
    await client.ready();
  } catch (err) {
    await client.close().catch(() => {});
    throw err;
  }
  return client;
}
