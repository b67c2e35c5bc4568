import { sql } from 'drizzle-orm';
import { Command, Encryption, ResponseFlag, encodeFrame, gbTimeFromEpochMs, type Reading } from '@wdiov/contracts/protocol/index';
import { queryRows, type Db } from '../db/client.ts';

/** Rows for the statistics tests and benchmark: vehicles, positions, alarms and faults written straight to their tables. */

let nextId = 1_000_000;

export async function addVehicleRow(db: Db, tenantId: string, vin: string, plateNumber = vin.slice(-6)): Promise<string> {
  const id = String(nextId++);
  await db.execute(sql`INSERT INTO wdiov_vehicle (id, tenant_id, vin, plate_number) VALUES (${id}, ${tenantId}, ${vin}, ${plateNumber})`);
  return id;
}

export interface PositionRow {
  ts: number; speed?: number | null; soc?: number | null; mileage?: number | null; voltage?: number | null; current?: number | null; state?: number;
}

/** Positions of one vehicle; readings left out are plausible defaults (parked, 400 V, 0 A). */
export async function addPositions(db: Db, tenantId: string, vin: string, rows: PositionRow[]): Promise<void> {
  if (rows.length === 0) return;
  const v = <K extends keyof PositionRow>(k: K, fallback: PositionRow[K]) => rows.map((r) => (k in r ? r[k] : fallback));
  await db.execute(sql`INSERT INTO wdiov_position (id, tenant_id, vin, ts, speed, soc, mileage, voltage, current, state)
    SELECT * FROM unnest(${sql.param(rows.map(() => String(nextId++)))}::bigint[], ${sql.param(rows.map(() => tenantId))}::varchar[],
      ${sql.param(rows.map(() => vin))}::varchar[], ${sql.param(rows.map((r) => new Date(r.ts).toISOString()))}::timestamptz[],
      ${sql.param(v('speed', 0))}::float8[], ${sql.param(v('soc', 50))}::float8[], ${sql.param(v('mileage', null))}::float8[],
      ${sql.param(v('voltage', 400))}::float8[], ${sql.param(v('current', 0))}::float8[], ${sql.param(v('state', 2))}::int2[])`);
}

export async function addAlarm(db: Db, tenantId: string, vin: string, startMs: number, level: number, type = 'temperature'): Promise<void> {
  await db.execute(sql`INSERT INTO wdiov_vehicle_alarm_data (id, tenant_id, vin, alarm_type, alarm_name, alarm_level, start_time)
    VALUES (${String(nextId++)}, ${tenantId}, ${vin}, ${type}, ${type}, ${level}, ${new Date(startMs).toISOString()}::timestamptz)`);
}

export async function addFault(db: Db, tenantId: string, vin: string, startMs: number, code = 'P0001'): Promise<void> {
  await db.execute(sql`INSERT INTO wdiov_vehicle_fault_data (id, tenant_id, vin, fault_code, start_time)
    VALUES (${String(nextId++)}, ${tenantId}, ${vin}, ${code}, ${new Date(startMs).toISOString()}::timestamptz)`);
}

export type DailyRow = Record<string, number | string>;

/** The rollup rows of a vehicle, keyed by day. */
export async function dailyOf(db: Db, tenantId: string, vin: string): Promise<Map<string, DailyRow>> {
  const rows = await queryRows<DailyRow>(db, sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, frames, mileage_km, energy_used_kwh, energy_charged_kwh,
    driving_s, charging_s, online_s, offline_s, invalid_count, abnormal_count, hop_count, hop_km, reset_count, alarm_l1, alarm_l2, alarm_l3, fault_count
    FROM wdiov_stats_daily WHERE tenant_id = ${tenantId} AND vin = ${vin} ORDER BY day`);
  return new Map(rows.map((r) => [String(r.day), r]));
}

/** A 2016 realtime frame with one pack's cell voltages and probe temperatures, as hex the way it is stored. */
export function cellFrameHex(vin: string, at: number, volts: Reading[], temps: Reading[]): string {
  const bytes = encodeFrame({
    edition: '2016', command: Command.realtime, responseFlag: ResponseFlag.command, vin, encryption: Encryption.none,
    body: { kind: 'realtime', time: gbTimeFromEpochMs(at), items: [
      { kind: 'cellVoltages', packs: [{ packNo: 1, voltageV: 400, currentA: 10, totalCells: volts.length, startCell: 1, cellVoltagesV: volts }] },
      { kind: 'probeTemperatures', packs: [{ packNo: 1, temperaturesC: temps }] },
    ] },
  });
  return Buffer.from(bytes).toString('hex');
}

export async function addRawFrame(db: Db, tenantId: string, vin: string, receivedMs: number, hex: string, command = 2): Promise<void> {
  await db.execute(sql`INSERT INTO wdiov_raw_frame (id, tenant_id, vin, command, received_at, hex)
    VALUES (${String(nextId++)}, ${tenantId}, ${vin}, ${command}, ${new Date(receivedMs).toISOString()}::timestamptz, ${hex})`);
}
