/**
 * Conditions a simulated vehicle can be driven into so the platform's GB/T 45688 hidden-danger
 * models see them in real frames: an insulation drop (C.9), a cell drifting while charging
 * (C.3), a broken cell-voltage sense wire (C.10), a drive motor and its controller running hot
 * (C.6, C.7), a hot DC/DC converter reported in the 2025 fuel-cell system unit (C.8) and a
 * terminal clock set days back, so its data look that old (C.11 long offline).
 */
import type { FuelCellSystemData } from '@wdiov/contracts/protocol/index';
import type { Snapshot } from './snapshot.ts';

export const SAFETY_CONDITIONS = ['insulation', 'cell-drift', 'sense-wire', 'motor-heat', 'dcdc-heat'] as const;
export type SafetyConditionName = (typeof SAFETY_CONDITIONS)[number];

export interface SafetyConditions {
  readonly inject: readonly SafetyConditionName[];
  /** Days the terminal's clock runs behind: every frame's time is that much older. */
  readonly clockOffsetDays: number;
}

export const NO_CONDITIONS: SafetyConditions = Object.freeze({ inject: Object.freeze([]), clockOffsetDays: 0 });

/** Insulation with the drop, Ω per volt of the pack: half the standard's 100 Ω/V. */
export const DROPPED_OHM_PER_VOLT = 50;
/** How far the drifting cell sags below the others while charging, V (C.3 judges 0.5 V). */
export const CHARGE_DRIFT_V = 0.7;
/** A broken sense wire reads one cell this much high and its neighbour as much low, V. */
export const SENSE_WIRE_OFFSET_V = 0.35;
/** The cell the broken wire is bonded to (0-based); its neighbour is the next one. */
export const SENSE_WIRE_CELL = 10;

const DAY_MS = 86_400_000;

export const clockOffsetMs = (c: SafetyConditions | undefined): number => -(c?.clockOffsetDays ?? 0) * DAY_MS;

const has = (c: SafetyConditions | undefined, name: SafetyConditionName) => c?.inject.includes(name) === true;
const charging = (s: Snapshot) => s.chargeState === 1 || s.chargeState === 2;

/**
 * Applies the cell conditions to a frame's cell list (volts, physical order) and answers the
 * pack voltage the list now sums to. The drift sags the cell farthest from the sense-wire pair.
 */
export function conditionCells(c: SafetyConditions | undefined, s: Snapshot, cells: number[], packV: number): number {
  if (!c || c.inject.length === 0 || cells.length < SENSE_WIRE_CELL + 2) return packV;
  let sum = packV;
  const shift = (i: number, dv: number) => {
    const next = Math.max(0, Math.round((cells[i]! + dv) * 1000) / 1000);
    sum += next - cells[i]!;
    cells[i] = next;
  };
  if (has(c, 'sense-wire')) {
    shift(SENSE_WIRE_CELL, SENSE_WIRE_OFFSET_V);
    shift(SENSE_WIRE_CELL + 1, -SENSE_WIRE_OFFSET_V);
  }
  if (has(c, 'cell-drift') && charging(s)) shift(cells.length - 1, -CHARGE_DRIFT_V);
  return Math.round(sum * 1000) / 1000;
}

/** The insulation the frame reports, kΩ: with the drop, DROPPED_OHM_PER_VOLT of the pack voltage. */
export function conditionInsulation(c: SafetyConditions | undefined, s: Snapshot, packV: number): number {
  return has(c, 'insulation') ? Math.max(1, Math.round((DROPPED_OHM_PER_VOLT * packV) / 1000)) : s.insulationKohm;
}

/** Temperatures of a hot drive train while the motor runs, °C: above C.6's 80 °C, C.7's 120 °C and C.8's 90 °C. */
export const HOT_MOTOR_C = 95;
export const HOT_CONTROLLER_C = 130;
export const HOT_DCDC_C = 100;

/** Motor state 3 is off: a parked motor cools whatever the condition. */
const motorRuns = (s: Snapshot) => s.motorState !== 3;

/** The motor and controller temperatures the frame reports, °C. */
export function conditionMotorTemps(c: SafetyConditions | undefined, s: Snapshot): { motorC: number; controllerC: number } {
  const hot = has(c, 'motor-heat') && motorRuns(s);
  return { motorC: hot ? Math.max(HOT_MOTOR_C, s.motorTempC) : s.motorTempC, controllerC: hot ? Math.max(HOT_CONTROLLER_C, s.controllerTempC) : s.controllerTempC };
}

/**
 * With dcdc-heat a 2025 terminal reports the fuel-cell system unit (0x03), the one national unit
 * carrying a DC/DC temperature: a fuel-cell vehicle whose converter runs hot while driving.
 */
export function fuelCellSystemItem(c: SafetyConditions | undefined, s: Snapshot, ambientC: number): FuelCellSystemData | undefined {
  if (!has(c, 'dcdc-heat')) return undefined;
  return {
    kind: 'fuelCellSystem', h2MaxTempC: Math.round(ambientC + 5), h2MaxTempProbe: 1, h2MaxConcentrationPct: 0, h2MaxConcentrationSensor: 1,
    h2MaxPressureMpa: 35, h2MaxPressureSensor: 1, dcdcState: s.dcdcState, h2RemainingPercent: Math.round(s.socPct),
    dcdcControllerTempC: motorRuns(s) ? HOT_DCDC_C : Math.round(ambientC + 5),
  };
}
