/**
 * Bulk rows on a Postgres server through COPY, written once however often a message is delivered.
 * Each stream message's rows come with the message's key; one transaction records the keys in
 * wdiov_persisted_batch and copies the rows of the messages whose keys were new straight into
 * their tables. A message delivered again (a crash between write and ack, a publish repeated
 * after a lost answer) finds its key and is skipped whole. COPY's binary format (copy-binary.ts)
 * spares the driver the array parameters of `unnest` and both sides formatting and parsing text.
 *
 * A row can still clash with one stored before or beside it (a terminal sending the same snapshot
 * twice). Then the write is done again the slower way: each table's rows copied into a temporary
 * staging table and moved with `INSERT … SELECT … ON CONFLICT DO NOTHING`.
 *
 *   await copyWrite(pool, [{ key, tables: [tableRows(rawFrameRows, rows), tableRows(positionRows, snapshots)] }]);
 *
 * PGlite has no COPY FROM STDIN over a socket: bulkWriter uses bulkInsert there (row conflicts skipped).
 */
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from '../db/client.ts';
import { bulkInsert, type BulkTarget } from '../db/bulk-insert.ts';
import { copyBinary } from '../db/copy-binary.ts';

export interface TableRows<Row> {
  target: BulkTarget<Row>;
  rows: readonly Row[];
}

/** One table's rows, typed together (a write takes the rows of several tables of different rows). */
export const tableRows = <Row>(target: BulkTarget<Row>, rows: readonly Row[]) => ({ target, rows }) as unknown as TableRows<unknown>;

/** The rows of one stream message and its key (a bigint id unique to the message). */
export interface KeyedRows {
  key: string;
  tables: readonly TableRows<unknown>[];
}

const names = (t: BulkTarget<unknown>) => t.columns.map((c) => `"${c.name}"`).join(', ');
const stageOf = (t: BulkTarget<unknown>) => `"stage_${t.table}"`;
const copyInto = (client: pg.PoolClient, table: string, t: TableRows<unknown>) =>
  pipeline(Readable.from([copyBinary(t.target, t.rows)]), client.query(copyFrom(`COPY ${table} (${names(t.target)}) FROM STDIN (FORMAT binary)`)));

/** Connections that already hold their staging tables (temporary tables live as long as the connection). */
const staged = new WeakMap<pg.PoolClient, Set<string>>();

async function ensureStage(client: pg.PoolClient, t: BulkTarget<unknown>): Promise<void> {
  let tables = staged.get(client);
  if (!tables) staged.set(client, (tables = new Set()));
  if (tables.has(t.table)) return;
  // The target's columns only, their types and no constraints; emptied at every commit.
  await client.query(`CREATE TEMP TABLE IF NOT EXISTS ${stageOf(t)} ON COMMIT DELETE ROWS AS SELECT ${names(t)} FROM "${t.table}" WITH NO DATA`);
  tables.add(t.table);
}

/** Each table's rows over the given messages, in message order. */
function byTable(parts: readonly KeyedRows[]): TableRows<unknown>[] {
  const out = new Map<BulkTarget<unknown>, unknown[]>();
  for (const p of parts) {
    for (const t of p.tables) {
      if (t.rows.length === 0) continue;
      const rows = out.get(t.target) ?? [];
      if (rows.length === 0) out.set(t.target, rows);
      for (const r of t.rows) rows.push(r);
    }
  }
  return [...out].map(([target, rows]) => ({ target, rows }));
}

type How = 'direct' | 'staged';

async function writeParts(client: pg.PoolClient, parts: readonly KeyedRows[], how: How): Promise<void> {
  const { rows } = await client.query<{ id: string }>(
    'INSERT INTO wdiov_persisted_batch (id) SELECT unnest($1::bigint[]) ON CONFLICT DO NOTHING RETURNING id::text AS id',
    [parts.map((p) => p.key)],
  );
  const fresh = new Set(rows.map((r) => r.id));
  // delete(): a message present twice in one write (published twice, both copies fetched together) is written once.
  const tables = byTable(parts.filter((p) => fresh.delete(p.key)));
  if (how === 'direct') {
    for (const t of tables) await copyInto(client, `"${t.target.table}"`, t);
    return;
  }
  for (const t of tables) await copyInto(client, stageOf(t.target), t);
  for (const t of tables) {
    // The conflict clause of the bulk target (ON CONFLICT … DO NOTHING) follows the closing parenthesis of unnest.
    await client.query(`INSERT INTO "${t.target.table}" (${names(t.target)}) SELECT ${names(t.target)} FROM ${stageOf(t.target)}${t.target.tail.slice(1)}`);
  }
}

async function inTransaction(pool: pg.Pool, parts: readonly KeyedRows[], how: How): Promise<void> {
  const client = await pool.connect();
  let broken = false;
  try {
    if (how === 'staged') for (const t of byTable(parts)) await ensureStage(client, t.target);
    await client.query('BEGIN');
    await writeParts(client, parts, how);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {
      broken = true;
    });
    throw err;
  } finally {
    client.release(broken);
  }
}

const UNIQUE_VIOLATION = '23505';

/** Writes the rows of every message not written before, in one transaction; a failure writes none of them. */
export async function copyWrite(pool: pg.Pool, parts: readonly KeyedRows[]): Promise<void> {
  if (parts.length === 0) return;
  try {
    await inTransaction(pool, parts, 'direct');
  } catch (err) {
    if ((err as { code?: string }).code !== UNIQUE_VIOLATION) throw err;
    await inTransaction(pool, parts, 'staged');
  }
}

export type BulkWriter = (parts: readonly KeyedRows[]) => Promise<void>;

/**
 * How a persister writes bulk rows on this database: COPY with message keys on a Postgres
 * server, one `unnest` statement per table on PGlite (rows already stored skipped one by one).
 */
export function bulkWriter(db: Db): BulkWriter {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) return (parts) => copyWrite(client, parts);
  return async (parts) => {
    for (const t of byTable(parts)) await bulkInsert(db, t.target, t.rows);
  };
}

/** Keys older than this are deleted: a message comes back within minutes (ack wait, redelivery backoff), never a day later. */
export const KEY_RETENTION_MS = 24 * 3600_000;

/** Deletes message keys past their retention; answers how many went. */
export async function pruneKeys(db: Db, now = Date.now()): Promise<number> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (!(client instanceof pg.Pool)) return 0;
  const r = await client.query('DELETE FROM wdiov_persisted_batch WHERE written_at < $1', [new Date(now - KEY_RETENTION_MS)]);
  return r.rowCount ?? 0;
}
