import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { freshDatabase } from '../../test/test-gateway.ts';
import type { Db } from '../db/client.ts';
import { StatsRollup } from './rollup-job.ts';
import { addAlarm, addFault, addPositions, addVehicleRow, dailyOf, type PositionRow } from './stats-fixture.ts';

// Runs on PGlite, and on the Postgres server of TEST_DATABASE_URL when it is set (the Postgres run of the suite).
const OFFSET = 480; // the console's zone: UTC+8
const T = '000000';
/** 2026-03-10 08:00 in the console's zone. */
const MORNING = Date.UTC(2026, 2, 10, 0, 0, 0);
const NOW = MORNING + 3 * 86_400_000;
const s = (n: number) => n * 1000;

/** Frames every 10 s from `start`, driving at `speed` km/h with the odometer advancing accordingly. */
function drive(start: number, count: number, odometer: number, speed = 36, extra: Partial<PositionRow> = {}): PositionRow[] {
  return Array.from({ length: count }, (_, i) => ({ ts: start + s(10 * i), speed, mileage: odometer + (speed / 360) * i, state: 1, voltage: 400, current: 50, ...extra }));
}

let db: Db;
let dispose: () => Promise<void>;
const rollup = () => new StatsRollup(db, { utcOffsetMin: OFFSET, settleMs: 60_000 });

beforeAll(async () => {
  const fresh = await freshDatabase();
  db = fresh.database.db;
  dispose = fresh.dispose;
});
afterAll(() => dispose());

describe('daily rollups', () => {
  it('adds mileage, energy and driving time from the odometer and the pack', async () => {
    await addVehicleRow(db, T, 'LSTATS00000000001');
    // 61 frames, 10 s apart, 36 km/h: 600 s, 6 km; 400 V × 50 A for 600 s = 3.333 kWh.
    await addPositions(db, T, 'LSTATS00000000001', drive(MORNING, 61, 1000));
    await rollup().runOnce(NOW);
    const day = (await dailyOf(db, T, 'LSTATS00000000001')).get('2026-03-10')!;
    expect(day.frames).toBe(61);
    expect(Number(day.mileage_km)).toBeCloseTo(6, 6);
    expect(Number(day.energy_used_kwh)).toBeCloseTo((400 * 50 * 600) / 3_600_000, 6);
    expect(Number(day.energy_charged_kwh)).toBe(0);
    expect(Number(day.driving_s)).toBeCloseTo(600, 6);
    expect(Number(day.online_s)).toBeCloseTo(600, 6);
    expect(day.hop_count).toBe(0);
  });

  it('never counts an odometer reset as negative mileage', async () => {
    await addVehicleRow(db, T, 'LSTATS00000000002');
    await addPositions(db, T, 'LSTATS00000000002', [...drive(MORNING, 11, 5000), ...drive(MORNING + s(110), 11, 0)]);
    await rollup().runOnce(NOW);
    const day = (await dailyOf(db, T, 'LSTATS00000000002')).get('2026-03-10')!;
    expect(day.reset_count).toBe(1);
    // 1 km before the reset, 1 km after it; the drop itself adds nothing.
    expect(Number(day.mileage_km)).toBeCloseTo(2, 6);
  });

  it('skips invalid readings (the standard\'s sentinels arrive as null) and counts them', async () => {
    await addVehicleRow(db, T, 'LSTATS00000000003');
    const frames = drive(MORNING, 21, 200);
    frames[5] = { ...frames[5]!, mileage: null, speed: null };
    frames[6] = { ...frames[6]!, voltage: null, current: null };
    frames[7] = { ...frames[7]!, soc: 180 };
    await addPositions(db, T, 'LSTATS00000000003', frames);
    await rollup().runOnce(NOW);
    const day = (await dailyOf(db, T, 'LSTATS00000000003')).get('2026-03-10')!;
    expect(day.invalid_count).toBe(2);
    expect(day.abnormal_count).toBe(1);
    // The odometer is read across the gap in valid readings: 200 s at 36 km/h = 2 km.
    expect(Number(day.mileage_km)).toBeCloseTo(2, 6);
    expect(day.hop_count).toBe(0);
  });

  it('counts a jump the speed cannot explain as a hop, not as mileage', async () => {
    await addVehicleRow(db, T, 'LSTATS00000000004');
    const frames = drive(MORNING, 11, 300);
    frames.push({ ts: MORNING + s(110), speed: 36, mileage: 301 + 50, state: 1 });
    await addPositions(db, T, 'LSTATS00000000004', frames);
    await rollup().runOnce(NOW);
    const day = (await dailyOf(db, T, 'LSTATS00000000004')).get('2026-03-10')!;
    expect(day.hop_count).toBe(1);
    expect(Number(day.hop_km)).toBeCloseTo(50, 6);
    expect(Number(day.mileage_km)).toBeCloseTo(1, 6);
  });

  it('shares a span across midnight in the console\'s zone, and counts charging energy', async () => {
    await addVehicleRow(db, T, 'LSTATS00000000005');
    // 23:59:00 to 00:01:00 (UTC+8), charging at −100 A: 60 s on each day.
    const midnight = Date.UTC(2026, 2, 10, 16, 0, 0);
    await addPositions(db, T, 'LSTATS00000000005', Array.from({ length: 13 }, (_, i) => ({ ts: midnight - s(60) + s(10 * i), mileage: 700, state: 3, voltage: 360, current: -100 })));
    await rollup().runOnce(NOW);
    const days = await dailyOf(db, T, 'LSTATS00000000005');
    expect([...days.keys()]).toEqual(['2026-03-10', '2026-03-11']);
    for (const d of days.values()) {
      expect(Number(d.charging_s)).toBeCloseTo(60, 6);
      expect(Number(d.energy_charged_kwh)).toBeCloseTo((360 * 100 * 60) / 3_600_000, 6);
      expect(Number(d.mileage_km)).toBe(0);
    }
  });

  it('counts a long silence as offline time', async () => {
    await addVehicleRow(db, T, 'LSTATS00000000006');
    await addPositions(db, T, 'LSTATS00000000006', [{ ts: MORNING, mileage: 10 }, { ts: MORNING + s(3600), mileage: 10 }]);
    await rollup().runOnce(NOW);
    const day = (await dailyOf(db, T, 'LSTATS00000000006')).get('2026-03-10')!;
    expect(Number(day.offline_s)).toBeCloseTo(3600, 6);
    expect(Number(day.online_s)).toBe(0);
  });

  it('counts nothing twice: a run, a restart, a rerun over the same rows, then only the new rows', async () => {
    const vin = 'LSTATS00000000007';
    await addVehicleRow(db, T, vin);
    await addPositions(db, T, vin, drive(MORNING, 31, 0));
    await rollup().runOnce(NOW);
    const first = (await dailyOf(db, T, vin)).get('2026-03-10')!;
    expect(Number(first.mileage_km)).toBeCloseTo(3, 6);
    // A new job object is a restarted gateway: it continues from the stored cursor.
    await rollup().runOnce(NOW);
    await rollup().runOnce(NOW);
    expect((await dailyOf(db, T, vin)).get('2026-03-10')).toEqual(first);
    // Later frames continue from the last counted one (the odometer carried over the restart).
    await addPositions(db, T, vin, drive(MORNING + s(310), 30, 3 + 0.1));
    await rollup().runOnce(NOW);
    const after = (await dailyOf(db, T, vin)).get('2026-03-10')!;
    expect(after.frames).toBe(61);
    expect(Number(after.mileage_km)).toBeCloseTo(6, 6);
  });

  it('leaves frames younger than the settle time for a later run', async () => {
    const vin = 'LSTATS00000000008';
    await addVehicleRow(db, T, vin);
    await addPositions(db, T, vin, drive(NOW - s(55), 5, 0));
    await rollup().runOnce(NOW);
    expect((await dailyOf(db, T, vin)).size).toBe(0);
    await rollup().runOnce(NOW + s(200));
    expect((await dailyOf(db, T, vin)).values().next().value!.frames).toBe(5);
  });

  it('sets alarm and fault counts by level and day, and a recount does not add them again', async () => {
    const vin = 'LSTATS00000000009';
    await addVehicleRow(db, T, vin);
    const lateEvening = NOW - s(9 * 3600); // 2026-03-12 23:00 in UTC+8
    await addAlarm(db, T, vin, lateEvening, 1);
    await addAlarm(db, T, vin, lateEvening + s(60), 3);
    await addAlarm(db, T, vin, lateEvening + s(120), 3);
    await addAlarm(db, T, vin, lateEvening + s(5400), 2); // 00:30 the next day
    await addFault(db, T, vin, lateEvening);
    await rollup().runOnce(NOW);
    await rollup().runOnce(NOW + s(3600));
    const days = await dailyOf(db, T, vin);
    expect(days.get('2026-03-12')).toMatchObject({ alarm_l1: 1, alarm_l2: 0, alarm_l3: 2, fault_count: 1 });
    expect(days.get('2026-03-13')).toMatchObject({ alarm_l1: 0, alarm_l2: 1, alarm_l3: 0, fault_count: 0 });
    // An alarm removed (logically) since is taken off its day's count at the next run.
    await db.execute(sql`UPDATE wdiov_vehicle_alarm_data SET is_deleted = 1 WHERE vin = ${vin} AND alarm_level = 2`);
    await rollup().runOnce(NOW + s(7200));
    expect((await dailyOf(db, T, vin)).get('2026-03-13')).toMatchObject({ alarm_l1: 0, alarm_l2: 0, alarm_l3: 0 });
    expect((await dailyOf(db, T, vin)).get('2026-03-12')).toMatchObject({ alarm_l1: 1, alarm_l3: 2, fault_count: 1 });
  });
});
