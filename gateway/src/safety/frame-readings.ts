import type { Telemetry } from '@wdiov/contracts';
import { ChargeState, VehicleState, hasValue, type RealtimeItem } from '@wdiov/contracts/protocol/index';

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
  /** Cell voltages in physical order (pack, then cell number); empty when the frame has no complete list. */
  cells: number[];
  maxCellV?: number;
  minCellV?: number;
  maxTempC?: number;
}

const value = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/**
 * The readings of a realtime frame. Extremes come from the cell and probe lists when the frame
 * has them (2025 frames have no extreme-value unit), else from the snapshot. A 2016 frame that
 * only continues a long cell list (no vehicle unit) gives no cells: the models judge whole lists.
 */
export function readingsOf(t: Telemetry, items: readonly RealtimeItem[] | undefined): FrameReadings {
  const cells: number[] = [];
  let insulationKohm: number | undefined;
  let hottest: number | undefined;
  let whole = true;
  for (const item of items ?? []) {
    if (item.kind === 'vehicle') insulationKohm = hasValue(item.insulationKohm) ? item.insulationKohm : undefined;
    else if (item.kind === 'cellVoltages') {
      for (const pack of item.packs) {
        if ((pack.startCell ?? 1) !== 1 || (pack.totalCells !== undefined && pack.totalCells !== pack.cellVoltagesV.length)) whole = false;
        for (const v of pack.cellVoltagesV) if (hasValue(v)) cells.push(v);
      }
    } else if (item.kind === 'probeTemperatures') {
      for (const pack of item.packs) for (const c of pack.temperaturesC) if (hasValue(c) && (hottest === undefined || c > hottest)) hottest = c;
    }
  }
  const list = whole && insulationKohm !== undefined ? cells : [];
  const charge = value(t.chargeState);
  const state = value(t.vehicleState);
  const charging = charge === ChargeState.parkedCharging || charge === ChargeState.drivingCharging;
  return {
    ts: t.ts,
    charging,
    discharging: !charging && state === VehicleState.started,
    off: state === VehicleState.off,
    soc: value(t.socPercent),
    lng: t.lng ?? undefined,
    lat: t.lat ?? undefined,
    totalVoltageV: value(t.totalVoltageV),
    insulationKohm,
    cells: list,
    maxCellV: list.length > 0 ? Math.max(...list) : value(t.maxCellVoltageV),
    minCellV: list.length > 0 ? Math.min(...list) : value(t.minCellVoltageV),
    maxTempC: hottest ?? value(t.maxTempC),
  };
}
