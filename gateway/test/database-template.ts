import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client.ts';
import { testEnv } from '../src/env.ts';
import { createLogger } from '../src/lib/logger.ts';
import { buildGateway } from '../src/build-app.ts';
import { prepareData } from '../src/seed/seed.ts';

/**
 * The database every test gateway starts from: migrated and given its first-start data
 * (prepareData) once per run, then copied per test file. Migrating and seeding (regions,
 * menus, dictionaries) took most of a gateway test file's start-up; a copy is the same rows.
 *
 * test/global-setup.ts builds it before the first file starts (in a test's hook it would count
 * against the hook timeout of whichever file came first), as a PGlite data directory dump, and
 * as a template database on TEST_DATABASE_URL's server when that is set. Outside vitest (a
 * script starting a test gateway) each database is built from scratch.
 */
export interface TemplateLocation {
  dir: string;
  /** Name of the template database on TEST_DATABASE_URL's server. */
  pgName: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: TemplateLocation;
  }
}

async function location(): Promise<TemplateLocation | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  try {
    // Undefined in a vitest project without this package's global setup (the system suite's).
    return inject('databaseTemplate') ?? undefined;
  } catch {
    return undefined;
  }
}

/** Migrates and seeds a database the way a gateway's first start does. */
async function seedInto(database: Database, dataDir: string): Promise<void> {
  const gateway = buildGateway({ env: testEnv(), database, logger: createLogger('silent'), jwtSecret: randomBytes(32).toString('hex'), dataDir });
  await prepareData(database.db, gateway.repos);
  await gateway.logs.close();
}

/** Builds the run's templates into `at` (test/global-setup.ts). */
export async function buildTemplates(at: TemplateLocation, serverUrl: string | undefined): Promise<void> {
  if (!serverUrl) {
    // In this thread: the dump is read from the PGlite instance itself.
    const database = await openDatabase({ thread: false });
    await seedInto(database, at.dir);
    const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
    await database.close();
    writeFileSync(join(at.dir, 'pglite.tar'), new Uint8Array(await dump.arrayBuffer()));
    return;
  }
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${at.pgName}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${at.pgName}`;
  const copy = await openDatabase({ url: url.toString(), poolSize: 1 });
  await seedInto(copy, at.dir);
  // A template must have no open connections while it is copied.
  await copy.close();
}

/** A PGlite in memory holding the template's rows; undefined outside a vitest run. */
export async function pgliteFromTemplate(): Promise<Database | undefined> {
  const at = await location();
  if (!at) return undefined;
  return openDatabase({ loadDataDir: new Blob([readFileSync(join(at.dir, 'pglite.tar'))]) });
}

/**
 * Creates database `name` on the server as a copy of the template; false outside a vitest run.
 * `admin` is a connection to the server's maintenance database.
 */
export async function createFromTemplate(admin: pg.Client, name: string): Promise<boolean> {
  const at = await location();
  if (!at) return false;
  // Two copies at once: Postgres refuses the second while the first still reads the template.
  for (let attempt = 0; ; attempt += 1) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${at.pgName}`);
      return true;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt > 100) throw error;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
    }
  }
}
