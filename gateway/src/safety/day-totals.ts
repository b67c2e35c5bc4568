import {
  insulationLow, matrixColumn, samplingFault, type DutyItem, type MatrixColumn, type MatrixItem, type SafetySettings,
} from '@wdiov/contracts';
import { cellList, type FrameReadings } from './frame-readings.ts';

export const MATRIX_ITEMS: readonly MatrixItem[] = ['C1', 'C2', 'C4', 'C5'];
export const DUTY_ITEMS: readonly DutyItem[] = ['C6', 'C7', 'C8'];

/** One vehicle-day of wdiov_safety_daily: what this gateway added (a delta) or the row as stored. */
export interface DayTotals {
  frames: number;
  insulationLow: number;
  chargeSamples: number;
  chargeRangeSq: number;
  samplingFaults: number;
  episodes: Record<MatrixItem, number>;
  longestS: Record<MatrixItem, number>;
  /**
   * C.6–C.8: the day's running time with a reading, and the part of it above T0, s. A vehicle's
   * running within a day is its run segment (the standard defines none).
   */
  dutyReadS: Record<DutyItem, number>;
  dutyHotS: Record<DutyItem, number>;
  lastTime: number | null;
  lastSoc: number | null;
  offSince: number | null;
  lastLng: number | null;
  lastLat: number | null;
}

const perItem = (): Record<MatrixItem, number> => ({ C1: 0, C2: 0, C4: 0, C5: 0 });
const perDuty = (): Record<DutyItem, number> => ({ C6: 0, C7: 0, C8: 0 });

export const emptyTotals = (): DayTotals => ({
  frames: 0, insulationLow: 0, chargeSamples: 0, chargeRangeSq: 0, samplingFaults: 0,
  episodes: perItem(), longestS: perItem(), dutyReadS: perDuty(), dutyHotS: perDuty(), lastTime: null, lastSoc: null, offSince: null, lastLng: null, lastLat: null,
});

type Chemistry = 'ncm' | 'lfp' | undefined;
const columnCache = new WeakMap<SafetySettings, Map<Chemistry, readonly (MatrixColumn | undefined)[]>>();

/** The matrix columns of MATRIX_ITEMS under a settings object and a chemistry, made once per read of the settings. */
export function matrixColumns(s: SafetySettings, chemistry: Chemistry): readonly (MatrixColumn | undefined)[] {
  let byChemistry = columnCache.get(s);
  if (!byChemistry) columnCache.set(s, (byChemistry = new Map()));
  let columns = byChemistry.get(chemistry);
  if (!columns) byChemistry.set(chemistry, (columns = MATRIX_ITEMS.map((item) => matrixColumn(s, item, chemistry))));
  return columns;
}

/** Counts add up; the longest pass is the longer; the latest frame's readings win. */
export function sumTotals(a: DayTotals, b: DayTotals): DayTotals {
  const later = (b.lastTime ?? -Infinity) >= (a.lastTime ?? -Infinity) ? b : a;
  const out = emptyTotals();
  out.frames = a.frames + b.frames;
  out.insulationLow = a.insulationLow + b.insulationLow;
  out.chargeSamples = a.chargeSamples + b.chargeSamples;
  out.chargeRangeSq = a.chargeRangeSq + b.chargeRangeSq;
  out.samplingFaults = a.samplingFaults + b.samplingFaults;
  for (const k of MATRIX_ITEMS) {
    out.episodes[k] = a.episodes[k] + b.episodes[k];
    out.longestS[k] = Math.max(a.longestS[k], b.longestS[k]);
  }
  for (const k of DUTY_ITEMS) {
    out.dutyReadS[k] = a.dutyReadS[k] + b.dutyReadS[k];
    out.dutyHotS[k] = a.dutyHotS[k] + b.dutyHotS[k];
  }
  out.lastTime = later.lastTime;
  out.lastSoc = later.lastSoc;
  out.offSince = later.offSince;
  out.lastLng = later.lastLng;
  out.lastLat = later.lastLat;
  return out;
}

/** Whether a frame passes the matrix threshold of an item (C.1/C.2 while charging, C.4/C.5 while discharging). */
function passes(item: MatrixItem, r: FrameReadings, limit: number): boolean {
  switch (item) {
    case 'C1': return r.charging && r.maxTempC !== undefined && r.maxTempC > limit;
    case 'C2': return r.charging && r.maxCellV !== undefined && r.maxCellV > limit;
    case 'C4': return r.discharging && r.maxTempC !== undefined && r.maxTempC > limit;
    case 'C5': return r.discharging && r.minCellV !== undefined && r.minCellV < limit;
  }
}

/**
 * What a vehicle carries from frame to frame: where its current threshold passes began (a pass
 * is one episode, from its first frame past the threshold to its last) and since when it has
 * been switched off (null: it is on).
 */
export interface VehicleCarry {
  open: Partial<Record<MatrixItem, number>>;
  offSince: number | null;
  /** The previous running frame's time (null: the vehicle was not running). */
  lastRunTs: number | null;
}

const dutyReading = (item: DutyItem, r: FrameReadings) =>
  item === 'C6' ? r.motorTempC : item === 'C7' ? r.controllerTempC : r.dcdcTempC;

/**
 * C.6–C.8: running time since the previous running frame, credited to this frame's readings.
 * Time rather than samples, since the report period varies (1 s around an alarm); a gap longer
 * than run.maxGapS (the link dropped, the terminal slept) is not counted as running.
 */
function addDuty(delta: DayTotals, carry: VehicleCarry, r: FrameReadings, s: SafetySettings): void {
  if (!r.discharging) {
    carry.lastRunTs = null;
    return;
  }
  const previous = carry.lastRunTs;
  if (previous === null || r.ts > previous) carry.lastRunTs = r.ts;
  if (previous === null || r.ts <= previous) return;
  const dt = (r.ts - previous) / 1000;
  if (dt > s['run.maxGapS']) return;
  for (const item of DUTY_ITEMS) {
    const c = dutyReading(item, r);
    if (c === undefined) continue;
    delta.dutyReadS[item] += dt;
    if (c > s[`${item}.limitC`]) delta.dutyHotS[item] += dt;
  }
}

/** Adds one frame to a vehicle-day delta. */
export function addFrame(delta: DayTotals, carry: VehicleCarry, r: FrameReadings, s: SafetySettings, chemistry: Chemistry): void {
  const open = carry.open;
  delta.frames++;
  const low = insulationLow(r.insulationKohm, r.totalVoltageV, s['C9.ohmPerVolt']);
  if (low && (!s['C9.dischargeOnly'] || !r.charging)) delta.insulationLow++;
  if (r.charging && r.maxCellV !== undefined && r.minCellV !== undefined) {
    delta.chargeSamples++;
    delta.chargeRangeSq += (r.maxCellV - r.minCellV) ** 2;
  }
  // C.10's first two conditions read the extremes alone: only a frame passing them is worth its list (the median).
  if (r.cellCount >= 3 && r.maxCellV! - r.minCellV! >= s['C10.deltaVolts'] && Math.abs(r.iMaxCell - r.iMinCell) === 1
    && samplingFault(cellList(r), s['C10.deltaVolts'], s['C10.outlier'])) delta.samplingFaults++;
  const columns = matrixColumns(s, chemistry);
  for (let i = 0; i < MATRIX_ITEMS.length; i++) {
    const item = MATRIX_ITEMS[i]!;
    const column = columns[i];
    if (!column || !passes(item, r, column.limit)) {
      open[item] = undefined;
      continue;
    }
    const since = open[item];
    if (since === undefined) {
      open[item] = r.ts;
      delta.episodes[item]++;
    } else delta.longestS[item] = Math.max(delta.longestS[item], (r.ts - since) / 1000);
  }
  addDuty(delta, carry, r, s);
  if (r.off) carry.offSince ??= r.ts;
  else carry.offSince = null;
  if (delta.lastTime === null || r.ts >= delta.lastTime) {
    delta.lastTime = r.ts;
    delta.lastSoc = r.soc ?? delta.lastSoc;
    delta.offSince = carry.offSince;
    if (r.lng !== undefined && r.lat !== undefined) {
      delta.lastLng = r.lng;
      delta.lastLat = r.lat;
    }
  }
}
