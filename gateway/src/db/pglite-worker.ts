/**
 * PGlite in a thread of its own (started by pglite-thread.ts): the WebAssembly engine plans and
 * runs every query here, so the thread serving HTTP, ingest and sockets only posts the SQL and
 * reads the rows. Migrations run here before the thread says it is ready.
 *
 * A transaction holds PGlite's own lock from BEGIN until the main thread ends it: queries of
 * other callers wait for it, exactly as they do on an in-process PGlite.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, ParserOptions, Transaction } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { createPglite } from './pglite-open.ts';
import type { PgliteReply, PgliteRequest, PgliteWorkerData, WireError } from './pglite-thread.ts';

const { dir, migrations } = workerData as PgliteWorkerData;
const port = parentPort!;
const { client: pglite, ready } = createPglite(dir ? { dataDir: dir } : {});

/** Types the caller parses itself from their text (pglite-thread.ts applies its parsers). */
const keepText = (value: string) => value;
const parsersByKey = new Map<string, ParserOptions>();
const parsersOf = (types: number[]): ParserOptions | undefined => {
  if (types.length === 0) return undefined;
  const key = types.join(',');
  let parsers = parsersByKey.get(key);
  if (!parsers) parsersByKey.set(key, (parsers = Object.fromEntries(types.map((t) => [t, keepText]))));
  return parsers;
};

/** Open transactions by the id of their BEGIN; `end` settles PGlite's transaction callback. */
const open = new Map<number, { tx: Transaction; end: (commit: boolean, replyId: number) => void }>();
const ROLLBACK = Symbol('rollback');

function wireError(err: unknown, depth = 0): WireError {
  if (!(err instanceof Error)) return { message: String(err), props: {} };
  const cause = err.cause !== undefined && depth < 4 ? wireError(err.cause, depth + 1) : undefined;
  // Only plain fields cross the thread (code, detail, constraint …); PGlite also attaches the query options, with functions.
  const props: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(err)) if (['string', 'number', 'boolean'].includes(typeof v)) props[k] = v as string;
  return { message: err.message, name: err.name, props, ...(cause ? { cause } : {}) };
}

const reply = (m: PgliteReply) => port.postMessage(m);

function target(tx: number | undefined): PGlite | Transaction {
  if (tx === undefined) return pglite;
  const entry = open.get(tx);
  if (!entry) throw new Error('the transaction has already ended');
  return entry.tx;
}

function begin(id: number): void {
  let endReply = -1;
  pglite
    .transaction(
      (tx) =>
        new Promise<void>((resolve, reject) => {
          open.set(id, { tx, end: (commit, replyId) => ((endReply = replyId), commit ? resolve() : reject(ROLLBACK)) });
          reply({ id, ok: true, value: id });
        }),
    )
    .then(
      () => reply({ id: endReply, ok: true, value: null }),
      (err: unknown) => {
        if (endReply < 0) reply({ id, ok: false, error: wireError(err) }); // BEGIN itself failed
        else reply(err === ROLLBACK ? { id: endReply, ok: true, value: null } : { id: endReply, ok: false, error: wireError(err) });
      },
    )
    .finally(() => open.delete(id));
}

async function handle(m: PgliteRequest): Promise<void> {
  try {
    switch (m.op) {
      case 'query': {
        const r = await target(m.tx).query(m.text, m.params, { rowMode: m.rowMode, parsers: parsersOf(m.textTypes) });
        reply({ id: m.id, ok: true, value: { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows } });
        return;
      }
      case 'exec': {
        const results = await target(m.tx).exec(m.text);
        reply({ id: m.id, ok: true, value: results.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows })) });
        return;
      }
      case 'begin':
        return begin(m.id);
      case 'end': {
        const entry = open.get(m.tx);
        if (!entry) throw new Error('the transaction has already ended');
        open.delete(m.tx);
        return entry.end(m.commit, m.id);
      }
      case 'close':
        await pglite.close();
        reply({ id: m.id, ok: true, value: null });
        return;
    }
  } catch (err) {
    reply({ id: m.id, ok: false, error: wireError(err) });
  }
}

port.on('message', (m: PgliteRequest) => void handle(m));

try {
  await ready();
  await migrate(drizzle(pglite), { migrationsFolder: migrations });
  reply({ id: 0, ok: true, value: 'ready' });
} catch (err) {
  reply({ id: 0, ok: false, error: wireError(err) });
}
