// Conditions injected for the safety models, as the decoded frames show them.
import { gbTimeToEpochMs, type RealtimeBody } from '@wdiov/contracts/protocol/index';
import { describe, expect, it } from 'vitest';
import { parseCli } from '../src/options.ts';
import {
  CHARGE_DRIFT_V, HOT_CONTROLLER_C, HOT_DCDC_C, HOT_MOTOR_C, SENSE_WIRE_CELL, type SafetyConditions,
} from '../src/safety-conditions.ts';
import { START_MS, decodeOk, item, makeModel, num, realtimeOf, runModel } from './helpers.ts';

const DAY = 86_400_000;
const inject = (...names: SafetyConditions['inject']): SafetyConditions => ({ inject: names, clockOffsetDays: 0 });
const bodies = (conditions: SafetyConditions | undefined, steps: number, index = 0) =>
  runModel(makeModel({ index, rates: { alarmsPerHour: 0, faultsPerHour: 0 }, conditions }), steps).map((b) => realtimeOf(decodeOk(b)));
const cellsOf = (b: RealtimeBody) => item(b, 'cellVoltages').packs[0]!.cellVoltagesV.map(num);
const spread = (cells: number[]) => Math.max(...cells) - Math.min(...cells);
/** The first of 40 demo vehicles that starts low enough to charge within hours. */
const lowIndex = () => Array.from({ length: 40 }, (_, index) => index).find((index) => makeModel({ index }).battery.socPct < 20)!;

describe('safety conditions of the simulator', () => {
  it('a hot drive train reads its motor and controller above C.6 and C.7 while the motor runs, and cools when it is off', () => {
    const all = bodies(inject('motor-heat'), 600);
    const motors = all.map((b) => item(b, 'motors').motors[0]!);
    const running = motors.filter((m) => m.state !== 3);
    expect(running.length).toBeGreaterThan(0);
    for (const m of running) {
      expect(num(m.temperatureC)).toBeGreaterThanOrEqual(HOT_MOTOR_C);
      expect(num(m.controllerTempC)).toBeGreaterThanOrEqual(HOT_CONTROLLER_C);
    }
    for (const m of motors.filter((x) => x.state === 3)) expect(num(m.temperatureC)).toBeLessThan(HOT_MOTOR_C);
    const healthy = bodies(undefined, 600).map((b) => item(b, 'motors').motors[0]!);
    expect(Math.max(...healthy.map((m) => num(m.temperatureC)))).toBeLessThan(80);
  });

  it('a hot DC/DC is reported in the 2025 fuel-cell system unit, and only with the condition', () => {
    const run = (conditions?: SafetyConditions) =>
      runModel(makeModel({ rates: { alarmsPerHour: 0, faultsPerHour: 0 }, conditions, edition: '2025' }), 300).map((b) => realtimeOf(decodeOk(b)));
    const units = run(inject('dcdc-heat')).map((b) => b.items.find((i) => i.kind === 'fuelCellSystem'));
    expect(units.every((u) => u !== undefined)).toBe(true);
    expect(units.some((u) => u!.kind === 'fuelCellSystem' && num(u!.dcdcControllerTempC) === HOT_DCDC_C)).toBe(true);
    expect(run(undefined).some((b) => b.items.some((i) => i.kind === 'fuelCellSystem'))).toBe(false);
  });

  it('insulation drops to 50 Ω per volt of the pack, below the 100 Ω/V of C.9', () => {
    for (const b of bodies(inject('insulation'), 300)) {
      const v = item(b, 'vehicle');
      expect(num(v.insulationKohm)).toBeLessThanOrEqual((100 * num(v.totalVoltageV)) / 1000);
      expect(num(v.insulationKohm)).toBeGreaterThan((40 * num(v.totalVoltageV)) / 1000);
    }
    for (const b of bodies(undefined, 300)) {
      const v = item(b, 'vehicle');
      expect(num(v.insulationKohm)).toBeGreaterThan((100 * num(v.totalVoltageV)) / 1000);
    }
  });

  it('a broken sense wire reads two neighbouring cells high and low, the rest unchanged', () => {
    const plain = bodies(undefined, 120);
    const broken = bodies(inject('sense-wire'), 120);
    expect(broken.length).toBe(plain.length);
    broken.forEach((b, i) => {
      const cells = cellsOf(b);
      const before = cellsOf(plain[i]!);
      expect(cells[SENSE_WIRE_CELL]! - before[SENSE_WIRE_CELL]!).toBeCloseTo(0.35, 3);
      expect(cells[SENSE_WIRE_CELL + 1]! - before[SENSE_WIRE_CELL + 1]!).toBeCloseTo(-0.35, 3);
      expect(cells.filter((c, k) => c !== before[k]).length).toBe(2);
      expect(Math.abs(cells.indexOf(Math.max(...cells)) - cells.indexOf(Math.min(...cells)))).toBe(1);
      expect(num(item(b, 'vehicle').totalVoltageV)).toBeCloseTo(num(item(plain[i]!, 'vehicle').totalVoltageV), 1);
    });
  });

  it('a drifting cell sags while charging only', () => {
    const all = bodies(inject('cell-drift'), 4 * 3600, lowIndex());
    const charging = all.filter((b) => item(b, 'vehicle').chargeState === 1);
    const driving = all.filter((b) => item(b, 'vehicle').chargeState !== 1);
    expect(charging.length).toBeGreaterThan(10);
    for (const b of charging) expect(spread(cellsOf(b))).toBeGreaterThanOrEqual(CHARGE_DRIFT_V - 0.05);
    for (const b of driving) expect(spread(cellsOf(b))).toBeLessThan(0.5);
  });

  it('a clock offset makes every frame that many days older, nothing else', () => {
    const plain = bodies(undefined, 60);
    const behind = bodies({ inject: [], clockOffsetDays: 61 }, 60);
    behind.forEach((b, i) => {
      expect(gbTimeToEpochMs(b.time)).toBe(gbTimeToEpochMs(plain[i]!.time) - 61 * DAY);
      expect(b.items).toEqual(plain[i]!.items);
    });
    expect(gbTimeToEpochMs(behind[0]!.time)).toBeLessThan(START_MS - 60 * DAY);
  });

  it('are options of the command line, refused when unknown', () => {
    const run = parseCli(['--inject', 'insulation,sense-wire', '--clock-offset-days', '61']);
    expect(run.kind === 'run' && run.options.conditions).toEqual({ inject: ['insulation', 'sense-wire'], clockOffsetDays: 61 });
    const plain = parseCli([]);
    expect(plain.kind === 'run' && plain.options.conditions).toBeUndefined();
    const bad = parseCli(['--inject', 'fire']);
    expect(bad.kind === 'error' && bad.message).toMatch(/--inject takes insulation, cell-drift, sense-wire, motor-heat, dcdc-heat, got 'fire'/);
    const negative = parseCli(['--clock-offset-days', '-3']);
    expect(negative.kind).toBe('error');
  });
});
