import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FAULT_ITEMS } from '@wdiov/contracts';
import { ALARM_FLAGS, decodeFrame, gbTimeToEpochMs, type AlarmData } from '@wdiov/contracts/protocol/index';
import { freshDatabase } from '../../test/test-gateway.ts';
import { queryRows, type Db } from '../db/client.ts';
import { normalize } from '../ingest/normalize.ts';
import type { VehicleRef } from '../ingest/vehicle-directory.ts';
import { SafetyMonitor } from './safety-monitor.ts';
import { SafetySettingsSource } from './settings-source.ts';
import { WarningWriter } from './warning-writer.ts';
import { addVehicle, feed, framesOf, setParam, simulated, warningsOf } from '../../test/safety-fixture.ts';

// Every hidden-danger model and fault item end to end: frames the simulator produces, through the ingest's decoding, into warnings.
const OFFSET = 480;
const T = '000000';
/** 2026-03-10 08:00 in the console's zone. */
const START = Date.UTC(2026, 2, 10, 0, 0, 0);
const DAY = 86_400_000;

let db: Db;
let dispose: () => Promise<void>;
let settings: SafetySettingsSource;
const monitor = () => new SafetyMonitor(db, settings, new WarningWriter(db, OFFSET), OFFSET);
let nextIndex = 100;
const vehicle = (options?: Parameters<typeof addVehicle>[3]) => addVehicle(db, T, nextIndex++, options);

beforeAll(async () => {
  const fresh = await freshDatabase();
  db = fresh.database.db;
  dispose = fresh.dispose;
  settings = new SafetySettingsSource(db);
});
afterAll(() => dispose());

const timeOf = (bytes: Uint8Array) => {
  const decoded = decodeFrame(bytes);
  if (!decoded.ok) throw new Error('frame does not decode');
  return gbTimeToEpochMs((decoded.frame.body as { time: Parameters<typeof gbTimeToEpochMs>[0] }).time);
};

async function run(m: SafetyMonitor, v: VehicleRef, frames: Uint8Array[]) {
  feed(m, v, frames);
  await m.settled();
}

describe('C.9 insulation', () => {
  it('raises at the fifth reading of the day at or below 100 Ω/V, not before, and never for a healthy vehicle', async () => {
    const v = await vehicle();
    const m = monitor();
    const frames = framesOf(simulated(nextIndex, START, { inject: ['insulation'], clockOffsetDays: 0 }), 8);
    await run(m, v, frames.slice(0, 4));
    expect(await warningsOf(db, v.vin)).toEqual([]);
    await run(m, v, frames.slice(4, 5));
    const [w] = await warningsOf(db, v.vin);
    expect(w).toMatchObject({ item: 'C9', level: 1, warning_status: 0, plate_number: v.plate });
    expect(w!.raised).toBe(timeOf(frames[4]!));
    expect(w!.deadline - w!.raised).toBe(7 * DAY);
    await run(m, v, frames.slice(5));
    expect((await warningsOf(db, v.vin)).length).toBe(1);

    const healthy = await vehicle();
    await run(m, healthy, framesOf(simulated(nextIndex, START), 30));
    expect(await warningsOf(db, healthy.vin)).toEqual([]);
  });

  it('counts the day across gateways: totals kept in wdiov_safety_daily carry on after a restart', async () => {
    const v = await vehicle();
    const frames = framesOf(simulated(nextIndex, START, { inject: ['insulation'], clockOffsetDays: 0 }), 6);
    const first = monitor();
    await run(first, v, frames.slice(0, 3));
    await first.stop();
    const [row] = await queryRows<{ frames: number; insulation_low: number }>(db,
      sql`SELECT frames, insulation_low FROM wdiov_safety_daily WHERE vin = ${v.vin} AND day = '2026-03-10'`);
    expect(row).toEqual({ frames: 3, insulation_low: 3 });
    const second = monitor();
    await run(second, v, frames.slice(3, 4));
    expect(await warningsOf(db, v.vin)).toEqual([]);
    await run(second, v, frames.slice(4, 5));
    expect((await warningsOf(db, v.vin)).map((w) => w.item)).toEqual(['C9']);
  });
});

describe('C.3 cell-voltage range while charging', () => {
  /** A demo vehicle that starts low enough to charge within hours. */
  const charger = () => {
    for (let index = 0; index < 60; index++) if (simulated(index, START).battery.socPct < 20) return index;
    throw new Error('no demo vehicle starts low');
  };

  it('raises when the RMS of max − min over the charging samples reaches 0.5 V; a healthy pack charges without one', async () => {
    const index = charger();
    const drifting = await vehicle();
    const m = monitor();
    await run(m, drifting, framesOf(simulated(index, START, { inject: ['cell-drift'], clockOffsetDays: 0 }), 1500));
    const found = await warningsOf(db, drifting.vin);
    expect(found.map((w) => w.item)).toEqual(['C3']);
    expect(Number(/r_V=([\d.]+)/.exec(found[0]!.detail)![1])).toBeGreaterThanOrEqual(0.5);
    const healthy = await vehicle();
    await run(m, healthy, framesOf(simulated(index, START), 1500));
    expect(await warningsOf(db, healthy.vin)).toEqual([]);
    await m.flush();
    const [after] = await queryRows<{ charge_samples: number }>(db, sql`SELECT sum(charge_samples)::int AS charge_samples FROM wdiov_safety_daily WHERE vin = ${healthy.vin}`);
    expect(after!.charge_samples, 'the healthy pack did charge').toBeGreaterThan(10);
  });
});

describe('C.10 voltage sampling', () => {
  it('raises on a broken sense wire (neighbouring cells high and low), not on a healthy pack', async () => {
    const broken = await vehicle();
    const m = monitor();
    const frames = framesOf(simulated(nextIndex, START, { inject: ['sense-wire'], clockOffsetDays: 0 }), 3);
    // Frame by frame, as they arrive 10 s apart.
    for (const f of frames) await run(m, broken, [f]);
    const found = await warningsOf(db, broken.vin);
    expect(found.map((w) => w.item)).toEqual(['C10']);
    expect(found[0]!.raised).toBe(timeOf(frames[0]!));
    const healthy = await vehicle();
    await run(m, healthy, framesOf(simulated(nextIndex, START), 30));
    expect(await warningsOf(db, healthy.vin)).toEqual([]);
  });
});

describe('Annex D', () => {
  it('two hidden dangers within 24 h are both to be handled within a day, at level 2', async () => {
    const v = await vehicle();
    const m = monitor();
    await run(m, v, framesOf(simulated(nextIndex, START, { inject: ['insulation', 'sense-wire'], clockOffsetDays: 0 }), 6));
    const found = await warningsOf(db, v.vin);
    expect(found.map((w) => w.item)).toEqual(['C10', 'C9']);
    const second = found[1]!;
    for (const w of found) {
      expect(w.level).toBe(2);
      expect(w.deadline).toBeLessThanOrEqual(second.raised + DAY);
    }
  });
});

describe('F1…F12 fault items', () => {
  /** One simulator frame with the general alarm flags set to `flags`, as the ingest hands it on. */
  function flagged(m: SafetyMonitor, v: VehicleRef, bytes: Uint8Array, flags: number) {
    const decoded = decodeFrame(bytes);
    if (!decoded.ok || decoded.frame.body.kind !== 'realtime') throw new Error('not realtime');
    const body = decoded.frame.body;
    const alarm = body.items.find((i): i is AlarmData => i.kind === 'alarm')!;
    alarm.flags = flags;
    m.telemetry(normalize(body, v, false, undefined), alarm, '2016', body.items);
  }

  it.each(FAULT_ITEMS.map((i) => [i.code, i]))('%s opens a warning when its flag comes on, once while it stays on, with the deadline of its level', async (_, item) => {
    const v = await vehicle();
    const m = monitor();
    const bit = ALARM_FLAGS.find((f) => f.key === item.flag)!.bit;
    const frames = framesOf(simulated(nextIndex, START), 4);
    flagged(m, v, frames[0]!, 0);
    flagged(m, v, frames[1]!, 1 << bit);
    flagged(m, v, frames[2]!, 1 << bit);
    flagged(m, v, frames[3]!, (1 << bit) | (1 << 4));
    await m.settled();
    const found = await warningsOf(db, v.vin);
    expect(found.map((w) => w.item)).toEqual([item.code]);
    expect(found[0]!.level).toBe(item.defaultLevel);
    expect(found[0]!.raised).toBe(timeOf(frames[1]!));
    const days = item.defaultLevel === 1 ? 7 : item.defaultLevel === 2 ? 1 : 0;
    expect(found[0]!.deadline - found[0]!.raised).toBe(days * DAY);
  });

  it('take the level the platform param gives an item, and leave the thermal event to its level-4 alarm', async () => {
    await setParam(db, 'gbt45688.F9.level', '3');
    await settings.refresh();
    const v = await vehicle();
    const m = monitor();
    const frames = framesOf(simulated(nextIndex, START), 2);
    flagged(m, v, frames[0]!, 1 << 12);
    flagged(m, v, frames[1]!, (1 << 12) | (1 << 23));
    await m.settled();
    const found = await warningsOf(db, v.vin);
    expect(found.map((w) => [w.item, w.level, w.deadline - w.raised])).toEqual([['F9', 3, 0]]);
  });
});
