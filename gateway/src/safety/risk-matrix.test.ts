import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeFrame, type AlarmData, type RealtimeBody } from '@wdiov/contracts/protocol/index';
import { freshDatabase } from '../../test/test-gateway.ts';
import type { Db } from '../db/client.ts';
import { normalize } from '../ingest/normalize.ts';
import type { VehicleRef } from '../ingest/vehicle-directory.ts';
import { SafetyMonitor } from './safety-monitor.ts';
import { SafetySettingsSource } from './settings-source.ts';
import { WarningWriter } from './warning-writer.ts';
import { addVehicle, framesOf, simulated, warningsOf } from '../../test/safety-fixture.ts';

// C.1, C.2, C.4 and C.5: the risk matrices by battery type, on simulator frames whose readings are set to the case at hand.
const OFFSET = 480;
const START = Date.UTC(2026, 2, 10, 0, 0, 0);
const LFP = '01';
const NCM = '04';

let db: Db;
let dispose: () => Promise<void>;
let index = 300;

beforeAll(async () => {
  const fresh = await freshDatabase();
  db = fresh.database.db;
  dispose = fresh.dispose;
});
afterAll(() => dispose());

interface Case { charging: boolean; hottestC?: number; cellV?: number }

/**
 * A simulator frame of the vehicle, charging or driving, its cells at a level plausible for the
 * chemistry (the simulator's pack is ternary), with one probe and one cell set to the case's readings.
 */
function frameFor(v: VehicleRef, bytes: Uint8Array, c: Case, cellsAtV: number) {
  const decoded = decodeFrame(bytes);
  if (!decoded.ok || decoded.frame.body.kind !== 'realtime') throw new Error('not realtime');
  const body: RealtimeBody = decoded.frame.body;
  for (const item of body.items) {
    if (item.kind === 'vehicle') {
      item.chargeState = c.charging ? 1 : 3;
      item.vehicleState = 1;
    }
    if (item.kind === 'probeTemperatures' && c.hottestC !== undefined) item.packs[0]!.temperaturesC[2] = c.hottestC;
    if (item.kind === 'cellVoltages') {
      const cells = item.packs[0]!.cellVoltagesV;
      cells.fill(cellsAtV);
      if (c.cellV !== undefined) cells[5] = c.cellV;
    }
    if (item.kind === 'extremes' && c.hottestC !== undefined) item.maxTempC = c.hottestC;
  }
  const alarm = body.items.find((i): i is AlarmData => i.kind === 'alarm');
  return [normalize(body, v, false, undefined), alarm, decoded.frame.edition, body.items] as const;
}

async function itemsFound(chemistry: string | undefined, c: Case): Promise<string[]> {
  const v = await addVehicle(db, '000000', index++, { chemistry });
  const m = new SafetyMonitor(db, new SafetySettingsSource(db), new WarningWriter(db, OFFSET), OFFSET);
  const frames = framesOf(simulated(index, START), 3);
  const cellsAtV = chemistry === LFP ? 3.3 : 3.9;
  // The pack's chemistry is read when the vehicle is first seen: a frame in range first.
  m.telemetry(...frameFor(v, frames[0]!, { charging: c.charging }, cellsAtV));
  await m.settled();
  for (const f of frames.slice(1)) m.telemetry(...frameFor(v, f, c, cellsAtV));
  await m.settled();
  return (await warningsOf(db, v.vin)).map((w) => w.item);
}

describe('GB/T 45688 risk matrices', () => {
  it('C.1 max temperature while charging: above 65 °C for LFP, 60 °C for ternary', async () => {
    expect(await itemsFound(LFP, { charging: true, hottestC: 66 })).toEqual(['C1']);
    expect(await itemsFound(LFP, { charging: true, hottestC: 64 })).toEqual([]);
    expect(await itemsFound(NCM, { charging: true, hottestC: 61 })).toEqual(['C1']);
    expect(await itemsFound(NCM, { charging: false, hottestC: 59 })).toEqual([]);
  });

  it('C.2 max cell voltage while charging: above 3.7 V for LFP, 4.4 V for ternary', async () => {
    expect(await itemsFound(LFP, { charging: true, cellV: 3.75 })).toEqual(['C2']);
    expect(await itemsFound(LFP, { charging: true, cellV: 3.65 })).toEqual([]);
    expect(await itemsFound(NCM, { charging: true, cellV: 4.3 })).toEqual([]);
    expect(await itemsFound(NCM, { charging: true, cellV: 4.45 })).toEqual(['C2']);
  });

  it('C.4 max temperature while discharging, apart from C.1', async () => {
    expect(await itemsFound(NCM, { charging: false, hottestC: 61 })).toEqual(['C4']);
    expect(await itemsFound(LFP, { charging: false, hottestC: 62 })).toEqual([]);
  });

  it('C.5 min cell voltage while discharging: below 1.5 V for LFP, 1.8 V for ternary', async () => {
    expect(await itemsFound(LFP, { charging: false, cellV: 1.4 })).toEqual(['C5']);
    expect(await itemsFound(LFP, { charging: false, cellV: 1.6 })).toEqual([]);
    expect(await itemsFound(NCM, { charging: false, cellV: 1.7 })).toEqual(['C5']);
    expect(await itemsFound(NCM, { charging: true, cellV: 1.7 })).toEqual([]);
  });

  it('judge no pack whose chemistry the standard gives no thresholds for (default setting)', async () => {
    expect(await itemsFound('08', { charging: true, hottestC: 80 })).toEqual([]);
    expect(await itemsFound(undefined, { charging: false, cellV: 1.0 })).toEqual([]);
  });
});
