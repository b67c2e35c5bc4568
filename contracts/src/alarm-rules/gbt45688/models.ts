import type { MatrixColumn } from './settings.ts';

/**
 * The Annex C models of GB/T 45688 as pure functions over one frame's readings or one day's
 * aggregates; the safety monitor keeps the aggregates and calls these.
 */

/**
 * C.9, one frame: insulation at or below r_T (Ω/V) times the frame's total voltage. The frame
 * carries kΩ, so the bound is ohmPerVolt × U / 1000 kΩ. Undefined without both readings.
 */
export function insulationLow(insulationKohm: number | undefined, totalVoltageV: number | undefined, ohmPerVolt: number): boolean | undefined {
  if (insulationKohm === undefined || totalVoltageV === undefined || totalVoltageV <= 0) return undefined;
  return insulationKohm <= (ohmPerVolt * totalVoltageV) / 1000;
}

/** C.3: r_V = √(Σ(Vmax − Vmin)² / N) over the N charging samples, V. */
export const rangeRms = (sumOfSquares: number, samples: number): number => (samples > 0 ? Math.sqrt(sumOfSquares / samples) : 0);

/**
 * C.10, one frame: a broken sense wire reads one cell high and its neighbour low by about the
 * same amount. `cells` are the voltages in physical order (the frame's cell numbers). All three:
 * C1 dV = Vmax − Vmin ≥ dV_T; C2 the highest and lowest cells are neighbours; C3 the two
 * deviations from the median are alike, a < (Vmax − Vmid)/(Vmid − Vmin) < 1/a.
 */
export function samplingFault(cells: readonly number[], deltaVolts: number, a: number): boolean {
  if (cells.length < 3) return false;
  let iMax = 0;
  let iMin = 0;
  for (let i = 1; i < cells.length; i++) {
    if (cells[i]! > cells[iMax]!) iMax = i;
    if (cells[i]! < cells[iMin]!) iMin = i;
  }
  const vMax = cells[iMax]!;
  const vMin = cells[iMin]!;
  if (vMax - vMin < deltaVolts || Math.abs(iMax - iMin) !== 1) return false;
  const sorted = [...cells].sort((x, y) => x - y);
  const mid = sorted.length % 2 === 1 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
  // The text does not cover Vmid = Vmin: a low cell at the median is no pair of opposite deviations.
  if (mid - vMin <= 0) return false;
  const ratio = (vMax - mid) / (mid - vMin);
  return ratio > a && ratio < 1 / a;
}

/** C.11a: days of standing left, t = FSOC / SD (both in SOC percentage points). */
export const standingDaysLeft = (socPercent: number, selfDischargePerDay: number): number => socPercent / selfDischargePerDay;

/**
 * C.6–C.8, one run segment: ε = (time above T0) / (time with a reading), judged once the segment
 * holds `minSeconds` of readings. The standard's ε_i = t_i / T_i names an undefined T_i; its
 * segment length L_i is read as the denominator. Time, not samples: GB/T 32960 terminals report
 * every 1 s around an alarm and every 10–30 s otherwise, so counting samples would weigh an
 * alarm's burst thirty times over.
 */
export function dutyAbnormal(hotSeconds: number, readSeconds: number, percent: number, minSeconds: number): boolean {
  return readSeconds >= minSeconds && readSeconds > 0 && (hotSeconds / readSeconds) * 100 > percent;
}

/** A day's passes of a C.1–C.5 threshold: how many episodes, and the longest, in seconds. */
export interface MatrixDay { episodes: number; longestS: number }

/** C.1–C.5: abnormal when an episode lasted longer, or there were more, than the column allows. */
export const matrixAbnormal = (day: MatrixDay, column: MatrixColumn): boolean =>
  day.episodes > column.allowedCount || day.longestS > column.allowedSeconds;

/** A parked vehicle of C.12's set X: where it stands. */
export interface ParkedVehicle { key: string; lng: number; lat: number }

/** Great-circle distance in metres (haversine, mean Earth radius). */
export function metresBetween(a: { lng: number; lat: number }, b: { lng: number; lat: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * C.12: the members of X with at least `minVehicles` members of X (itself included: its own
 * distance is 0) closer than `radiusM`. Quadratic in X, which holds only the vehicles parked
 * for months with a full battery.
 */
export function clustered(set: readonly ParkedVehicle[], radiusM: number, minVehicles: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const target of set) {
    let num = 0;
    for (const x of set) if (metresBetween(target, x) < radiusM) num++;
    if (num >= minVehicles) out.set(target.key, num);
  }
  return out;
}
