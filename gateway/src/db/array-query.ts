import type { PgliteQueryable } from './pglite-thread.ts';
import pg from 'pg';
import type { Db } from './client.ts';

/**
 * SQL text run with bound values straight on the driver under the drizzle database, rows as
 * arrays. Times, dates and intervals stay the driver's text, as drizzle's own drivers read them,
 * so a column's `mapFromDriverValue` turns them into the same values drizzle would. On Postgres a
 * name makes it a prepared statement (parsed once per connection).
 */
export type ArrayQuery = (text: string, values: unknown[], name?: string) => Promise<unknown[][]>;

const asText = (value: string) => value;
// timestamp, timestamptz, date, interval and their arrays, numeric[]: the ones drizzle keeps as text.
const TEXT_TYPES = new Set([1114, 1184, 1082, 1186, 1231, 1115, 1185, 1187, 1182]);

const pgTypes = {
  getTypeParser: (typeId: number, format?: 'text' | 'binary') =>
    TEXT_TYPES.has(typeId) ? asText : pg.types.getTypeParser(typeId, format as 'text'),
};
const pgliteParsers = Object.fromEntries([...TEXT_TYPES].map((t) => [t, asText]));

interface PgQueryable {
  query(config: { name?: string; text: string; values: unknown[]; rowMode: 'array'; types: typeof pgTypes }): Promise<{ rows: unknown[][] }>;
}

export function arrayQuery(db: Db): ArrayQuery {
  const client = (db as unknown as { $client: unknown }).$client;
  if (!(client instanceof pg.Pool)) {
    // PGlite, in this thread or its own.
    const pglite = client as PgliteQueryable;
    return async (text, values) => (await pglite.query<unknown[]>(text, values, { rowMode: 'array', parsers: pgliteParsers })).rows;
  }
  const pool = client as unknown as PgQueryable;
  return async (text, values, name) => (await pool.query({ name, text, values, rowMode: 'array', types: pgTypes })).rows;
}
