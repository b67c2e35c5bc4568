import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import { SUMMED } from './fleet-summary.ts';
import { numbered } from './numbered-sql.ts';
import type { DayRange } from './stats-range.ts';

/**
 * Upkeep and reads of wdiov_stats_running (each vehicle's rollup rows summed up to each day, one
 * row per day from its first rollup row to the job's last day, `end`):
 * - every write to wdiov_stats_daily marks its vehicle stale from that day, in the same transaction;
 * - the rollup job, inside its lock, first carries every vehicle's row of `end` to each day up to
 *   its own day (the new `end`), then rebuilds the stale vehicles' rows from their stale day to
 *   `end` (their total before it plus a running sum of the rollup rows): set, never added;
 * - the first run after the table appears marks every vehicle with rollup rows stale from its
 *   first day (job row `running`, whose time holds `end`);
 * - a tenant's running totals answer only when that is done and none of its vehicles is stale:
 *   the calls read wdiov_stats_daily otherwise.
 */

/** Vehicles rebuilt per transaction. */
const REBUILD_VEHICLES = 2_000;
const JOB = 'running';
/** `end` is kept as the UTC midnight starting it. */
const END = sql.raw(`to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`);

/** Marks vehicles stale from a day on (triples, duplicates allowed: the earliest day wins). */
export async function markRunningDirty(db: Db, tenants: string[], vins: string[], days: string[]): Promise<void> {
  if (tenants.length === 0) return;
  await db.execute(numbered(`INSERT INTO wdiov_stats_running_dirty (tenant_id, vin, day)
    SELECT t, v, min(d) FROM unnest($1::varchar[], $2::varchar[], $3::date[]) AS x(t, v, d) GROUP BY t, v
    ON CONFLICT (tenant_id, vin) DO UPDATE SET day = least(wdiov_stats_running_dirty.day, excluded.day)`, [tenants, vins, days]));
}

async function endOf(db: Db): Promise<string | undefined> {
  const [r] = await queryRows<{ end: string }>(db, sql`SELECT ${END} AS end FROM wdiov_stats_job WHERE name = ${JOB}`);
  return r?.end;
}

/**
 * Brings `end` to `today` (the job's day in the console's zone): the first time, every vehicle
 * with rollup rows is marked stale from its first day; after that, each vehicle's row of the old
 * `end` is repeated on every day after it up to `today`.
 */
export async function extendRunning(db: Db, today: string): Promise<void> {
  const end = await endOf(db);
  if (end === undefined) {
    await db.execute(sql`INSERT INTO wdiov_stats_running_dirty (tenant_id, vin, day)
      SELECT tenant_id, vin, min(day) FROM wdiov_stats_daily GROUP BY tenant_id, vin
      ON CONFLICT (tenant_id, vin) DO UPDATE SET day = least(wdiov_stats_running_dirty.day, excluded.day)`);
  } else if (end < today) {
    await db.execute(sql`INSERT INTO wdiov_stats_running (tenant_id, vin, day, online_days, ${sql.raw(SUMMED.join(', '))})
      SELECT r.tenant_id, r.vin, g.day::date, r.online_days, ${sql.raw(SUMMED.map((c) => `r.${c}`).join(', '))}
      FROM wdiov_stats_running r CROSS JOIN generate_series(${end}::date + 1, ${today}::date, interval '1 day') AS g(day)
      WHERE r.day = ${end}::date ON CONFLICT DO NOTHING`);
  } else return;
  await db.execute(sql`INSERT INTO wdiov_stats_job (name, at) VALUES (${JOB}, ${today}::timestamp AT TIME ZONE 'UTC')
    ON CONFLICT (name) DO UPDATE SET at = excluded.at`);
}

/** Rebuilds the running totals of up to REBUILD_VEHICLES stale vehicles, from their stale day to `end`; answers how many. */
export async function rebuildRunning(db: Db): Promise<number> {
  const end = await endOf(db);
  if (end === undefined) return 0;
  // Marks past `end` (a day another gateway's clock reached first) wait for the run that carries the totals there.
  const stale = await queryRows<{ tenant_id: string; vin: string; day: string }>(db, sql`SELECT tenant_id, vin, to_char(day, 'YYYY-MM-DD') AS day
    FROM wdiov_stats_running_dirty WHERE day <= ${end}::date ORDER BY tenant_id, vin LIMIT ${sql.raw(String(REBUILD_VEHICLES))}`);
  if (stale.length === 0) return 0;
  const picked = 'unnest($1::varchar[], $2::varchar[], $3::date[]) AS p(tenant_id, vin, day)';
  const of = (some: typeof stale) => [some.map((s) => s.tenant_id), some.map((s) => s.vin), some.map((s) => s.day), end];
  // Most runs only add to today's rows of the vehicles that reported: those are stale on `end` alone, one row each.
  const onEnd = stale.filter((s) => s.day === end);
  const earlier = stale.filter((s) => s.day !== end);
  if (onEnd.length > 0) await db.execute(numbered(writeLastDay(picked), of(onEnd)));
  if (earlier.length > 0) {
    // The planner takes each vehicle's series for a thousand days and compiles the statement (a second, more
    // than a rebuild of a few days takes); compiled or not, the rows are the same.
    await db.execute(sql`SET LOCAL jit = off`);
    await db.execute(numbered(`DELETE FROM wdiov_stats_running r USING ${picked}
      WHERE r.tenant_id = p.tenant_id AND r.vin = p.vin AND r.day >= p.day`, of(earlier)));
    await db.execute(numbered(`INSERT INTO wdiov_stats_running (tenant_id, vin, day, online_days, ${SUMMED.join(', ')})
      SELECT p.tenant_id, p.vin, x.day, coalesce(b.online_days, 0) + count(*) FILTER (WHERE x.online_s > 0) OVER w,
        ${SUMMED.map((c) => `coalesce(b.${c}, 0) + sum(coalesce(x.${c}, 0)) OVER w`).join(', ')}
      FROM ${picked}
        -- Every day from the stale one to the last, beside the vehicle's own rows read by its key (OFFSET 0: once per vehicle).
        CROSS JOIN LATERAL (SELECT g.day::date AS day, ${SUMMED.map((c) => `d.${c}`).join(', ')} FROM generate_series(p.day, $4::date, interval '1 day') AS g(day)
          LEFT JOIN (SELECT * FROM wdiov_stats_daily d WHERE d.tenant_id = p.tenant_id AND d.vin = p.vin AND d.day >= p.day OFFSET 0) d ON d.day = g.day::date) x
        ${BEFORE}
      WINDOW w AS (PARTITION BY p.tenant_id, p.vin ORDER BY x.day)
      -- A day's rows side by side: the reads take one or two days of every vehicle.
      ORDER BY x.day`, of(earlier)));
  }
  await db.execute(numbered(`DELETE FROM wdiov_stats_running_dirty y USING ${picked}
    WHERE y.tenant_id = p.tenant_id AND y.vin = p.vin`, of(stale)));
  return stale.length;
}

/** Each picked vehicle's running row before its stale day (`b`; none: it starts there). */
const BEFORE = `LEFT JOIN LATERAL (SELECT * FROM wdiov_stats_running r WHERE r.tenant_id = p.tenant_id AND r.vin = p.vin AND r.day < p.day
    ORDER BY r.day DESC LIMIT 1) b ON true`;

/**
 * The picked vehicles' rows of their stale day, the last one: the row before plus that day's rollup row,
 * written over the old one; the same figures as the rebuild from that day, without its series of days
 * (whose estimated thousand rows per vehicle made the planner compile the statement, most of a run's time).
 */
const writeLastDay = (picked: string) => `INSERT INTO wdiov_stats_running (tenant_id, vin, day, online_days, ${SUMMED.join(', ')})
  SELECT p.tenant_id, p.vin, p.day, coalesce(b.online_days, 0) + (coalesce(d.online_s, 0) > 0)::int,
    ${SUMMED.map((c) => `coalesce(b.${c}, 0) + coalesce(d.${c}, 0)`).join(', ')}
  FROM ${picked} LEFT JOIN wdiov_stats_daily d ON d.tenant_id = p.tenant_id AND d.vin = p.vin AND d.day = p.day
    ${BEFORE}
  ON CONFLICT (tenant_id, vin, day) DO UPDATE SET online_days = excluded.online_days, ${SUMMED.map((c) => `${c} = excluded.${c}`).join(', ')}`;

/** The running totals' last day when they answer for this tenant (carried, and no vehicle of it stale); undefined otherwise. */
export async function runningEnd(db: Db, tenantId: string): Promise<string | undefined> {
  const [r] = await queryRows<{ end: string }>(db, sql`SELECT ${END} AS end FROM wdiov_stats_job
    WHERE name = ${JOB} AND NOT EXISTS (SELECT 1 FROM wdiov_stats_running_dirty WHERE tenant_id = ${tenantId})`);
  return r?.end;
}

/**
 * Float columns are compared rounded: a difference of two running sums carries float noise, which
 * must not reorder ties. Rounded in float8 (to a whole millionth, the nearest double to it): a cast
 * to numeric formats the number as text first, the most of the page's cost over 10,000 vehicles.
 */
const FLOAT = new Set(['mileage_km', 'energy_used_kwh', 'energy_charged_kwh', 'driving_s', 'charging_s', 'online_s', 'offline_s', 'hop_km']);
/** The per-vehicle sums' aliases (stats-queries.ts SUMS) from the running columns. */
const ALIASES: [string, string][] = [['frames', 'frames'], ['mileage_km', 'mileage'], ['energy_used_kwh', 'used'], ['energy_charged_kwh', 'charged'],
  ['driving_s', 'driving'], ['charging_s', 'charging'], ['online_s', 'online'], ['invalid_count', 'invalid'], ['abnormal_count', 'abnormal'],
  ['hop_count', 'hops'], ['hop_km', 'hop_km'], ['reset_count', 'resets'], ['alarm_l1', 'l1'], ['alarm_l2', 'l2'], ['alarm_l3', 'l3'],
  ['fault_count', 'faults'], ['online_days', 'online_n']];

/**
 * A join giving each row of wdiov_vehicle (unaliased) its figures over the range as `d` (the
 * aliases of the per-vehicle sums): its running row on the range's last day minus the one on the
 * day before its first (`end`: the running totals' last day, past which nothing was rolled up).
 * No row: NULLs, as a vehicle without rollup rows. `only`: a condition on the running rows' vin
 * when a few vehicles are read. Each day's rows are read on their own (OFFSET 0 keeps the planner
 * from looking them up vehicle by vehicle): a day's rows lie side by side, a lookup per vehicle
 * reads a page of the key per vehicle, mostly from disk.
 */
export function runningFigures(tenantId: string, range: DayRange, end: string, only: (vin: SQL) => SQL = () => sql`true`): SQL {
  const diffs = sql.raw(ALIASES.map(([c, a]) => {
    const diff = `hi.${c} - coalesce(lo.${c}, 0)`;
    return `${FLOAT.has(c) ? `round((${diff}) * 1e6) / 1e6` : diff} AS ${a}`;
  }).join(', '));
  const hiDay = range.to < end ? range.to : end;
  const ofDay = (day: SQL) => sql`(SELECT * FROM wdiov_stats_running r WHERE r.tenant_id = ${tenantId} AND r.day = ${day} AND ${only(sql.raw('r.vin'))} OFFSET 0)`;
  return sql`LEFT JOIN (SELECT hi.vin, ${diffs} FROM ${ofDay(sql`${hiDay}::date`)} hi
      LEFT JOIN ${ofDay(sql`least(${range.from}::date - 1, ${end}::date)`)} lo ON lo.vin = hi.vin) d ON d.vin = wdiov_vehicle.vin`;
}
