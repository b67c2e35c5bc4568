import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { queryRows, type Db } from '../db/client.ts';
import { dayOf, rollFrames, type Carry, type DayFigures, type Frame } from './day-figures.ts';
import { recountEvents } from './event-recount.ts';
import { markDirty, rebuildDirty, reconcileMembers } from './fleet-summary.ts';
import { numbered } from './numbered-sql.ts';
import { extendRunning, markRunningDirty, rebuildRunning } from './running-totals.ts';

/**
 * The periodic job that keeps wdiov_stats_daily up to date. Each run reads, per vehicle, only
 * the positions after its cursor (the index on tenant, vin, ts), and writes the figures and
 * the moved cursor in one transaction: a crash loses the run, a rerun or a restart counts
 * nothing twice. Positions younger than `settleMs` wait for the next run, so frames persisted
 * a little out of order are still counted in order; a reissued frame older than the cursor
 * when it arrives is not counted. Alarm and fault counts are recounted (set, not added) for the
 * days since the day before the previous run. Then the fleet summary (fleet-summary.ts) rebuilds the
 * days those writes touched, and the running totals (running-totals.ts) the vehicles they touched. A transaction-level advisory lock makes a second gateway skip the run
 * while one is at it.
 */

/** How often the gateway rolls up what arrived since the last run. */
export const ROLLUP_INTERVAL_MS = 60_000;
/** pg_advisory lock key of the job ("WSTA"). */
const LOCK_KEY = 0x57535441;
const EPOCH = new Date(0).toISOString();

export interface RollupOptions {
  utcOffsetMin: number;
  /** Positions younger than this wait for a later run. */
  settleMs?: number;
  /** Vehicles per transaction. */
  chunk?: number;
  /** Positions per vehicle per run at most (a backlog drains over several runs). */
  maxFramesPerVehicle?: number;
}

export interface RollupRun { skipped: boolean; vehicles: number; frames: number; dayRows: number }

const FIGURE_COLUMNS: [keyof DayFigures, string, 'int' | 'float8'][] = [
  ['frames', 'frames', 'int'], ['mileageKm', 'mileage_km', 'float8'], ['energyUsedKwh', 'energy_used_kwh', 'float8'],
  ['energyChargedKwh', 'energy_charged_kwh', 'float8'], ['drivingS', 'driving_s', 'float8'], ['chargingS', 'charging_s', 'float8'],
  ['onlineS', 'online_s', 'float8'], ['offlineS', 'offline_s', 'float8'], ['invalidCount', 'invalid_count', 'int'],
  ['abnormalCount', 'abnormal_count', 'int'], ['hopCount', 'hop_count', 'int'], ['hopKm', 'hop_km', 'float8'], ['resetCount', 'reset_count', 'int'],
];

const figureInsert = `INSERT INTO wdiov_stats_daily (tenant_id, vin, day, ${FIGURE_COLUMNS.map((c) => c[1]).join(', ')})
  SELECT * FROM unnest($1::varchar[], $2::varchar[], $3::date[], ${FIGURE_COLUMNS.map((c, i) => `$${i + 4}::${c[2]}[]`).join(', ')})
  ON CONFLICT (tenant_id, vin, day) DO UPDATE SET ${FIGURE_COLUMNS.map(([, n]) => `${n} = wdiov_stats_daily.${n} + excluded.${n}`).join(', ')}`;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function locked(tx: Tx): Promise<boolean> {
  const [row] = await queryRows<{ ok: boolean }>(tx as unknown as Db, sql`SELECT pg_try_advisory_xact_lock(${LOCK_KEY}) AS ok`);
  return row?.ok === true;
}

export class StatsRollup {
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  private readonly settleMs: number;
  private readonly chunk: number;
  private readonly maxFrames: number;

  constructor(private readonly db: Db, private readonly options: RollupOptions, private readonly logger?: Logger) {
    this.settleMs = options.settleMs ?? 120_000;
    this.chunk = options.chunk ?? 500;
    this.maxFrames = options.maxFramesPerVehicle ?? 20_000;
  }

  /** One pass over every vehicle, then the alarm and fault recount. */
  async runOnce(now = Date.now()): Promise<RollupRun> {
    const cutoff = new Date(now - this.settleMs).toISOString();
    const vehicles = await queryRows<{ tenant_id: string; vin: string }>(this.db,
      sql`SELECT tenant_id, vin FROM wdiov_vehicle WHERE is_deleted = 0 ORDER BY tenant_id, vin`);
    const run: RollupRun = { skipped: false, vehicles: vehicles.length, frames: 0, dayRows: 0 };
    for (let i = 0; i < vehicles.length; i += this.chunk) {
      const done = await this.db.transaction(async (tx) => (await locked(tx)) ? this.rollChunk(tx, vehicles.slice(i, i + this.chunk), cutoff, run) : false);
      if (!done) return { ...run, skipped: true };
    }
    const counted = await this.db.transaction(async (tx) => (await locked(tx)) ? (await recountEvents(tx as unknown as Db, cutoff, this.options.utcOffsetMin), true) : false);
    if (!counted) return { ...run, skipped: true };
    // The fleet summary follows: vehicles whose cell changed, then every day marked dirty.
    if (!(await this.db.transaction(async (tx) => (await locked(tx)) ? (await reconcileMembers(tx as unknown as Db), true) : false))) return { ...run, skipped: true };
    if (!(await this.drain(rebuildDirty))) return { ...run, skipped: true };
    // Then each vehicle's running totals, from the first day whose rollup row changed.
    const today = dayOf(now, this.options.utcOffsetMin);
    if (!(await this.db.transaction(async (tx) => (await locked(tx)) ? (await extendRunning(tx as unknown as Db, today), true) : false))) return { ...run, skipped: true };
    return (await this.drain(rebuildRunning)) ? run : { ...run, skipped: true };
  }

  /** Runs `step` (one transaction each, under the lock) until it has nothing left; false when another gateway holds the lock. */
  private async drain(step: (db: Db) => Promise<number>): Promise<boolean> {
    for (;;) {
      const done = await this.db.transaction(async (tx) => (await locked(tx)) ? step(tx as unknown as Db) : -1);
      if (done < 0) return false;
      if (done === 0) return true;
    }
  }

  private async rollChunk(tx: Tx, vehicles: { tenant_id: string; vin: string }[], cutoff: string, run: RollupRun): Promise<true> {
    const db = tx as unknown as Db;
    const tenants = vehicles.map((v) => v.tenant_id);
    const vins = vehicles.map((v) => v.vin);
    const cursors = new Map((await queryRows<Record<string, unknown>>(db, numbered(
      `SELECT c.tenant_id, c.vin, extract(epoch FROM c.ts)::float8 * 1000 AS ts, c.odometer_km,
         extract(epoch FROM c.odometer_ts)::float8 * 1000 AS odometer_ts, c.speed, c.voltage, c.current, c.state
       FROM wdiov_stats_cursor c JOIN unnest($1::varchar[], $2::varchar[]) AS v(tenant_id, vin) ON c.tenant_id = v.tenant_id AND c.vin = v.vin`,
      [tenants, vins]))).map((r) => [`${r.tenant_id}/${r.vin}`, carryOf(r)]));
    const after = vehicles.map((v) => (cursors.has(`${v.tenant_id}/${v.vin}`) ? new Date(cursors.get(`${v.tenant_id}/${v.vin}`)!.ts).toISOString() : EPOCH));
    const rows = await queryRows<Record<string, unknown>>(db, numbered(
      `SELECT v.tenant_id, v.vin, extract(epoch FROM p.ts)::float8 * 1000 AS ts, p.speed, p.soc, p.mileage, p.voltage, p.current, p.state
       FROM unnest($1::varchar[], $2::varchar[], $3::timestamptz[]) AS v(tenant_id, vin, after)
       CROSS JOIN LATERAL (SELECT ts, speed, soc, mileage, voltage, current, state FROM wdiov_position p
         WHERE p.tenant_id = v.tenant_id AND p.vin = v.vin AND p.ts > v.after AND p.ts <= $4::timestamptz ORDER BY p.ts LIMIT $5) p`,
      [tenants, vins, after, cutoff, this.maxFrames]));
    const byVehicle = new Map<string, Frame[]>();
    for (const r of rows) {
      const key = `${r.tenant_id}/${r.vin}`;
      let list = byVehicle.get(key);
      if (!list) byVehicle.set(key, (list = []));
      list.push(frameOf(r));
    }
    const out: { tenant: string; vin: string; day: string; f: DayFigures }[] = [];
    const moved: { tenant: string; vin: string; c: Carry }[] = [];
    for (const [key, frames] of byVehicle) {
      const [tenant, vin] = key.split('/') as [string, string];
      frames.sort((a, b) => a.ts - b.ts);
      const { days, carry } = rollFrames(cursors.get(key), frames, this.options.utcOffsetMin);
      for (const [day, f] of days) out.push({ tenant, vin, day, f });
      if (carry) moved.push({ tenant, vin, c: carry });
      run.frames += frames.length;
    }
    if (out.length > 0) {
      await db.execute(numbered(figureInsert, [out.map((o) => o.tenant), out.map((o) => o.vin), out.map((o) => o.day),
        ...FIGURE_COLUMNS.map(([k, , t]) => out.map((o) => (t === 'int' ? Math.round(o.f[k]) : o.f[k])))]));
      run.dayRows += out.length;
      await markDirty(db, out.map((o) => o.tenant), out.map((o) => o.day));
      await markRunningDirty(db, out.map((o) => o.tenant), out.map((o) => o.vin), out.map((o) => o.day));
    }
    if (moved.length > 0) await this.saveCursors(db, moved);
    return true;
  }

  private async saveCursors(db: Db, moved: { tenant: string; vin: string; c: Carry }[]) {
    const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
    await db.execute(numbered(
      `INSERT INTO wdiov_stats_cursor (tenant_id, vin, ts, odometer_km, odometer_ts, speed, voltage, current, state)
       SELECT * FROM unnest($1::varchar[], $2::varchar[], $3::timestamptz[], $4::float8[], $5::timestamptz[], $6::float8[], $7::float8[], $8::float8[], $9::int2[])
       ON CONFLICT (tenant_id, vin) DO UPDATE SET ts = excluded.ts, odometer_km = excluded.odometer_km, odometer_ts = excluded.odometer_ts,
         speed = excluded.speed, voltage = excluded.voltage, current = excluded.current, state = excluded.state`,
      [moved.map((m) => m.tenant), moved.map((m) => m.vin), moved.map((m) => iso(m.c.ts)), moved.map((m) => m.c.odometerKm),
        moved.map((m) => iso(m.c.odometerTs)), moved.map((m) => m.c.speed), moved.map((m) => m.c.voltage), moved.map((m) => m.c.current),
        moved.map((m) => m.c.state)]));
  }

  /** Runs now and then every `intervalMs` (never two runs at once in this process). */
  start(intervalMs: number): void {
    const tick = () => {
      this.running = this.runOnce()
        .then((r) => { if (r.frames > 0) this.logger?.debug(r, 'statistics rolled up'); })
        .catch((err) => this.logger?.error({ err }, 'statistics rollup failed'))
        .finally(() => { if (this.timer) this.timer = setTimeout(tick, intervalMs).unref(); });
    };
    this.timer = setTimeout(tick, 0).unref();
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function carryOf(r: Record<string, unknown>): Carry {
  return { ts: Number(r.ts), odometerKm: num(r.odometer_km), odometerTs: num(r.odometer_ts), speed: num(r.speed), voltage: num(r.voltage), current: num(r.current), state: num(r.state) };
}

function frameOf(r: Record<string, unknown>): Frame {
  return { ts: Number(r.ts), speed: num(r.speed), soc: num(r.soc), mileage: num(r.mileage), voltage: num(r.voltage), current: num(r.current), state: num(r.state) };
}
