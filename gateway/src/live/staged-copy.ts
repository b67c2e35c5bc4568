/**
 * Bulk rows on a Postgres server through COPY: each table's rows are copied (text format) into a
 * temporary staging table of the connection, then moved with `INSERT … SELECT … ON CONFLICT DO
 * NOTHING` in the same transaction, so a batch written again (a redelivery after a crash between
 * write and ack) still stores each row once. COPY spares the driver the array parameters of
 * `unnest` (serialised value by value in JavaScript) and the server their parsing.
 *
 *   await stagedCopy(pool, [tableRows(rawFrameRows, rows), tableRows(positionRows, snapshots)]);
 *
 * PGlite has no COPY FROM STDIN over a socket: callers use bulkInsert there (see bulkWriter).
 */
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from '../db/client.ts';
import { bulkInsert, type BulkTarget, type BulkValue } from '../db/bulk-insert.ts';

export interface TableRows<Row> {
  target: BulkTarget<Row>;
  rows: readonly Row[];
}

/** One table's rows, typed together (a write takes the rows of several tables of different rows). */
export const tableRows = <Row>(target: BulkTarget<Row>, rows: readonly Row[]) => ({ target, rows }) as unknown as TableRows<unknown>;

const SPECIAL = /[\\\t\n\r]/;
const SPECIAL_ALL = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One value in COPY's text format. */
export function copyText(v: BulkValue): string {
  if (v === null) return '\\N';
  if (typeof v === 'string') return SPECIAL.test(v) ? v.replace(SPECIAL_ALL, (c) => ESCAPES[c]!) : v;
  if (typeof v === 'boolean') return v ? 't' : 'f';
  return String(v);
}

function copyLines<Row>(t: TableRows<Row>): string {
  const cols = t.target.columns;
  const lines = new Array<string>(t.rows.length);
  for (let r = 0; r < t.rows.length; r++) {
    const row = t.rows[r]!;
    let line = copyText(cols[0]!.value(row));
    for (let c = 1; c < cols.length; c++) line += '\t' + copyText(cols[c]!.value(row));
    lines[r] = line;
  }
  return lines.join('\n') + '\n';
}

const names = (t: BulkTarget<unknown>) => t.columns.map((c) => `"${c.name}"`).join(', ');
const stageOf = (t: BulkTarget<unknown>) => `"stage_${t.table}"`;

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

/** Writes the rows of every table in one transaction; a failure writes none of them. */
export async function stagedCopy(pool: pg.Pool, tables: readonly TableRows<unknown>[]): Promise<void> {
  const work = tables.filter((t) => t.rows.length > 0);
  if (work.length === 0) return;
  const client = await pool.connect();
  let broken = false;
  try {
    for (const t of work) await ensureStage(client, t.target);
    await client.query('BEGIN');
    for (const t of work) {
      await pipeline(Readable.from([copyLines(t)]), client.query(copyFrom(`COPY ${stageOf(t.target)} (${names(t.target)}) FROM STDIN`)));
    }
    for (const t of work) {
      // The conflict clause of the bulk target (ON CONFLICT … DO NOTHING) follows the closing parenthesis of unnest.
      await client.query(`INSERT INTO "${t.target.table}" (${names(t.target)}) SELECT ${names(t.target)} FROM ${stageOf(t.target)}${t.target.tail.slice(1)}`);
    }
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

export type BulkWriter = (tables: readonly TableRows<unknown>[]) => Promise<void>;

/**
 * How a persister writes bulk rows on this database: COPY through staging tables on a Postgres
 * server, one `unnest` statement per table on PGlite.
 */
export function bulkWriter(db: Db): BulkWriter {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) return (tables) => stagedCopy(client, tables);
  return async (tables) => {
    for (const t of tables) await bulkInsert(db, t.target, t.rows);
  };
}
