/**
 * Conditions a simulated vehicle can be driven into so the platform's GB/T 45688 hidden-danger
 * models see them in real frames: an insulation drop (C.9), a cell drifting while charging
 * (C.3), a broken cell-voltage sense wire (C.10) and a terminal clock set days back, so its
 * data look that old (C.11 long offline).
 */
import type { Snapshot } from './snapshot.ts';

export const SAFETY_CONDITIONS = ['insulation', 'cell-drift', 'sense-wire'] as const;
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
