import type { Telemetry } from '@wdiov/contracts';
import {
  ChargeState, VehicleState, cellCountOf, cellVoltageAt, hasValue, temperatureAt, temperatureCountOf, type RealtimeItem,
} from '@wdiov/contracts/protocol/index';

/** What the hidden-danger models take from one realtime frame. */
export interface FrameReadings {
  ts: number;
  /** Charging: parked charging (0x01) or charging while driving (0x02). */
  charging: boolean;
  /** Discharging: switched on and not charging. */
  discharging: boolean;
  off: boolean;
  soc?: number;
  /** The vehicle's last valid fix (WGS84). */
  lng?: number;
  lat?: number;
  totalVoltageV?: number;
  insulationKohm?: number;
  /**
   * The valid cell voltages of the frame's complete cell list (0 when it has none), and where its
   * highest and lowest are in that list (physical order: pack, then cell number; first of equals).
   */
  cellCount: number;
  iMaxCell: number;
  iMinCell: number;
  /** The frame's items, for the one model that needs the whole list (C.10's median): see cellList. */
  items: readonly RealtimeItem[] | undefined;
  maxCellV?: number;
  minCellV?: number;
  maxTempC?: number;
  /** C.6–C.8: the hottest drive motor and motor controller (a vehicle may have several), and the DC/DC. */
  motorTempC?: number;
  controllerTempC?: number;
  dcdcTempC?: number;
}

const value = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const NO_ITEMS: readonly RealtimeItem[] = [];

/**
 * The readings of a realtime frame. Extremes come from the cell and probe lists when the frame
 * has them (2025 frames have no extreme-value unit), else from the snapshot. A 2016 frame that
 * only continues a long cell list (no vehicle unit) gives no cells: the models judge whole lists.
 *
 * Read on every live frame: the lists are walked in place (in the frame's bytes when the ingest
 * did not read them), nothing is copied out of them, and
 * the result is written into `out` (the monitor's one scratch object, used before the next frame).
 */
export function readingsOf(t: Telemetry, items: readonly RealtimeItem[] | undefined, out: FrameReadings = emptyReadings()): FrameReadings {
  let insulationKohm: number | undefined;
  let hottest: number | undefined;
  let motorTempC: number | undefined;
  let controllerTempC: number | undefined;
  let dcdcTempC: number | undefined;
  let whole = true;
  let count = 0;
  let max = 0;
  let min = 0;
  let iMax = 0;
  let iMin = 0;
  for (const item of items ?? NO_ITEMS) {
    if (item.kind === 'vehicle') insulationKohm = hasValue(item.insulationKohm) ? item.insulationKohm : undefined;
    else if (item.kind === 'motors') {
      for (const m of item.motors) {
        if (hasValue(m.temperatureC) && (motorTempC === undefined || m.temperatureC > motorTempC)) motorTempC = m.temperatureC;
        if (hasValue(m.controllerTempC) && (controllerTempC === undefined || m.controllerTempC > controllerTempC)) controllerTempC = m.controllerTempC;
      }
    }
    // The national units carry a DC/DC temperature only in the 2025 fuel-cell system unit; a
    // vendor's own data (0x80–0xFE) has no layout the standard gives.
    else if (item.kind === 'fuelCellSystem') dcdcTempC = hasValue(item.dcdcControllerTempC) ? item.dcdcControllerTempC : undefined;
    else if (item.kind === 'cellVoltages') {
      for (const pack of item.packs) {
        const n = cellCountOf(pack);
        if ((pack.startCell ?? 1) !== 1 || (pack.totalCells !== undefined && pack.totalCells !== n)) whole = false;
        for (let i = 0; i < n; i++) {
          const v = cellVoltageAt(pack, i);
          if (typeof v !== 'number') continue;
          if (count === 0 || v > max) {
            max = v;
            iMax = count;
          }
          if (count === 0 || v < min) {
            min = v;
            iMin = count;
          }
          count++;
        }
      }
    } else if (item.kind === 'probeTemperatures') {
      for (const pack of item.packs) {
        for (let i = 0, n = temperatureCountOf(pack); i < n; i++) {
          const c = temperatureAt(pack, i);
          if (hasValue(c) && (hottest === undefined || c > hottest)) hottest = c;
        }
      }
    }
  }
  const cells = whole && insulationKohm !== undefined && count > 0;
  const charge = value(t.chargeState);
  const state = value(t.vehicleState);
  const charging = charge === ChargeState.parkedCharging || charge === ChargeState.drivingCharging;
  out.ts = t.ts;
  out.charging = charging;
  out.discharging = !charging && state === VehicleState.started;
  out.off = state === VehicleState.off;
  out.soc = value(t.socPercent);
  out.lng = t.lng ?? undefined;
  out.lat = t.lat ?? undefined;
  out.totalVoltageV = value(t.totalVoltageV);
  out.insulationKohm = insulationKohm;
  out.cellCount = cells ? count : 0;
  out.iMaxCell = cells ? iMax : 0;
  out.iMinCell = cells ? iMin : 0;
  out.items = items;
  out.maxCellV = cells ? max : value(t.maxCellVoltageV);
  out.minCellV = cells ? min : value(t.minCellVoltageV);
  out.maxTempC = hottest ?? value(t.maxTempC);
  out.motorTempC = motorTempC;
  out.controllerTempC = controllerTempC;
  out.dcdcTempC = dcdcTempC;
  return out;
}

export function emptyReadings(): FrameReadings {
  return {
    ts: 0, charging: false, discharging: false, off: false, soc: undefined, lng: undefined, lat: undefined,
    totalVoltageV: undefined, insulationKohm: undefined, cellCount: 0, iMaxCell: 0, iMinCell: 0, items: undefined,
    maxCellV: undefined, minCellV: undefined, maxTempC: undefined, motorTempC: undefined, controllerTempC: undefined, dcdcTempC: undefined,
  };
}

/** The complete cell list of readings that have one, in physical order (empty otherwise). */
export function cellList(r: FrameReadings): number[] {
  const out: number[] = [];
  if (r.cellCount === 0) return out;
  for (const item of r.items ?? NO_ITEMS) {
    if (item.kind !== 'cellVoltages') continue;
    for (const pack of item.packs) {
      for (let i = 0, n = cellCountOf(pack); i < n; i++) {
        const v = cellVoltageAt(pack, i);
        if (hasValue(v)) out.push(v);
      }
    }
  }
  return out;
}
