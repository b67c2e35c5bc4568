import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { decodeFrame, gbTimeToEpochMs, type DriveMotors } from '@wdiov/contracts/protocol/index';
import { freshDatabase } from '../../test/test-gateway.ts';
import { queryRows, type Db } from '../db/client.ts';
import { SafetyMonitor } from './safety-monitor.ts';
import { SafetySettingsSource } from './settings-source.ts';
import { WarningWriter } from './warning-writer.ts';
import { addVehicle, feed, framesOf, simulated, warningsOf } from '../../test/safety-fixture.ts';

// C.6–C.8 end to end: a simulated drive train running hot, through the ingest's decoding, into warnings.
const OFFSET = 480;
const T = '000000';
/** 2026-03-10 08:00 in the console's zone: the simulated vehicles set off in the morning. */
const START = Date.UTC(2026, 2, 10, 0, 0, 0);
/** Four hours of frames every 10 s. */
const FRAMES = 1_440;

let db: Db;
let dispose: () => Promise<void>;
let settings: SafetySettingsSource;
let nextIndex = 300;
const vehicle = () => addVehicle(db, T, nextIndex++);

beforeAll(async () => {
  const fresh = await freshDatabase();
  db = fresh.database.db;
  dispose = fresh.dispose;
  settings = new SafetySettingsSource(db);
});
afterAll(() => dispose());

async function drive(inject: ('motor-heat' | 'dcdc-heat')[], edition: '2016' | '2025' = '2016') {
  const v = await vehicle();
  const m = new SafetyMonitor(db, settings, new WarningWriter(db, OFFSET), OFFSET);
  const frames = framesOf(simulated(nextIndex, START, { inject, clockOffsetDays: 0 }, edition), FRAMES);
  feed(m, v, frames);
  await m.settled();
  await m.flush();
  return { v, frames, items: async () => (await warningsOf(db, v.vin)).filter((w) => ['C6', 'C7', 'C8'].includes(w.item)) };
}

/** The time of the first frame whose motor runs (state 1 consuming or 2 generating). */
function firstRunning(frames: Uint8Array[]): number {
  for (const bytes of frames) {
    const d = decodeFrame(bytes);
    if (!d.ok || d.frame.body.kind !== 'realtime') continue;
    const motors = d.frame.body.items.find((i): i is DriveMotors => i.kind === 'motors');
    const state = motors?.motors[0]?.state;
    if (state === 1 || state === 2) return gbTimeToEpochMs(d.frame.body.time);
  }
  throw new Error('the simulated vehicle never drove');
}

describe('C.6 and C.7 temperature duty of a run segment', () => {
  it('raises both for a motor and controller running hot, once the segment holds 30 minutes of running', async () => {
    const { frames, items } = await drive(['motor-heat']);
    const found = await items();
    expect(found.map((w) => w.item).sort()).toEqual(['C6', 'C7']);
    // Two hidden dangers within 24 h: both level 2, to be handled within a day (Annex D).
    expect(found.map((w) => w.level)).toEqual([2, 2]);
    for (const w of found) {
      expect(w.raised - firstRunning(frames)).toBeGreaterThanOrEqual(30 * 60_000);
      expect(w.detail).toMatch(/^ε=\d+\.\d% > 20%, T0=(80|120) °C, L=\d+s$/);
    }
  });

  it('raises nothing for a healthy drive train, nor C.8 for a vehicle without a DC/DC reading', async () => {
    const { v, items } = await drive([]);
    expect(await items()).toEqual([]);
    const [row] = await queryRows<{ c6_read_s: number; c6_hot_s: number; c8_read_s: number }>(db,
      sql`SELECT c6_read_s, c6_hot_s, c8_read_s FROM wdiov_safety_daily WHERE vin = ${v.vin} ORDER BY day LIMIT 1`);
    // The day's running time was counted (at least the 30 minutes a verdict needs), none of it hot.
    expect(Number(row!.c6_read_s)).toBeGreaterThanOrEqual(1_800);
    expect(Number(row!.c6_hot_s)).toBe(0);
    expect(Number(row!.c8_read_s)).toBe(0);
  });

  it('counts running time, not samples: a gap longer than run.maxGapS is not running', async () => {
    const { v } = await drive([]);
    const [row] = await queryRows<{ c6_read_s: number }>(db, sql`SELECT sum(c6_read_s) AS c6_read_s FROM wdiov_safety_daily WHERE vin = ${v.vin}`);
    // Four hours of frames every 10 s: the running time cannot exceed the span they cover.
    expect(Number(row!.c6_read_s)).toBeLessThanOrEqual((FRAMES * 10) + 10);
  });
});

describe('C.8 DC/DC temperature duty', () => {
  it('raises for a 2025 fuel-cell system unit reporting a hot converter while running', async () => {
    const { items } = await drive(['dcdc-heat'], '2025');
    expect((await items()).map((w) => w.item)).toEqual(['C8']);
  });
});
