/** Helpers shared by the benchmarks: percentiles and the one-JSON-line-per-figure output. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export interface Figure {
  name: string;
  unit: string;
  value: number;
  /** The limit measured in the same run, when the figure is read as a ratio to it. */
  limit?: number;
  limitName?: string;
  note?: string;
}

export function report(f: Figure): void {
  const out = { ...f, value: Math.round(f.value * 100) / 100, ...(f.limit !== undefined ? { limit: Math.round(f.limit * 100) / 100, ratio: Math.round((f.value / f.limit) * 1000) / 1000 } : {}) };
  console.log(JSON.stringify(out));
}

export async function timeIt(fn: () => Promise<unknown>, runs: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out.sort((a, b) => a - b);
}

/**
 * A fresh database for a benchmark: a new database on the Postgres server of
 * BENCH_DATABASE_URL / TEST_DATABASE_URL when one is set, else PGlite in memory (in its own thread).
 */
export async function benchDatabase(kind: 'pglite' | 'postgres' = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite') {
  const { openDatabase } = await import('../src/db/client.ts');
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (kind === 'pglite' || !url) {
    // BENCH_PGLITE_THREAD=off: PGlite on the bench's main thread (as PGLITE_THREAD=off).
    const database = await openDatabase({ thread: process.env.BENCH_PGLITE_THREAD !== 'off' });
    return { database, label: 'pglite', url: undefined as string | undefined, dispose: () => database.close() };
  }
  const pg = (await import('pg')).default;
  const { randomBytes } = await import('node:crypto');
  const name = `wdiov_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ url: u.toString() });
  return {
    database,
    label: 'postgres',
    url: u.toString() as string | undefined,
    dispose: async () => {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * Registers the simulated fleet's vehicles beyond the demo seed's 200 (the live client's fleet is
 * `demoFleet(DEMO_FLEET.seed, vehicles)`), so every one of them can log in.
 */
export async function registerFleet(db: import('../src/db/client.ts').Db, vehicles: number): Promise<void> {
  const { demoFleet, DEMO_FLEET } = await import('@wdiov/contracts/simulation/index');
  const { sql } = await import('drizzle-orm');
  const extra = demoFleet(DEMO_FLEET.seed, vehicles).slice(200);
  for (let i = 0; i < extra.length; i += 1000) {
    const rows = extra.slice(i, i + 1000).map((v) => `(${3_000_000_000_000 + v.index}, '000000', '${v.vin}', '${v.plate}', 1, 0, now(), now())`).join(',');
    await db.execute(sql.raw(`INSERT INTO wdiov_vehicle (id, tenant_id, vin, plate_number, status, is_deleted, create_time, update_time) VALUES ${rows}`));
  }
}
