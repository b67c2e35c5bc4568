import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeFrame, type AlarmData } from '@wdiov/contracts/protocol/index';
import { freshDatabase } from '../../test/test-gateway.ts';
import type { Db } from '../db/client.ts';
import { normalize } from '../ingest/normalize.ts';
import type { VehicleRef } from '../ingest/vehicle-directory.ts';
import { OfflineSweep, PRIVATE_PURPOSE } from './offline-sweep.ts';
import { SafetyMonitor } from './safety-monitor.ts';
import { SafetySettingsSource } from './settings-source.ts';
import { WarningWriter } from './warning-writer.ts';
import { addVehicle, feed, framesOf, simulated, warningsOf } from '../../test/safety-fixture.ts';

// C.11 end to end: simulator frames (their clock set back, or the vehicle left switched off) into the day totals, then the sweep.
const OFFSET = 480;
const START = Date.UTC(2026, 2, 10, 0, 0, 0);
const DAY = 86_400_000;

let db: Db;
let dispose: () => Promise<void>;
let settings: SafetySettingsSource;
let writer: WarningWriter;
let index = 500;

beforeAll(async () => {
  const fresh = await freshDatabase();
  db = fresh.database.db;
  dispose = fresh.dispose;
  settings = new SafetySettingsSource(db);
  writer = new WarningWriter(db, OFFSET);
});
afterAll(() => dispose());

/** A vehicle whose terminal clock runs `days` behind sends a few minutes of data, and the monitor writes its day. */
async function reported(days: number, purpose?: number): Promise<VehicleRef> {
  const v = await addVehicle(db, '000000', index++, { purpose });
  const m = new SafetyMonitor(db, settings, writer, OFFSET);
  feed(m, v, framesOf(simulated(index, START, { inject: [], clockOffsetDays: days }), 12));
  await m.settled();
  await m.stop();
  return v;
}

const sweep = () => new OfflineSweep(db, settings, writer);

describe('C.11 long offline', () => {
  it('finds commercial vehicles silent over 60 days and private ones over 90, by the data’s own time', async () => {
    const commercial61 = await reported(61);
    const commercial30 = await reported(30);
    const private61 = await reported(61, PRIVATE_PURPOSE);
    const private91 = await reported(91, PRIVATE_PURPOSE);
    expect(await sweep().run(START + 3_600_000)).toBe(2);
    expect((await warningsOf(db, commercial61.vin)).map((w) => [w.item, w.level])).toEqual([['C11', 1]]);
    expect(await warningsOf(db, commercial30.vin)).toEqual([]);
    expect(await warningsOf(db, private61.vin)).toEqual([]);
    const [w] = await warningsOf(db, private91.vin);
    expect(w!.detail).toMatch(/^offline=91\.\d d > 90 d$/);
    expect(w!.deadline - w!.raised).toBe(7 * DAY);
    expect(await sweep().run(START + 7_200_000), 'an open warning is not raised again').toBe(0);
  });
});

/**
 * A vehicle that reports switched off with `soc` for a minute, its clock `days` behind, at a
 * point `east` metres east of a depot when `east` is given.
 */
async function parked(soc: number, options: { days?: number; east?: number; purpose?: number } = {}): Promise<VehicleRef> {
  const v = await addVehicle(db, '000000', index++, { purpose: options.purpose });
  const m = new SafetyMonitor(db, settings, writer, OFFSET);
  for (const bytes of framesOf(simulated(index, START, { inject: [], clockOffsetDays: options.days ?? 0 }), 6)) {
    const decoded = decodeFrame(bytes);
    if (!decoded.ok || decoded.frame.body.kind !== 'realtime') throw new Error('not realtime');
    const body = decoded.frame.body;
    for (const item of body.items) {
      if (item.kind === 'vehicle') Object.assign(item, { vehicleState: 2, chargeState: 3, socPercent: soc, speedKmh: 0 });
      if (item.kind === 'position' && options.east !== undefined) Object.assign(item, { longitudeDeg: 114.05 + options.east / 103_000, latitudeDeg: 22.54 });
    }
    m.telemetry(normalize(body, v, false, undefined), body.items.find((i): i is AlarmData => i.kind === 'alarm'), '2016', body.items);
  }
  await m.settled();
  await m.stop();
  return v;
}

describe('C.12 long parking in clusters', () => {
  it('finds ten or more vehicles switched off over 60 days with SOC over 80 % within 500 m of each other', async () => {
    const depot = [];
    for (let i = 0; i < 10; i++) depot.push(await parked(85, { days: 61, east: i * 30, purpose: PRIVATE_PURPOSE }));
    const away = await parked(85, { days: 61, east: 3000, purpose: PRIVATE_PURPOSE });
    const half = await parked(70, { days: 61, east: 50, purpose: PRIVATE_PURPOSE });
    const recent = await parked(85, { days: 30, east: 60, purpose: PRIVATE_PURPOSE });
    const now = START + 3_600_000;
    await sweep().run(now);
    for (const v of depot) {
      const items = (await warningsOf(db, v.vin)).map((w) => w.item);
      expect(items, v.vin).toEqual(['C12']);
    }
    expect((await warningsOf(db, depot[0]!.vin))[0]!.detail).toBe('Num=10 ≥ 10, d < 500 m');
    for (const v of [away, half, recent]) expect(await warningsOf(db, v.vin)).toEqual([]);
  });
});

describe('C.11 over-discharge after long parking', () => {
  it('finds a vehicle switched off a day or more whose SOC lasts 5 days or less at 1 % a day', async () => {
    const low = await parked(4);
    const enough = await parked(30);
    expect(await sweep().run(START + 12 * 3_600_000), 'off for half a day').toBe(0);
    expect(await sweep().run(START + 1.5 * DAY)).toBe(1);
    const [w] = await warningsOf(db, low.vin);
    expect(w!.item).toBe('C11');
    expect(w!.detail).toMatch(/^off=1\.5 d, t=4\.0 d ≤ 5 d$/);
    expect(await warningsOf(db, enough.vin)).toEqual([]);
  });
});
