// RESS frame split, battery curve, fault codes as DM1 DTCs, event rates.
import { Command, decodeJ1939Dtc } from '@wdiov/contracts/protocol/index';
import { SeededRandom } from '@wdiov/contracts/simulation/index';
import { describe, expect, it } from 'vitest';
import { openCircuitVoltage } from '../src/battery.ts';
import { FAULT_TABLE, VehicleEvents, faultCode } from '../src/events.ts';
import { newCounters } from '../src/stats.ts';
import { decodeOk, item, makeModel, num, realtimeOf, runModel } from './helpers.ts';

describe('battery', () => {
  it('open-circuit voltage rises with SOC within 3.0–4.2 V', () => {
    let last = 0;
    for (let soc = 0; soc <= 100; soc += 0.5) {
      const v = openCircuitVoltage(soc);
      expect(v).toBeGreaterThan(last);
      last = v;
    }
    expect(openCircuitVoltage(0)).toBeCloseTo(3.0);
    expect(openCircuitVoltage(100)).toBeCloseTo(4.18);
  });

  it('2016: a 384-cell pack is split over two frames of the same time (200 + 184 cells)', () => {
    const frames = runModel(makeModel({ cells: 384, reportPeriodMs: 10_000 }), 10).map(decodeOk);
    expect(frames).toHaveLength(2);
    const [first, rest] = frames.map(realtimeOf);
    expect(rest.time).toEqual(first.time);
    expect(rest.items.map((i) => i.kind)).toEqual(['cellVoltages']);
    const a = item(first, 'cellVoltages').packs[0];
    const b = item(rest, 'cellVoltages').packs[0];
    expect([a.totalCells, a.startCell, a.cellVoltagesV.length]).toEqual([384, 1, 200]);
    expect([b.totalCells, b.startCell, b.cellVoltagesV.length]).toEqual([384, 201, 184]);
    // The extremes describe the whole pack, both frames together.
    const all = [...a.cellVoltagesV, ...b.cellVoltagesV].map(num);
    const x = item(first, 'extremes');
    expect(x.minCellVoltageV).toBe(Math.min(...all));
    expect(num(item(first, 'vehicle').totalVoltageV)).toBeCloseTo(all.reduce((s, c) => s + c, 0), 1);
  });

  it('2025: the whole cell list goes in one frame', () => {
    const frames = runModel(makeModel({ cells: 384, edition: '2025' }), 10).map(decodeOk);
    expect(frames).toHaveLength(1);
    expect(item(realtimeOf(frames[0]), 'cellVoltages').packs[0].cellVoltagesV).toHaveLength(384);
  });
});

describe('events', () => {
  it('fault codes are DM1 DTCs packed as DWORDs, in the list of their system', () => {
    for (const def of FAULT_TABLE) {
      const code = faultCode(def, 3);
      const bytes = Uint8Array.of(code >>> 24, (code >>> 16) & 0xff, (code >>> 8) & 0xff, code & 0xff);
      expect(decodeJ1939Dtc(bytes, 0)).toMatchObject({ spn: def.spn, fmi: def.fmi, occurrenceCount: 3 });
    }
    const model = makeModel({ rates: { alarmsPerHour: 0, faultsPerHour: 60 } });
    const lists = runModel(model, 3600).map((b) => item(realtimeOf(decodeOk(b)), 'alarm'));
    const ress = new Set(lists.flatMap((a) => a.ressFaultCodes).map((c) => decodeJ1939Dtc(Uint8Array.of(c >>> 24, c >>> 16, c >>> 8, c), 0).spn));
    expect([...ress].every((spn) => FAULT_TABLE.some((d) => d.spn === spn && d.list === 'ress'))).toBe(true);
    expect(lists.some((a) => a.otherFaultCodes.length > 0 && num(a.maxLevel) >= 1)).toBe(true);
  });

  it('raises alarms at the configured rate, with levels 1–3, and clears them', () => {
    const counters = newCounters();
    const events = new VehicleEvents(new SeededRandom(5), { alarmsPerHour: 10, faultsPerHour: 0, fencesPerHour: 0 }, '2016', 0, counters);
    const levels = new Set<number>();
    let clearSeen = false;
    for (let t = 1000; t <= 100 * 3_600_000; t += 1000) {
      events.step(t, 60);
      levels.add(events.maxLevel);
      if (events.flags === 0 && counters.alarmsRaised > 0) clearSeen = true;
    }
    // 100 vehicle-hours at 10 per hour: ~1000 alarms (Poisson, so ± a few %).
    expect(counters.alarmsRaised).toBeGreaterThan(900);
    expect(counters.alarmsRaised).toBeLessThan(1100);
    expect(counters.level3Raised / counters.alarmsRaised).toBeGreaterThan(0.06);
    expect(counters.level3Raised / counters.alarmsRaised).toBeLessThan(0.14);
    expect([...levels].sort()).toEqual([0, 1, 2, 3]);
    expect(clearSeen).toBe(true);
  });

  it('the SOC-low flag follows the battery (on below 15 %, off from 20 %)', () => {
    const events = new VehicleEvents(new SeededRandom(1), { alarmsPerHour: 0, faultsPerHour: 0, fencesPerHour: 0 }, '2016', 0, newCounters());
    events.step(1000, 14);
    expect(events.flags & (1 << 4)).not.toBe(0);
    events.step(2000, 18);
    expect(events.flags & (1 << 4)).not.toBe(0);
    events.step(3000, 21);
    expect(events.flags).toBe(0);
  });

  it('fence detours make vehicles cross the fence sites', () => {
    const counters = newCounters();
    for (let index = 0; index < 5; index++) runModel(makeModel({ index, rates: { alarmsPerHour: 0, fencesPerHour: 4 } }, counters), 3600);
    expect(counters.fenceCrossings).toBeGreaterThanOrEqual(10);
  });

  it('reissue frames differ from realtime frames only in the command byte and the BCC', async () => {
    const { asReissue } = await import('../src/frames.ts');
    const [frame] = runModel(makeModel(), 10);
    const again = asReissue(frame);
    expect(decodeOk(again).command).toBe(Command.reissue);
    expect(decodeOk(again).body).toEqual(decodeOk(frame).body);
  });
});
