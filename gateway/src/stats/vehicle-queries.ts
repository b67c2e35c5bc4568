import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import { rawFrameHex } from '../db/schema/index.ts';
import type { Frame } from './day-figures.ts';
import type { Fleet } from './stats-queries.ts';
import type { DayRange } from './stats-range.ts';
import { summaryState, summaryVehicleDays } from './summary-reads.ts';

/** Reads about one vehicle, or the fleet's vehicles day by day, for the vehicle statistics calls. */

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const round = (v: unknown) => Math.round(Number(v ?? 0) * 100) / 100;
const hours = (s: unknown) => round(Number(s ?? 0) / 3600);

/** A stored position with what the rollup reads of it (so the same rules can run on it: day-figures.ts). */
export interface PositionPoint extends Frame { lng: number | null; lat: number | null }

const pointOf = (r: Record<string, unknown>): PositionPoint => ({
  ts: Number(r.ts), speed: num(r.speed), soc: num(r.soc), mileage: num(r.mileage), lng: num(r.lng), lat: num(r.lat),
  voltage: num(r.voltage), current: num(r.current), state: num(r.state),
});

/** Positions of one vehicle in [start, end], oldest first, at most `limit`. */
export async function positionsOf(db: Db, tenantId: string, vin: string, start: Date, end: Date, limit: number): Promise<PositionPoint[]> {
  const rows = await queryRows<Record<string, unknown>>(db, sql`SELECT extract(epoch FROM ts)::float8 * 1000 AS ts, speed, soc, mileage, lng, lat, voltage, current, state
    FROM wdiov_position WHERE tenant_id = ${tenantId} AND vin = ${vin} AND ts >= ${start.toISOString()}::timestamptz AND ts <= ${end.toISOString()}::timestamptz
    ORDER BY ts LIMIT ${limit}`);
  return rows.map(pointOf);
}

/** The first and last position of one vehicle in [start, end] (the index on tenant, vin, ts finds both). */
export async function startEndOf(db: Db, tenantId: string, vin: string, start: Date, end: Date): Promise<{ first?: PositionPoint; last?: PositionPoint }> {
  const edge = (dir: 'ASC' | 'DESC') => queryRows<Record<string, unknown>>(db, sql`SELECT extract(epoch FROM ts)::float8 * 1000 AS ts, speed, soc, mileage, lng, lat
    FROM wdiov_position WHERE tenant_id = ${tenantId} AND vin = ${vin} AND ts >= ${start.toISOString()}::timestamptz AND ts <= ${end.toISOString()}::timestamptz
    ORDER BY ts ${sql.raw(dir)} LIMIT 1`);
  const [[first], [last]] = await Promise.all([edge('ASC'), edge('DESC')]);
  return { first: first && pointOf(first), last: last && pointOf(last) };
}

/** Stored realtime and reissue frames of one vehicle in [start, end], oldest first, at most `limit`. */
export async function realtimeFramesOf(db: Db, tenantId: string, vin: string, start: Date, end: Date, limit: number): Promise<{ ts: number; hex: string }[]> {
  const rows = await queryRows<Record<string, unknown>>(db, sql`SELECT extract(epoch FROM received_at)::float8 * 1000 AS ts, ${rawFrameHex} AS hex FROM wdiov_raw_frame
    WHERE tenant_id = ${tenantId} AND vin = ${vin} AND received_at >= ${start.toISOString()}::timestamptz AND received_at <= ${end.toISOString()}::timestamptz
      AND command IN (2, 3)
    ORDER BY received_at LIMIT ${limit}`);
  return rows.map((r) => ({ ts: Number(r.ts), hex: String(r.hex) }));
}

export interface VehicleDayRow {
  date: string; vin: string; plateNumber: string; mileage: number; energyUsed: number; energyCharged: number; drivingHours: number;
  chargingHours: number; onlineHours: number; frames: number; invalidCount: number; hopCount: number; alarmCount: number; faultCount: number;
}

/**
 * The fleet's rollup rows, one per vehicle per day with any activity, newest day first
 * (vehicleReport/page): the page read in index order (tenant, day desc, vin; the index's NULLS LAST
 * written out, without which Postgres sorts every row of the range), the total from
 * the fleet summary when it answers, else counted.
 */
export async function vehicleDays(db: Db, fleet: Fleet, range: DayRange, current: number, size: number): Promise<{ records: VehicleDayRow[]; total: number }> {
  const inRange = sql`d.tenant_id = ${fleet.tenantId} AND d.day BETWEEN ${range.from}::date AND ${range.to}::date AND ${fleet.where ?? sql`true`}`;
  const joined = sql`wdiov_stats_daily d JOIN wdiov_vehicle ON wdiov_vehicle.tenant_id = d.tenant_id AND wdiov_vehicle.vin = d.vin`;
  const counted = async () => {
    const [r] = await queryRows<{ n: unknown }>(db, sql`SELECT count(*) AS n FROM ${joined} WHERE ${inRange}`);
    return Number(r?.n ?? 0);
  };
  const summarised = async () => {
    const [state, n] = await Promise.all([summaryState(db, fleet.tenantId, fleet.where, range), summaryVehicleDays(db, fleet.tenantId, fleet.cells!, range)]);
    return state.fresh ? n : counted();
  };
  const [rows, total] = await Promise.all([
    queryRows<Record<string, unknown>>(db, sql`SELECT to_char(d.day, 'YYYY-MM-DD') AS day, d.vin, wdiov_vehicle.plate_number,
      d.mileage_km, d.energy_used_kwh, d.energy_charged_kwh, d.driving_s, d.charging_s, d.online_s, d.frames, d.invalid_count, d.hop_count,
      d.alarm_l1 + d.alarm_l2 + d.alarm_l3 AS alarms, d.fault_count
    FROM ${joined} WHERE ${inRange} ORDER BY d.day DESC NULLS LAST, d.vin LIMIT ${size} OFFSET ${(current - 1) * size}`),
    fleet.cells ? summarised() : counted(),
  ]);
  const records = rows.map((r): VehicleDayRow => ({
    date: String(r.day), vin: String(r.vin), plateNumber: String(r.plate_number ?? ''), mileage: round(r.mileage_km), energyUsed: round(r.energy_used_kwh),
    energyCharged: round(r.energy_charged_kwh), drivingHours: hours(r.driving_s), chargingHours: hours(r.charging_s), onlineHours: hours(r.online_s),
    frames: Number(r.frames), invalidCount: Number(r.invalid_count), hopCount: Number(r.hop_count), alarmCount: Number(r.alarms), faultCount: Number(r.fault_count),
  }));
  return { records, total };
}
