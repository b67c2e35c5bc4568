import {
  ChargeState, CoordinateSystem, VehicleState, gbTimeToEpochMs, hasValue, signedCoordinates,
  type ExtremeValues, type Reading, type RealtimeBody, type VehicleData, type VehiclePosition, type AlarmData,
} from '@wdiov/contracts/protocol/index';
import { VehicleRunState, gcj02ToWgs84, type Telemetry } from '@wdiov/contracts';
import type { VehicleRef } from './vehicle-directory.ts';

/** What the previous frame of a vehicle left behind, to derive heading and keep the last fix. */
export interface PreviousFix {
  lng: number | null;
  lat: number | null;
  heading: number;
}

const num = (r: Reading | undefined): number | 'abnormal' | 'invalid' | null => (r === undefined ? null : r);

/** Bearing in degrees from north between two WGS84 points. */
export function bearing(lng1: number, lat1: number, lng2: number, lat2: number): number {
  const toRad = Math.PI / 180;
  const y = Math.sin((lng2 - lng1) * toRad) * Math.cos(lat2 * toRad);
  const x = Math.cos(lat1 * toRad) * Math.sin(lat2 * toRad) - Math.sin(lat1 * toRad) * Math.cos(lat2 * toRad) * Math.cos((lng2 - lng1) * toRad);
  return (Math.atan2(y, x) / toRad + 360) % 360;
}

function runState(v: VehicleData | undefined): number {
  if (!v) return VehicleRunState.parked;
  const charge = v.chargeState;
  if (charge === ChargeState.parkedCharging || charge === ChargeState.drivingCharging) return VehicleRunState.charging;
  const speed = v.speedKmh;
  if (v.vehicleState === VehicleState.started && hasValue(speed) && speed > 0.5) return VehicleRunState.driving;
  return VehicleRunState.parked;
}

/** A realtime (0x02) or reissue (0x03) data unit as the normalized snapshot the bus carries. */
export function normalize(body: RealtimeBody, vehicle: VehicleRef, reissue: boolean, prev: PreviousFix | undefined, now = Date.now()): Telemetry {
  let v: VehicleData | undefined;
  let pos: VehiclePosition | undefined;
  let ext: ExtremeValues | undefined;
  let alarm: AlarmData | undefined;
  for (const item of body.items) {
    if (item.kind === 'vehicle') v = item;
    else if (item.kind === 'position') pos = item;
    else if (item.kind === 'extremes') ext = item;
    else if (item.kind === 'alarm') alarm = item;
  }
  let lng = prev?.lng ?? null;
  let lat = prev?.lat ?? null;
  if (pos && pos.fixValid) {
    const signed = signedCoordinates(pos);
    if (signed) {
      // 2025 terminals may report GCJ-02; everything downstream is WGS84.
      [lng, lat] = pos.coordinateSystem === CoordinateSystem.gcj02 ? gcj02ToWgs84(signed.lng, signed.lat) : [signed.lng, signed.lat];
    }
  }
  let heading = prev?.heading ?? 0;
  if (prev?.lng != null && prev.lat != null && lng != null && lat != null && (prev.lng !== lng || prev.lat !== lat)) {
    heading = Math.round(bearing(prev.lng, prev.lat, lng, lat));
  }
  const level = alarm && hasValue(alarm.maxLevel) ? Math.min(4, alarm.maxLevel) : 0;
  return {
    tenantId: vehicle.tenantId, vin: vehicle.vin, vehicleId: vehicle.vehicleId, plate: vehicle.plate,
    ts: Number.isFinite(gbTimeToEpochMs(body.time)) ? gbTimeToEpochMs(body.time) : now, receivedAt: now, reissue,
    lng, lat, fixValid: pos?.fixValid ?? false, heading,
    speedKmh: num(v?.speedKmh), mileageKm: num(v?.mileageKm), socPercent: num(v?.socPercent),
    totalVoltageV: num(v?.totalVoltageV), totalCurrentA: num(v?.totalCurrentA),
    vehicleState: num(v?.vehicleState), chargeState: num(v?.chargeState),
    state: runState(v), alarmLevel: level,
    maxCellVoltageV: num(ext?.maxCellVoltageV), minCellVoltageV: num(ext?.minCellVoltageV),
    maxCellNo: num(ext?.maxVoltageCell), minCellNo: num(ext?.minVoltageCell),
    maxTempC: num(ext?.maxTempC), minTempC: num(ext?.minTempC),
  };
}
