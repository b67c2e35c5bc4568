import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from './client.ts';
import { bulkInsert, bulkStatement, bulkTarget } from './bulk-insert.ts';

interface Row { id: string; name: string | null; n: number; at: string; x: number | null }

// A temporary table: it lives on the one connection of each database below.
const target = bulkTarget<Row>('bulk_probe', [
  { name: 'id', type: 'bigint', value: (r) => r.id },
  { name: 'name', type: 'text', value: (r) => r.name },
  { name: 'n', type: 'integer', value: (r) => r.n },
  { name: 'at', type: 'timestamptz', value: (r) => r.at },
  { name: 'x', type: 'double precision', value: (r) => r.x },
], { conflict: ['id'] });

const rows: Row[] = Array.from({ length: 5000 }, (_, i) => ({
  id: String(9_000_000_000_000 + i),
  name: i % 7 === 0 ? null : `车辆 "${i}", {a,b} \\ '${i}'`,
  n: i,
  at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
  x: i % 5 === 0 ? null : i / 3,
}));

const rowsOf = async (db: Db) => ((await db.execute(sql`SELECT id::text AS id, name, n, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, x FROM bulk_probe ORDER BY id`)) as unknown as { rows: Row[] }).rows;

function behaviour(open: () => Promise<{ db: Db; close: () => Promise<void> }>) {
  let handle: { db: Db; close: () => Promise<void> } | undefined;
  const db = async () => {
    if (!handle) {
      handle = await open();
      await handle.db.execute(sql`CREATE TEMP TABLE bulk_probe (id bigint PRIMARY KEY, name text, n integer NOT NULL, at timestamptz NOT NULL, x double precision)`);
    }
    return handle.db;
  };
  afterAll(async () => handle?.close());

  it('stores every row with its values (nulls, quotes, braces, backslashes, unicode) in one statement', async () => {
    const d = await db();
    expect(await bulkInsert(d, target, rows)).toBe(rows.length);
    expect(await rowsOf(d)).toEqual(rows);
  });

  it('stores nothing twice when the same rows come again, and only the new ones of a mixed batch', async () => {
    const d = await db();
    expect(await bulkInsert(d, target, rows.slice(0, 100))).toBe(0);
    const fresh = { ...rows[0]!, id: '9100000000000000' };
    expect(await bulkInsert(d, target, [rows[1]!, fresh])).toBe(1);
    expect((await rowsOf(d)).length).toBe(rows.length + 1);
    expect(await bulkInsert(d, target, [])).toBe(0);
  });
}

describe('bulkInsert on PGlite', () => {
  behaviour(async () => {
    const client = new PGlite();
    return { db: drizzlePglite(client) as unknown as Db, close: () => client.close() };
  });
});

const url = process.env.TEST_DATABASE_URL;
// The PGlite run of the suite leaves TEST_DATABASE_URL empty; the Postgres run (required under CI
// by scripts/test-all.mjs) sets it, and this block runs there.
if (!url) console.warn('bulkInsert on Postgres skipped here: TEST_DATABASE_URL is not set (the Postgres run of the suite covers it)');
describe.skipIf(!url)('bulkInsert on Postgres', () => {
  behaviour(async () => {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    return { db: drizzlePg(pool) as unknown as Db, close: () => pool.end() };
  });
});

describe('bulkStatement', () => {
  it('binds one parameter per column, however many rows', () => {
    const q = bulkStatement(target, rows);
    const { sql: text, params } = new PgDialect().sqlToQuery(q);
    expect(params.length).toBe(5);
    expect(text).toMatch(/^INSERT INTO "bulk_probe" .* SELECT \* FROM unnest\(\$1::bigint\[\], .* ON CONFLICT \("id"\) DO NOTHING$/);
  });

  it('refuses names and types that are not plain SQL words', () => {
    expect(() => bulkTarget('t; drop', [{ name: 'id', type: 'bigint', value: () => 1 }])).toThrow();
    expect(() => bulkTarget('t', [{ name: 'id', type: 'bigint); drop', value: () => 1 }])).toThrow();
  });
});
