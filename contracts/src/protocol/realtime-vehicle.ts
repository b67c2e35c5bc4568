/**
 * Realtime info 0x01 whole-vehicle data (2016 table 9 / B.4: 20 bytes; 2025 table 10: 18 bytes).
 * 2025 widens speed/voltage ranges, moves the current offset from 1000 A to 3000 A,
 * gives insulation sentinels and drops the two pedal bytes.
 */
import { required, type ByteReader, type ByteWriter } from './byte-io.ts';
import type { Edition } from './constants.ts';
import { byteReading, dwordReading, wordReading, type Reading } from './sentinels.ts';

/** Gear byte (annex A.1), split into its bits so every bit re-encodes. */
export interface GearState {
  /** bits 0–3: 0 neutral, 1–12 gear n, 13 reverse, 14 drive (D), 15 park (P). */
  position: number;
  /** bit 4: braking force present. */
  braking: boolean;
  /** bit 5: driving force present. */
  driving: boolean;
  /** bit 6: reserved (0). */
  reservedBit6: boolean;
  /** bit 7: 2025 "gear invalid"; reserved (0) in 2016. */
  positionInvalid: boolean;
}

export interface VehicleData {
  kind: 'vehicle';
  /** 1 started, 2 off (熄火), 3 other. */
  vehicleState: Reading;
  /** 1 parked charging, 2 driving charging, 3 not charging, 4 charge complete. */
  chargeState: Reading;
  /** 1 pure electric, 2 hybrid, 3 fuel. */
  runMode: Reading;
  speedKmh: Reading;
  mileageKm: Reading;
  totalVoltageV: Reading;
  /** Signed: raw offset 1000 A (2016) or 3000 A (2025). */
  totalCurrentA: Reading;
  socPercent: Reading;
  /** 1 working, 2 off. */
  dcdcState: Reading;
  gear: GearState;
  insulationKohm: Reading;
  /** 2016 only. */
  acceleratorPercent?: Reading;
  /** 2016 only: 0 brake off, 1–100 travel %, 101 brake on without a travel value. */
  brakePercent?: Reading;
}

export const VehicleState = { started: 1, off: 2, other: 3 } as const;
export const ChargeState = { parkedCharging: 1, drivingCharging: 2, notCharging: 3, chargeComplete: 4 } as const;
export const RunMode = { electric: 1, hybrid: 2, fuel: 3 } as const;

const GEAR_LABELS = ['N', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', 'R', 'D', 'P'];
/** Display label of a gear position: 'N', '1'…'12', 'R', 'D', 'P'. */
export function gearLabel(position: number): string {
  return GEAR_LABELS[position & 0x0f];
}

export function decodeGear(b: number): GearState {
  return {
    position: b & 0x0f,
    braking: (b & 0x10) !== 0,
    driving: (b & 0x20) !== 0,
    reservedBit6: (b & 0x40) !== 0,
    positionInvalid: (b & 0x80) !== 0,
  };
}

export function encodeGear(g: GearState): number {
  if (!Number.isInteger(g.position) || g.position < 0 || g.position > 15) throw new RangeError('gear.position: 0..15');
  return g.position | (g.braking ? 0x10 : 0) | (g.driving ? 0x20 : 0) | (g.reservedBit6 ? 0x40 : 0) | (g.positionInvalid ? 0x80 : 0);
}

export function decodeVehicle(r: ByteReader, edition: Edition): VehicleData {
  const is2016 = edition === '2016';
  r.need(is2016 ? 20 : 18, 'vehicle data');
  const v: VehicleData = {
    kind: 'vehicle',
    vehicleState: byteReading(r.u8(), 0),
    chargeState: byteReading(r.u8(), 0),
    runMode: byteReading(r.u8(), 0),
    speedKmh: wordReading(r.u16(), 10, 0),
    mileageKm: dwordReading(r.u32(), 10, 0),
    totalVoltageV: wordReading(r.u16(), 10, 0),
    totalCurrentA: wordReading(r.u16(), 10, is2016 ? 10000 : 30000),
    socPercent: byteReading(r.u8(), 0),
    dcdcState: byteReading(r.u8(), 0),
    gear: decodeGear(r.u8()),
    insulationKohm: wordReading(r.u16(), 1, 0),
  };
  if (is2016) {
    v.acceleratorPercent = byteReading(r.u8(), 0);
    v.brakePercent = byteReading(r.u8(), 0);
  }
  return v;
}

export function encodeVehicle(w: ByteWriter, v: VehicleData, edition: Edition): void {
  const is2016 = edition === '2016';
  w.byteReading(v.vehicleState, 0, 'vehicle.vehicleState');
  w.byteReading(v.chargeState, 0, 'vehicle.chargeState');
  w.byteReading(v.runMode, 0, 'vehicle.runMode');
  w.wordReading(v.speedKmh, 10, 0, 'vehicle.speedKmh');
  w.dwordReading(v.mileageKm, 10, 0, 'vehicle.mileageKm');
  w.wordReading(v.totalVoltageV, 10, 0, 'vehicle.totalVoltageV');
  w.wordReading(v.totalCurrentA, 10, is2016 ? 10000 : 30000, 'vehicle.totalCurrentA');
  w.byteReading(v.socPercent, 0, 'vehicle.socPercent');
  w.byteReading(v.dcdcState, 0, 'vehicle.dcdcState');
  w.u8(encodeGear(v.gear), 'vehicle.gear');
  w.wordReading(v.insulationKohm, 1, 0, 'vehicle.insulationKohm');
  if (is2016) {
    w.byteReading(required(v.acceleratorPercent, 'vehicle.acceleratorPercent'), 0, 'vehicle.acceleratorPercent');
    w.byteReading(required(v.brakePercent, 'vehicle.brakePercent'), 0, 'vehicle.brakePercent');
  }
}

