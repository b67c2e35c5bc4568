import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
/** Helpers shared by the benchmarks: percentiles and the one-JSON-line-per-figure output. */
/** Epoch milliseconds with sub-millisecond precision: the same clock as the gateway's Date.now() stamps. */
export const epochNow = () => performance.timeOrigin + performance.now();

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

type BenchDatabase = Awaited<ReturnType<typeof benchDatabase>>;

/**
 * Runs `measure` on PGlite, then on Postgres when BENCH_DATABASE_URL / TEST_DATABASE_URL names
 * one (saying so when it does not), each on a database of its own; exits 1 on a failure.
 */
export function onEachDatabase(bench: string, measure: (label: string, database: BenchDatabase['database']) => Promise<void>): void {
  const run = async () => {
    const kinds = ['pglite', ...(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ? ['postgres' as const] : [])] as const;
    if (kinds.length === 1) console.error(`${bench} bench: no BENCH_DATABASE_URL/TEST_DATABASE_URL, Postgres skipped`);
    for (const kind of kinds) {
      const { database, label, dispose } = await benchDatabase(kind);
      try {
        await measure(label, database);
      } finally {
        await dispose();
      }
    }
  };
  run().catch((err) => {
    console.error(err);
    process.exit(1);
  });
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

/**
 * CPU seconds so far of the parts that share the machine's cores during a benchmark, read from
 * /proc (Linux; empty elsewhere): this process's main thread, its other threads (worker threads,
 * GC and libuv helpers), the Postgres server (its background processes and the backends of
 * `database`, not those of other databases), and the given child processes by name.
 */
export function cpuSplit(database: string | undefined, children: Record<string, number> = {}): Record<string, number> {
  if (!existsSync('/proc/self/stat')) return {};
  const tick = 100; // USER_HZ on Linux
  const seconds = (statPath: string): [string, number] => {
    const s = readFileSync(statPath, 'utf8');
    const fields = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return [s.slice(s.indexOf('(') + 1, s.lastIndexOf(')')), (Number(fields[11]) + Number(fields[12])) / tick];
  };
  const out: Record<string, number> = {};
  const whole = seconds('/proc/self/stat')[1];
  out['main thread'] = seconds(`/proc/self/task/${process.pid}/stat`)[1];
  out['other threads'] = whole - out['main thread'];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const [comm, s] = seconds(`/proc/${pid}/stat`);
      if (!comm.startsWith('postgres')) continue;
      // Backends are titled "postgres: user database host(port) …", background processes "postgres: 15/main: walwriter".
      const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!/\(\d+\)/.test(title) || (database !== undefined && title.includes(` ${database} `))) out[`postgres:${pid}`] = s;
    } catch {
      // gone between the listing and the read
    }
  }
  for (const [name, pid] of Object.entries(children)) {
    try {
      out[name] = seconds(`/proc/${pid}/stat`)[1];
    } catch {
      out[name] = 0;
    }
  }
  return out;
}

/**
 * The CPU each part used between two cpuSplit readings, per unit of work, as "part N µs, …"
 * (Postgres processes summed; one started in between counts from zero, one ended in between is lost).
 */
export function cpuSplitText(before: Record<string, number>, after: Record<string, number>, units: number): string {
  const used = new Map<string, number>();
  for (const [k, v] of Object.entries(after)) {
    const part = k.split(':')[0]!;
    used.set(part, (used.get(part) ?? 0) + v - (before[k] ?? 0));
  }
  return [...used].map(([part, s]) => `${part} ${((s * 1e6) / units).toFixed(1)} µs`).join(', ');
}

/** A V8 CPU profile of this thread from now until the returned stop, written to `file` (none without one). */
export async function cpuProfile(file: string | undefined): Promise<() => Promise<void>> {
  if (!file) return async () => {};
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}
