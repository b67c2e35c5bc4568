import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { openDatabase, queryRows, type Database } from './client.ts';
import { arrayQuery } from './array-query.ts';

const probe = pgTable('thread_probe', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  at: timestamp('at', { mode: 'string' }),
});
const CREATE = sql`CREATE TABLE thread_probe (id integer PRIMARY KEY, name text NOT NULL UNIQUE, at timestamp)`;

const ids = async (database: Database) => (await database.db.select({ id: probe.id }).from(probe).orderBy(probe.id)).map((r) => r.id);

/** The same behaviour on PGlite in this thread and in its own: the gateway cannot tell them apart. */
function behaviour(thread: boolean) {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ thread });
    await database.db.execute(CREATE);
  });
  afterAll(async () => database?.close());

  it('runs the query builder, raw SQL and array reads with the types drizzle expects', async () => {
    await database.db.insert(probe).values({ id: 1, name: 'a', at: '2026-01-02 03:04:05' });
    expect(await database.db.select().from(probe)).toEqual([{ id: 1, name: 'a', at: '2026-01-02 03:04:05' }]);
    // Raw SQL: timestamps stay text (drizzle's parsers), other types are the engine's.
    const [row] = await queryRows<{ at: unknown; n: unknown; big: unknown; ok: unknown }>(database.db, sql`SELECT at, 2::int AS n, 3::bigint AS big, true AS ok FROM thread_probe`);
    expect(row).toEqual({ at: '2026-01-02 03:04:05', n: 2, big: 3, ok: true });
    expect(await arrayQuery(database.db)('SELECT id, name, at FROM thread_probe WHERE id = $1', [1])).toEqual([[1, 'a', '2026-01-02 03:04:05']]);
  });

  it("gives the engine's errors with their SQLSTATE code and changes nothing", async () => {
    const failed = await database.db.insert(probe).values({ id: 2, name: 'a' }).catch((e: unknown) => e);
    const codeOf = (e: unknown): unknown => (e as { code?: unknown }).code ?? ((e as { cause?: unknown }).cause && codeOf((e as { cause: unknown }).cause));
    expect(codeOf(failed)).toBe('23505');
    expect(await ids(database)).toEqual([1]);
  });

  it('keeps a transaction atomic: a failure inside rolls every statement back', async () => {
    const failed = await database.db
      .transaction(async (tx) => {
        await tx.insert(probe).values({ id: 10, name: 'ten' });
        await tx.insert(probe).values({ id: 11, name: 'a' }); // duplicate name
      })
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(Error);
    expect(await ids(database)).toEqual([1]);
    await database.db.transaction(async (tx) => {
      await tx.insert(probe).values({ id: 12, name: 'twelve' });
      // A nested transaction is a savepoint: its rollback keeps the outer work.
      await tx.transaction(async (inner) => {
        await inner.insert(probe).values({ id: 13, name: 'thirteen' });
        inner.rollback();
      }).catch(() => {});
    });
    expect(await ids(database)).toEqual([1, 12]);
  });

  it('keeps a transaction isolated: a query from outside waits until it ends and never sees its rows', async () => {
    let outside: Promise<number[]> | undefined;
    await database.db
      .transaction(async (tx) => {
        await tx.insert(probe).values({ id: 20, name: 'twenty' });
        expect((await tx.select({ id: probe.id }).from(probe).orderBy(probe.id)).map((r) => r.id)).toEqual([1, 12, 20]);
        outside = ids(database);
        // Let the outside query reach the engine before the transaction ends.
        await new Promise((r) => setTimeout(r, 50));
        tx.rollback();
      })
      .catch(() => {});
    expect(await outside).toEqual([1, 12]);
    // Concurrent transactions run one after the other, each whole.
    await Promise.all([30, 40].map((base) => database.db.transaction(async (tx) => {
      await tx.insert(probe).values({ id: base, name: `n${base}` });
      const [{ n }] = (await queryRows<{ n: number }>(tx as never, sql`SELECT count(*)::int AS n FROM thread_probe WHERE id IN (30, 40)`)) as [{ n: number }];
      expect(n).toBe(1);
      await tx.delete(probe).where(sql`id = ${base}`);
    })));
    expect(await ids(database)).toEqual([1, 12]);
  });
}

describe('PGlite in its own thread', () => behaviour(true));
describe('PGlite in this thread', () => behaviour(false));

describe('PGlite in its own thread on a data directory', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wdiov-pglite-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps what was written across a close and a new start', async () => {
    const first = await openDatabase({ dir });
    expect(first.describe).toBe(`pglite:${dir} (own thread)`);
    await first.db.execute(CREATE);
    await first.db.insert(probe).values({ id: 7, name: 'kept' });
    await first.close();
    const second = await openDatabase({ dir });
    try {
      expect(await ids(second)).toEqual([7]);
    } finally {
      await second.close();
    }
  }, 180_000); // two starts of the engine with every migration
});
