/**
 * Many rows in one statement with one bound parameter per column: each column travels as one
 * array and `unnest` turns the arrays back into rows. Works the same on PGlite and Postgres 15,
 * and costs the driver a handful of parameters however many rows there are (the query builder
 * binds one parameter per value, which dominates the CPU of a bulk write).
 *
 *   const rawFrameRows = bulkTarget<Frame>('wdiov_raw_frame', [
 *     { name: 'id', type: 'bigint', value: (f) => f.id }, …
 *   ], { conflict: ['id'] });
 *   await bulkInsert(db, rawFrameRows, frames);
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.ts';
import { isoTime } from '../lib/iso-time.ts';

/** A column's value; bytes (Uint8Array) go into a bytea column only, a bigint into an integer column. */
export type BulkValue = string | number | bigint | boolean | Uint8Array | null;

export interface BulkColumn<Row> {
  /** Column name in the table. */
  name: string;
  /**
   * SQL type of one value, exactly the column's: 'bigint', 'text', 'varchar', 'integer', 'int2',
   * 'float8', 'timestamptz' (epoch milliseconds or ISO text) … COPY's binary format depends on it.
   */
  type: string;
  value: (row: Row) => BulkValue;
}

export interface BulkTarget<Row> {
  readonly table: string;
  readonly columns: readonly BulkColumn<Row>[];
  /** The fixed SQL text around the arrays, built once. */
  readonly head: string;
  readonly tail: string;
}

const IDENT = /^[a-z_][a-z0-9_]*$/;
const TIME = /^timestamp(tz| with time zone)$/;
const TYPE = /^[a-z][a-z0-9_ ]*(\(\d+(,\d+)?\))?$/;
const ident = (s: string) => {
  if (!IDENT.test(s)) throw new Error(`not a plain SQL name: ${s}`);
  return `"${s}"`;
};

/**
 * Describes a table's bulk insert once. `conflict`: the unique columns whose clash means "this row
 * is already written" (ON CONFLICT DO NOTHING), so a batch that is written again stores nothing twice.
 */
export function bulkTarget<Row>(table: string, columns: readonly BulkColumn<Row>[], opts: { conflict?: readonly string[] } = {}): BulkTarget<Row> {
  if (columns.length === 0) throw new Error('bulkTarget needs at least one column');
  for (const c of columns) if (!TYPE.test(c.type)) throw new Error(`not a plain SQL type: ${c.type}`);
  const names = columns.map((c) => ident(c.name)).join(', ');
  const head = `INSERT INTO ${ident(table)} (${names}) SELECT * FROM unnest(`;
  const conflict = opts.conflict?.length ? ` ON CONFLICT (${opts.conflict.map(ident).join(', ')}) DO NOTHING` : '';
  return { table, columns, head, tail: `)${conflict}` };
}

/** The statement for rows (exposed for tests and EXPLAIN); one array parameter per column. */
export function bulkStatement<Row>(target: BulkTarget<Row>, rows: readonly Row[]): SQL {
  const parts: SQL[] = [sql.raw(target.head)];
  target.columns.forEach((c, i) => {
    const values = new Array<BulkValue>(rows.length);
    const time = TIME.test(c.type);
    // Both drivers send bytes in an array as bytea; any other column refuses them (as COPY does).
    const bytes = c.type === 'bytea';
    for (let r = 0; r < rows.length; r++) {
      const v = c.value(rows[r]!);
      if (v instanceof Uint8Array && !bytes) throw new TypeError(`bulk insert: bytes go into a bytea column, not ${c.name}`);
      // The drivers take 64-bit integers in arrays as text.
      values[r] = time && typeof v === 'number' ? isoTime(v) : typeof v === 'bigint' ? v.toString() : v;
    }
    if (i > 0) parts.push(sql.raw(', '));
    parts.push(sql`${sql.param(values)}`, sql.raw(`::${c.type}[]`));
  });
  parts.push(sql.raw(target.tail));
  return sql.join(parts);
}

/** Inserts rows in one statement; resolves to the number of rows stored (conflicting rows are not counted). */
export async function bulkInsert<Row>(db: Db, target: BulkTarget<Row>, rows: readonly Row[]): Promise<number> {
  if (rows.length === 0) return 0;
  const result = (await db.execute(bulkStatement(target, rows))) as unknown as { rowCount?: number | null; affectedRows?: number };
  return result.rowCount ?? result.affectedRows ?? 0;
}
