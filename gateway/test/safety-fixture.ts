import { sql } from 'drizzle-orm';
import { decodeFrame, type AlarmData } from '@wdiov/contracts/protocol/index';
import { CITIES, demoVehicle } from '@wdiov/contracts/simulation/index';
import { VehicleModel } from '../../simulators/src/vehicle-model.ts';
import type { SafetyConditions } from '../../simulators/src/safety-conditions.ts';
import { newCounters } from '../../simulators/src/stats.ts';
import { queryRows, type Db } from '../src/db/client.ts';
import { normalize } from '../src/ingest/normalize.ts';
import type { VehicleRef } from '../src/ingest/vehicle-directory.ts';
import type { IngestSink } from '../src/ingest/ingest-sink.ts';

/** The safety tests' vehicles: the simulator's demo vehicles, driven with injected conditions. */

export const SEED = 1;

/** A simulated vehicle reporting every 10 s from `startMs`, with no random alarms, faults or fence detours. */
export function simulated(index: number, startMs: number, conditions?: SafetyConditions, edition: '2016' | '2025' = '2016'): VehicleModel {
  const city = CITIES.shenzhen;
  return new VehicleModel(demoVehicle(SEED, index), {
    seed: SEED, edition, city, fences: [], reportPeriodMs: 10_000, cells: 96,
    rates: { alarmsPerHour: 0, faultsPerHour: 0, fencesPerHour: 0 }, conditions,
  }, startMs, newCounters());
}

/** The frames a vehicle sends until it has sent `count` of them. */
export function framesOf(model: VehicleModel, count: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  while (out.length < count) model.step(out);
  return out.slice(0, count);
}

/** Each frame as the ingest hands it to its sinks: decoded once, normalized, with its alarm block and units. */
export function feed(sink: IngestSink, vehicle: VehicleRef, frames: readonly Uint8Array[]): void {
  for (const bytes of frames) {
    const decoded = decodeFrame(bytes);
    if (!decoded.ok || decoded.frame.body.kind !== 'realtime') throw new Error('the simulator sent a frame that is not realtime data');
    const body = decoded.frame.body;
    const alarm = body.items.find((i): i is AlarmData => i.kind === 'alarm');
    sink.telemetry(normalize(body, vehicle, false, undefined), alarm, decoded.frame.edition, body.items);
  }
}

let nextId = 5_000_000;

/** A vehicle row for a demo vehicle; `purpose` 7 is private; `chemistry` gives it a battery pack of that type code. */
export async function addVehicle(db: Db, tenantId: string, index: number, options: { purpose?: number; chemistry?: string } = {}): Promise<VehicleRef> {
  const { vin, plate } = demoVehicle(SEED, index);
  const id = String(nextId++);
  let packId: string | null = null;
  if (options.chemistry) {
    packId = String(nextId++);
    await db.execute(sql`INSERT INTO wdiov_battery_pack (id, tenant_id, pack_code, chemistry, cell_count) VALUES (${packId}, ${tenantId}, ${`P${packId}`}, ${options.chemistry}, 96)`);
  }
  await db.execute(sql`INSERT INTO wdiov_vehicle (id, tenant_id, vin, plate_number, purpose, battery_pack_id)
    VALUES (${id}, ${tenantId}, ${vin}, ${plate}, ${options.purpose ?? 1}, ${packId})`);
  return { tenantId, vehicleId: id, vin, plate };
}

export interface WarningRow { item: string; level: number; raised: number; deadline: number; warning_status: number; detail: string; plate_number: string }

export async function warningsOf(db: Db, vin: string): Promise<WarningRow[]> {
  const rows = await queryRows<Record<string, unknown>>(db, sql`SELECT item, level, raised_time, deadline, warning_status, detail, plate_number
    FROM wdiov_safety_warning WHERE vin = ${vin} AND is_deleted = 0 ORDER BY raised_time, item`);
  return rows.map((r) => ({
    item: String(r.item), level: Number(r.level), raised: new Date(r.raised_time as string).getTime(), deadline: new Date(r.deadline as string).getTime(),
    warning_status: Number(r.warning_status), detail: String(r.detail), plate_number: String(r.plate_number),
  }));
}

export async function setParam(db: Db, key: string, value: string): Promise<void> {
  await db.execute(sql`INSERT INTO wdiov_param (id, param_name, param_key, param_value) VALUES (${String(nextId++)}, ${key}, ${key}, ${value})`);
}
