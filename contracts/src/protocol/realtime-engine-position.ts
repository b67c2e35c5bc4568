/**
 * Realtime info 0x04 engine (2016 table 13: state, crankshaft speed, fuel consumption;
 * 2025 table 20: crankshaft speed only) and 0x05 vehicle position (2016 tables 14/15;
 * 2025 table 21 adds a coordinate-system byte after the status byte).
 */
import { required, type ByteReader, type ByteWriter } from './byte-io.ts';
import type { Edition } from './constants.ts';
import { byteReading, dwordReading, hasValue, wordReading, type Reading } from './sentinels.ts';

export interface EngineData {
  kind: 'engine';
  /** 2016 only: 1 on, 2 off. */
  state?: Reading;
  crankshaftRpm: Reading;
  /** 2016 only: L/100 km, 0.01 steps. */
  fuelConsumptionLPer100km?: Reading;
}

export interface VehiclePosition {
  kind: 'position';
  /** Status bit 0 = 0. When false the terminal repeats its last valid fix. */
  fixValid: boolean;
  /** Status bit 1: latitude is south. */
  south: boolean;
  /** Status bit 2: longitude is west. */
  west: boolean;
  /** Status bits 3–7 (reserved), kept so they re-encode. */
  statusReserved: number;
  /** 2025 only: 1 WGS84, 2 GCJ02, 3 other. */
  coordinateSystem?: Reading;
  /** Unsigned degrees as sent (10⁻⁶ steps); the hemisphere is in south/west. */
  longitudeDeg: Reading;
  latitudeDeg: Reading;
}

export const CoordinateSystem = { wgs84: 1, gcj02: 2, other: 3 } as const;

export function decodeEngine(r: ByteReader, edition: Edition): EngineData {
  if (edition === '2016') {
    r.need(5, 'engine data');
    return {
      kind: 'engine',
      state: byteReading(r.u8(), 0),
      crankshaftRpm: wordReading(r.u16(), 1, 0),
      fuelConsumptionLPer100km: wordReading(r.u16(), 100, 0),
    };
  }
  r.need(2, 'engine data');
  return { kind: 'engine', crankshaftRpm: wordReading(r.u16(), 1, 0) };
}

export function encodeEngine(w: ByteWriter, e: EngineData, edition: Edition): void {
  if (edition === '2016') {
    w.byteReading(required(e.state, 'engine.state'), 0, 'engine.state');
    w.wordReading(e.crankshaftRpm, 1, 0, 'engine.crankshaftRpm');
    w.wordReading(required(e.fuelConsumptionLPer100km, 'engine.fuelConsumptionLPer100km'), 100, 0, 'engine.fuelConsumptionLPer100km');
  } else {
    w.wordReading(e.crankshaftRpm, 1, 0, 'engine.crankshaftRpm');
  }
}

export function decodePosition(r: ByteReader, edition: Edition): VehiclePosition {
  const is2016 = edition === '2016';
  r.need(is2016 ? 9 : 10, 'position data');
  const status = r.u8();
  const p: VehiclePosition = {
    kind: 'position',
    fixValid: (status & 1) === 0,
    south: (status & 2) !== 0,
    west: (status & 4) !== 0,
    statusReserved: status >> 3,
    longitudeDeg: 0,
    latitudeDeg: 0,
  };
  if (!is2016) p.coordinateSystem = byteReading(r.u8(), 0);
  p.longitudeDeg = dwordReading(r.u32(), 1e6, 0);
  p.latitudeDeg = dwordReading(r.u32(), 1e6, 0);
  return p;
}

export function encodePosition(w: ByteWriter, p: VehiclePosition, edition: Edition): void {
  if (!Number.isInteger(p.statusReserved) || p.statusReserved < 0 || p.statusReserved > 31) {
    throw new RangeError('position.statusReserved: 0..31');
  }
  w.u8((p.fixValid ? 0 : 1) | (p.south ? 2 : 0) | (p.west ? 4 : 0) | (p.statusReserved << 3), 'position status');
  if (edition === '2025') w.byteReading(required(p.coordinateSystem, 'position.coordinateSystem'), 0, 'position.coordinateSystem');
  w.dwordReading(p.longitudeDeg, 1e6, 0, 'position.longitudeDeg');
  w.dwordReading(p.latitudeDeg, 1e6, 0, 'position.latitudeDeg');
}

/** Signed longitude/latitude (west and south negative), or undefined when either is a sentinel. */
export function signedCoordinates(p: VehiclePosition): { lng: number; lat: number } | undefined {
  if (!hasValue(p.longitudeDeg) || !hasValue(p.latitudeDeg)) return undefined;
  return { lng: p.west ? -p.longitudeDeg : p.longitudeDeg, lat: p.south ? -p.latitudeDeg : p.latitudeDeg };
}
