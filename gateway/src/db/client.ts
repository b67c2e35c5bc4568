import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import { openPgliteThread } from './pglite-thread.ts';
import { createPglite } from './pglite-open.ts';

/** Either driver: both speak the same drizzle query builder over the same schema. */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, for the start-up log (no credentials). */
  describe: string;
  close(): Promise<void>;
}

const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));

export interface DatabaseOptions {
  /** A Postgres connection string; without it PGlite is used. */
  url?: string;
  /** PGlite data directory; omitted = in memory. */
  dir?: string;
  /** Postgres connections at most (10). */
  poolSize?: number;
  /**
   * PGlite in a worker thread (default), so its engine never holds up the thread serving HTTP,
   * ingest and sockets; false keeps it in this thread.
   */
  thread?: boolean;
  /** PGlite in memory (in this thread) starting from this data directory dump (PGlite.dumpDataDir), e.g. a migrated template. */
  loadDataDir?: Blob;
}

/** Opens the database and applies the committed migrations (the same files on both engines). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection the server drops (restart, failover) is discarded by the pool; without a
    // listener node-postgres would throw the event and stop the process. Queries in flight still
    // fail with their own error.
    pool.on('error', () => {});
    const db = drizzlePg(pool) as unknown as Db;
    await migratePg(db as never, { migrationsFolder: MIGRATIONS });
    const u = new URL(options.url);
    return { db, kind: 'postgres', describe: `postgres://${u.host}${u.pathname}`, close: () => pool.end() };
  }
  if (options.dir) mkdirSync(options.dir, { recursive: true });
  const describe = options.dir ? `pglite:${options.dir}` : 'pglite:memory';
  if (options.thread ?? !options.loadDataDir) {
    const client = await openPgliteThread({ dir: options.dir, migrations: MIGRATIONS });
    return { db: drizzlePglite(client as unknown as PGlite) as unknown as Db, kind: 'pglite', describe: `${describe} (own thread)`, close: () => client.close() };
  }
  const { client, ready } = createPglite(options.dir ? { dataDir: options.dir } : { loadDataDir: options.loadDataDir });
  await ready();
  const db = drizzlePglite(client) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS });
  return { db, kind: 'pglite', describe, close: () => client.close() };
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function queryRows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
