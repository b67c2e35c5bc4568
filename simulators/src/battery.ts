/**
 * Traction battery: SOC from energy drawn or charged, cell voltage from an NCM open-circuit
 * curve minus the IR drop, N series cells with small fixed offsets and one weak cell that
 * drifts lower over time, pack temperature from I²R heating against the ambient, and probe
 * temperatures around it. Also turns a snapshot into the RESS blocks of a realtime frame:
 * cell voltages (split over frames in 2016 when a pack has more than 200 cells), probe
 * temperatures and the 2016 extreme-values block, all computed from the same cell list so
 * they agree the way the national platform's consistency checks expect.
 */
import type { CellVoltagePack, ExtremeValues, ProbeTemperaturePack } from '@wdiov/contracts/protocol/index';
import type { SeededRandom } from '@wdiov/contracts/simulation/index';
import type { Snapshot } from './snapshot.ts';

/** GB/T 32960.3-2016 B.6: at most 200 cells per frame; larger packs span several frames. */
export const MAX_CELLS_PER_FRAME = 200;

// NCM open-circuit voltage per cell against SOC (%), piecewise linear.
const OCV_SOC = [0, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100];
const OCV_V = [3.0, 3.42, 3.52, 3.6, 3.65, 3.7, 3.76, 3.83, 3.9, 3.98, 4.07, 4.18];

export function openCircuitVoltage(socPct: number): number {
  const s = Math.max(0, Math.min(100, socPct));
  let i = 1;
  while (i < OCV_SOC.length - 1 && OCV_SOC[i] < s) i++;
  const f = (s - OCV_SOC[i - 1]) / (OCV_SOC[i] - OCV_SOC[i - 1]);
  return OCV_V[i - 1] + f * (OCV_V[i] - OCV_V[i - 1]);
}

/** The fixed build of one vehicle's pack. */
export interface PackSpec {
  cells: number;
  probes: number;
  capacityKWh: number;
  /** 0-based index of the weak cell. */
  weakCell: number;
  /** Fixed per-cell deviation from the healthy voltage (V); the weak cell's own is 0. */
  cellOffsetsV: Float32Array;
  /** Fixed per-probe deviation from the pack temperature (°C). */
  probeOffsetsC: Int8Array;
}

const CELL_RESISTANCE_OHM = 0.0006; // per series unit (parallel cells combined)
const HEAT_CAPACITY_J_PER_K = 400_000;
const COOLING_TAU_S = 1_800;

export function createPack(rng: SeededRandom, cells: number): PackSpec {
  const cellOffsetsV = new Float32Array(cells);
  for (let i = 0; i < cells; i++) cellOffsetsV[i] = Math.max(-0.01, Math.min(0.01, rng.normal(0, 0.004)));
  const weakCell = rng.int(cells);
  cellOffsetsV[weakCell] = 0;
  const probes = Math.max(4, Math.round(cells / 6));
  const probeOffsetsC = new Int8Array(probes);
  for (let i = 0; i < probes; i++) probeOffsetsC[i] = Math.round(rng.range(-2, 2));
  return { cells, probes, capacityKWh: Math.round(rng.range(50, 80)), weakCell, cellOffsetsV, probeOffsetsC };
}

export class Battery {
  socPct: number;
  currentA = 0;
  packTempC: number;
  /** The weak cell's drift below its neighbours (V, negative, growing with use). */
  weakDriftV: number;
  private readonly driftPerHourV: number;

  constructor(readonly pack: PackSpec, private readonly rng: SeededRandom, readonly ambientC: number) {
    // Most vehicles start with a usable charge; some start low so charging shows up early.
    this.socPct = rng.chance(0.1) ? rng.range(12, 25) : rng.range(35, 95);
    this.packTempC = ambientC + rng.range(0, 5);
    this.weakDriftV = -rng.range(0.015, 0.04);
    this.driftPerHourV = rng.range(0.004, 0.012);
  }

  /** Healthy cell voltage now: OCV minus the IR drop (discharge current positive). */
  get cellVoltageV(): number {
    return openCircuitVoltage(this.socPct) - this.currentA * CELL_RESISTANCE_OHM;
  }

  /** Pack voltage estimate for the current draw (the frame sums the real cell list). */
  get nominalPackV(): number {
    return this.pack.cells * openCircuitVoltage(this.socPct);
  }

  /** Advances dtS seconds drawing powerKw from the pack (negative = charging or regeneration). */
  step(dtS: number, powerKw: number): void {
    const v = this.nominalPackV;
    this.currentA = (powerKw * 1000) / v;
    this.socPct -= (powerKw * dtS) / 3600 / this.pack.capacityKWh * 100;
    this.socPct = Math.max(0, Math.min(100, this.socPct));
    const heatW = this.currentA * this.currentA * CELL_RESISTANCE_OHM * this.pack.cells;
    this.packTempC += (heatW / HEAT_CAPACITY_J_PER_K - (this.packTempC - this.ambientC) / COOLING_TAU_S) * dtS;
    if (this.currentA !== 0) {
      this.weakDriftV -= (this.driftPerHourV * dtS) / 3600 + this.rng.normal(0, 0.00002);
      this.weakDriftV = Math.max(-0.3, Math.min(-0.012, this.weakDriftV));
    }
  }

  /** DC fast-charge power (kW, negative into the pack): flat to 80 %, then tapering. */
  chargePowerKw(): number {
    const full = 60;
    return -(this.socPct < 80 ? full : Math.max(8, full * (1 - (this.socPct - 80) / 22)));
  }
}

/** The cell voltages of a snapshot (V, rounded to the frame's 1 mV steps) into `out`; returns their sum. */
export function cellVoltagesOf(pack: PackSpec, s: Snapshot, out: number[]): number {
  // Grow by push and shrink by length: the list stays a packed double array (fast to read and encode).
  while (out.length < pack.cells) out.push(0);
  out.length = pack.cells;
  const healthy = s.cellVoltageV;
  const offsets = pack.cellOffsetsV;
  let sum = 0;
  for (let i = 0; i < out.length; i++) {
    const mv = Math.round(Math.max(0, healthy + offsets[i]) * 1000);
    out[i] = mv / 1000;
    sum += mv;
  }
  const weakMv = Math.round(Math.max(0, healthy + s.weakCellOffsetV) * 1000);
  sum += weakMv - Math.round(out[pack.weakCell] * 1000);
  out[pack.weakCell] = weakMv / 1000;
  return sum / 1000;
}

/** Probe temperatures (°C, whole degrees); the temperature-difference alarm heats probe 1. */
export function probeTemperaturesOf(pack: PackSpec, s: Snapshot, hotSpot: boolean): number[] {
  const out: number[] = [];
  const base = Math.round(s.packTempC);
  for (let i = 0; i < pack.probes; i++) out.push(Math.max(-40, Math.min(210, base + pack.probeOffsetsC[i] + (hotSpot && i === 0 ? 12 : 0))));
  return out;
}

/**
 * 2016 RESS voltage blocks, one per frame: slices of at most 200 cells, each saying the
 * pack's total cell count and its first cell (1-based). 2025 sends the whole list in one.
 */
export function ressVoltageSlices(
  cells: number[], packVoltageV: number, currentA: number, split: boolean,
): CellVoltagePack[] {
  const voltageV = Math.round(packVoltageV * 10) / 10;
  const current = Math.round(currentA * 10) / 10;
  if (!split) return [{ packNo: 1, voltageV, currentA: current, cellVoltagesV: cells }];
  if (cells.length <= MAX_CELLS_PER_FRAME) {
    return [{ packNo: 1, voltageV, currentA: current, totalCells: cells.length, startCell: 1, cellVoltagesV: cells }];
  }
  const slices: CellVoltagePack[] = [];
  for (let start = 0; start < cells.length; start += MAX_CELLS_PER_FRAME) {
    const part = cells.slice(start, start + MAX_CELLS_PER_FRAME);
    slices.push({ packNo: 1, voltageV, currentA: current, totalCells: cells.length, startCell: start + 1, cellVoltagesV: part });
  }
  return slices;
}

// The extremes block numbers cells with a BYTE (1..250); a cell beyond that has no number to send.
const cellNo = (i: number) => (i < 250 ? i + 1 : 'invalid');

/** 2016 extreme values (0x06) of the same cell and probe lists the frame carries. */
export function extremesOf(cells: number[], temps: number[]): ExtremeValues {
  let hi = 0;
  let lo = 0;
  for (let i = 1; i < cells.length; i++) {
    if (cells[i] > cells[hi]) hi = i;
    if (cells[i] < cells[lo]) lo = i;
  }
  let th = 0;
  let tl = 0;
  for (let i = 1; i < temps.length; i++) {
    if (temps[i] > temps[th]) th = i;
    if (temps[i] < temps[tl]) tl = i;
  }
  return {
    kind: 'extremes',
    maxVoltageSubsystem: 1, maxVoltageCell: cellNo(hi), maxCellVoltageV: cells[hi],
    minVoltageSubsystem: 1, minVoltageCell: cellNo(lo), minCellVoltageV: cells[lo],
    maxTempSubsystem: 1, maxTempProbe: th + 1, maxTempC: temps[th],
    minTempSubsystem: 1, minTempProbe: tl + 1, minTempC: temps[tl],
  };
}

/** Probe temperature block (one pack). */
export function probePack(temps: number[]): ProbeTemperaturePack {
  return { packNo: 1, temperaturesC: temps };
}
