// The vehicle model without I/O: determinism, plausible decoded values, report timing.
import { Command, gbTimeToEpochMs } from '@wdiov/contracts/protocol/index';
import { CITIES, distanceM } from '@wdiov/contracts/simulation/index';
import { describe, expect, it } from 'vitest';
import { newCounters } from '../src/stats.ts';
import { START_MS, decodeOk, item, makeModel, num, realtimeOf, runModel } from './helpers.ts';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const timeOf = (bytes: Uint8Array) => gbTimeToEpochMs(realtimeOf(decodeOk(bytes)).time);

describe('determinism', () => {
  it('the same seed and start time give the same frames byte for byte', () => {
    const a = runModel(makeModel({ seed: 7, index: 3, rates: { alarmsPerHour: 30 } }), 3600).map(hex);
    const b = runModel(makeModel({ seed: 7, index: 3, rates: { alarmsPerHour: 30 } }), 3600).map(hex);
    expect(a.length).toBeGreaterThan(300);
    expect(b).toEqual(a);
  });

  it('another seed or another vehicle gives other frames', () => {
    const first = (seed: number, index: number) => runModel(makeModel({ seed, index }), 60).map(hex);
    expect(first(7, 3)).not.toEqual(first(8, 3));
    expect(first(7, 3)).not.toEqual(first(7, 4));
  });

  it('the start time only shifts the frames: same data, other timestamps', () => {
    const at = (startMs: number) => runModel(makeModel({ seed: 7, startMs }), 600).map((b) => realtimeOf(decodeOk(b)).items);
    expect(at(START_MS + 86_400_000)).toEqual(at(START_MS));
  });
});

describe('decoded frames carry plausible values', () => {
  for (const edition of ['2016', '2025'] as const) {
    it(`${edition}: 10 vehicles over 3 simulated hours`, () => {
      const city = CITIES.shenzhen;
      // Checks are collected rather than asserted one by one: ~10,000 frames × 100 values.
      const problems: string[] = [];
      const check = (ok: boolean, what: string) => {
        if (!ok && problems.length < 20) problems.push(what);
      };
      let frames = 0;
      let charging = 0;
      for (let index = 0; index < 10; index++) {
        const model = makeModel({ index, edition, rates: { alarmsPerHour: 2, faultsPerHour: 2 } });
        let lastMileage = 0;
        for (const bytes of runModel(model, 3 * 3600)) {
          frames++;
          const frame = decodeOk(bytes);
          const at = `vehicle ${index} frame ${frames}`;
          check(frame.edition === edition && frame.vin === model.terminal.vin, `${at}: header`);
          const body = realtimeOf(frame);
          const v = item(body, 'vehicle');
          const soc = num(v.socPercent);
          const speed = num(v.speedKmh);
          check(soc >= 0 && soc <= 100, `${at}: SOC ${soc}`);
          check(speed >= 0 && speed <= 120, `${at}: speed ${speed}`);
          if (frame.command === Command.realtime) {
            // Reissue frames carry older data, so only live reports must be monotonic.
            check(num(v.mileageKm) >= lastMileage, `${at}: mileage went back`);
            lastMileage = num(v.mileageKm);
          }
          if (v.chargeState === 1) {
            charging++;
            check(num(v.totalCurrentA) < 0 && speed === 0, `${at}: charging while moving or discharging`);
          }
          const p = item(body, 'position');
          const km = distanceM(city.centre, { lng: num(p.longitudeDeg), lat: num(p.latitudeDeg) }) / 1000;
          check(km < 40, `${at}: ${km.toFixed(1)} km from the centre`);

          const cells = item(body, 'cellVoltages').packs[0].cellVoltagesV.map(num);
          const cellAlarm = (item(body, 'alarm').flags & ((1 << 6) | (1 << 10))) !== 0;
          const lo = Math.min(...cells);
          const hi = Math.max(...cells);
          check(cells.length === 96, `${at}: ${cells.length} cells`);
          check(lo >= (cellAlarm ? 2.5 : 3.0) && hi <= 4.2, `${at}: cells ${lo}..${hi} V`);
          const weakest = cells.indexOf(lo);
          check(weakest === model.terminal.pack.weakCell && cells.filter((c) => c === lo).length === 1, `${at}: weak cell not lowest`);
          const sum = cells.reduce((a, b) => a + b, 0);
          check(Math.abs(num(v.totalVoltageV) - sum) < 0.11, `${at}: pack ${String(v.totalVoltageV)} V vs cells ${sum}`);

          const temps = item(body, 'probeTemperatures').packs[0].temperaturesC.map(num);
          check(Math.min(...temps) > 0 && Math.max(...temps) < 80, `${at}: probe temperatures ${temps.join(',')}`);
          if (edition === '2016') {
            const x = item(body, 'extremes');
            check(x.minCellVoltageV === lo && x.maxCellVoltageV === hi && x.minVoltageCell === weakest + 1, `${at}: voltage extremes`);
            check(x.maxTempC === Math.max(...temps) && x.minTempC === Math.min(...temps), `${at}: temperature extremes`);
          } else {
            check(!body.items.some((i) => i.kind === 'extremes') && body.signature?.r.length === 32, `${at}: 2025 layout`);
          }
        }
      }
      expect(problems).toEqual([]);
      expect(frames).toBeGreaterThan(10 * 1080);
      expect(charging).toBeGreaterThan(0); // some of the fleet starts low and goes charging
    });
  }

  it('SOC drains while driving and rises while charging', () => {
    for (let index = 0; index < 40; index++) {
      const model = makeModel({ index, rates: { alarmsPerHour: 0 } });
      const soc0 = model.battery.socPct;
      const mileage0 = model.motion.mileageKm;
      runModel(model, 1800);
      if (model.motion.phase === 'charging') continue;
      const driven = model.motion.mileageKm - mileage0;
      if (driven > 5 && soc0 > 25) expect(model.battery.socPct).toBeLessThan(soc0);
    }
    const low = Array.from({ length: 40 }, (_, index) => makeModel({ index, rates: { alarmsPerHour: 0 } })).find((m) => m.battery.socPct < 20);
    expect(low).toBeDefined();
    const frames = runModel(low!, 4 * 3600).map((b) => item(realtimeOf(decodeOk(b)), 'vehicle'));
    // The first charging session: from the first charging frame to the first one after it that is not.
    const from = frames.findIndex((v) => v.chargeState === 1);
    const to = frames.findIndex((v, i) => i > from && v.chargeState !== 1);
    expect(from).toBeGreaterThanOrEqual(0);
    const chargingSoc = frames.slice(from, to < 0 ? undefined : to).map((v) => num(v.socPercent));
    expect(chargingSoc.length).toBeGreaterThan(10);
    for (let i = 1; i < chargingSoc.length; i++) expect(chargingSoc[i]).toBeGreaterThanOrEqual(chargingSoc[i - 1]);
    expect(Math.max(...chargingSoc)).toBeGreaterThanOrEqual(80);
  });
});

describe('report timing', () => {
  it('reports every period without alarms', () => {
    const times = runModel(makeModel({ rates: { alarmsPerHour: 0 } }), 600).map(timeOf);
    expect(times.length).toBe(60);
    for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBe(10_000);
  });

  it('a level-3 alarm is preceded by 30 s of 1 s reissue frames, then reports every 1 s', () => {
    let found = 0;
    for (let index = 0; index < 20 && found < 3; index++) {
      const counters = newCounters();
      const frames = runModel(makeModel({ index, rates: { alarmsPerHour: 40, faultsPerHour: 0 } }, counters), 2 * 3600);
      for (let i = 1; i < frames.length; i++) {
        if (frames[i][2] !== Command.reissue || frames[i - 1][2] !== Command.realtime) continue;
        let j = i;
        while (j < frames.length && frames[j][2] === Command.reissue) j++;
        if (j + 40 >= frames.length) continue;
        const reissued = frames.slice(i, j).map(timeOf);
        const onset = decodeOk(frames[j]);
        const onsetMs = gbTimeToEpochMs(realtimeOf(onset).time);
        expect(onset.command).toBe(Command.realtime);
        expect(item(realtimeOf(onset), 'alarm').maxLevel).toBe(3);
        expect(reissued).toHaveLength(30);
        reissued.forEach((t, k) => expect(t).toBe(onsetMs - (30 - k) * 1000));
        // The 30 s after the onset are reported every second.
        const after = frames.slice(j).filter((f) => f[2] === Command.realtime).slice(0, 31).map(timeOf);
        after.forEach((t, k) => expect(t).toBe(onsetMs + k * 1000));
        found++;
      }
      if (found) expect(counters.level3Raised).toBeGreaterThan(0);
    }
    expect(found).toBeGreaterThan(0);
  });
});
