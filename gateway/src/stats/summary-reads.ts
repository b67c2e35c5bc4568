import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import type { DayRange } from './stats-range.ts';

/**
 * Reads of the fleet summary (wdiov_stats_fleet_daily): a few rows per day whatever the fleet's
 * size. A caller's data scope is applied to its cells (creating dept and user), which selects
 * exactly the vehicles the same scope selects in wdiov_vehicle as long as the summary's
 * membership is that of the live vehicles and no day of the range awaits its rebuild: `state`
 * checks both, and the callers read wdiov_stats_daily when it says no.
 */

/** The caller's data scope over the summary's and the membership's columns (undefined: not narrowed). */
export interface Cells { summary: SQL | undefined; member: SQL | undefined }

/** Same aliases as the per-vehicle sums (stats-queries.ts), so one mapping reads both. */
const SUMS = sql.raw(`sum(frames) AS frames, sum(mileage_km) AS mileage, sum(energy_used_kwh) AS used, sum(energy_charged_kwh) AS charged,
  sum(driving_s) AS driving, sum(charging_s) AS charging, sum(online_s) AS online, sum(invalid_count) AS invalid,
  sum(abnormal_count) AS abnormal, sum(hop_count) AS hops, sum(hop_km) AS hop_km, sum(reset_count) AS resets,
  sum(alarm_l1) AS l1, sum(alarm_l2) AS l2, sum(alarm_l3) AS l3, sum(fault_count) AS faults,
  sum(online_vehicles) AS online_n, sum(vehicle_days) AS vehicle_days`);

/** A fingerprint of (vin, cell) pairs: equal sums and counts mean the same pairs (up to a 64-bit hash collision). */
const print = (dept: string, user: string) => `coalesce(sum(hashtextextended(vin || ':' || ${dept} || ':' || ${user}, 0)), 0)`;

/** The summary's state as one row (vehicles, fresh): see summaryState. */
const stateOf = (tenantId: string, where: SQL | undefined, range: DayRange) => sql`SELECT v.vehicles, v.live = m.live AND v.print = m.print
      AND NOT EXISTS (SELECT 1 FROM wdiov_stats_dirty_day WHERE tenant_id = ${tenantId} AND day BETWEEN ${range.from}::date AND ${range.to}::date) AS fresh
    FROM (SELECT count(*) FILTER (WHERE ${where ?? sql`true`}) AS vehicles, count(*) AS live,
        ${sql.raw(print('coalesce(create_dept, -1)', 'coalesce(create_user, -1)'))} AS print
      FROM wdiov_vehicle WHERE tenant_id = ${tenantId} AND is_deleted = 0) v,
      (SELECT count(*) AS live, ${sql.raw(print('create_dept', 'create_user'))} AS print FROM wdiov_stats_member WHERE tenant_id = ${tenantId}) m`;

/** The range's days summed over the cells, one row per day with rows. */
const perDayOf = (tenantId: string, cells: Cells, range: DayRange) => sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, ${SUMS} FROM wdiov_stats_fleet_daily
    WHERE tenant_id = ${tenantId} AND day BETWEEN ${range.from}::date AND ${range.to}::date AND ${cells.summary ?? sql`true`}
    GROUP BY day`;

/**
 * Whether the summary answers for this tenant and range, and the fleet's size (`where`: the
 * caller's vehicles). Fresh when the membership holds the live vehicles, each in its current
 * cell (compared by count and fingerprint: two scans, no join), and no day of the range is dirty.
 */
export async function summaryState(db: Db, tenantId: string, where: SQL | undefined, range: DayRange): Promise<{ fresh: boolean; vehicles: number }> {
  const [r] = await queryRows<{ vehicles: unknown; fresh: boolean }>(db, stateOf(tenantId, where, range));
  return { fresh: r?.fresh === true, vehicles: Number(r?.vehicles ?? 0) };
}

/**
 * The summary's state (as summaryState) with the range's days summed over the cells when it is
 * fresh (one row per day with rows): one statement, so a call takes one connection and one round
 * trip, not two side by side (a connection the pool must open is most of a first call's time).
 */
export async function summaryPerDay(db: Db, tenantId: string, where: SQL | undefined, cells: Cells, range: DayRange): Promise<{ fresh: boolean; vehicles: number; rows: Record<string, unknown>[] }> {
  const rows = await queryRows<Record<string, unknown>>(db, sql`SELECT s.vehicles AS state_vehicles, s.fresh AS state_fresh, d.*
    FROM (${stateOf(tenantId, where, range)}) s LEFT JOIN (${perDayOf(tenantId, cells, range)}) d ON s.fresh`);
  const [first] = rows;
  return { fresh: first?.state_fresh === true, vehicles: Number(first?.state_vehicles ?? 0), rows: rows.filter((r) => r.day !== null && r.day !== undefined) };
}

/** Rollup rows (vehicle-days) of the cells in the range. */
export async function summaryVehicleDays(db: Db, tenantId: string, cells: Cells, range: DayRange): Promise<number> {
  const [r] = await queryRows<{ n: unknown }>(db, sql`SELECT coalesce(sum(vehicle_days), 0) AS n FROM wdiov_stats_fleet_daily
    WHERE tenant_id = ${tenantId} AND day BETWEEN ${range.from}::date AND ${range.to}::date AND ${cells.summary ?? sql`true`}`);
  return Number(r?.n ?? 0);
}
