/**
 * Realtime (0x02) and reissue (0x03) data unit: time(6) then [info type BYTE + body]…;
 * 2025 ends with 0xFF + vehicle signature (table 8).
 *
 * Info types 0x80–0xFE are user-defined with a WORD length and are kept as bytes.
 * Any other type this edition does not define has no length field, so nothing after
 * it can be parsed: it keeps the rest of the data unit as bytes, which re-encode as sent.
 */
import { checkCount, DecodeFault, type ByteReader, type ByteWriter } from './byte-io.ts';
import type { Edition } from './constants.ts';
import { decodeAlarm, encodeAlarm, type AlarmData } from './realtime-alarm.ts';
import { decodeEngine, decodePosition, encodeEngine, encodePosition, type EngineData, type VehiclePosition } from './realtime-engine-position.ts';
import { decodeExtremes, encodeExtremes, type ExtremeValues } from './realtime-extremes.ts';
import {
  decodeFuelCell, decodeFuelCellStacks, decodeFuelCellSystem, encodeFuelCell, encodeFuelCellStacks, encodeFuelCellSystem,
  type FuelCellData, type FuelCellStacks, type FuelCellSystemData,
} from './realtime-fuel-cell.ts';
import { decodeMotors, encodeMotors, type DriveMotors } from './realtime-motors.ts';
import {
  decodeCellVoltages, decodeProbeTemperatures, encodeCellVoltages, encodeProbeTemperatures,
  type CellVoltages, type ProbeTemperatures,
} from './realtime-ress.ts';
import {
  decodeSupercapacitor, decodeSupercapacitorExtremes, encodeSupercapacitor, encodeSupercapacitorExtremes,
  type SupercapacitorData, type SupercapacitorExtremes,
} from './realtime-supercapacitor.ts';
import { decodeVehicle, encodeVehicle, type VehicleData } from './realtime-vehicle.ts';
import { readTime, writeTime, type GbTime } from './time.ts';

/** User-defined info (0x80–0xFE): WORD length + bytes. */
export interface CustomData {
  kind: 'custom';
  type: number;
  data: Uint8Array;
}

/** Platform-exchange or reserved info type: no length field, so it holds the rest of the data unit. */
export interface UnknownData {
  kind: 'unknown';
  type: number;
  data: Uint8Array;
}

export type RealtimeItem =
  | VehicleData | DriveMotors | FuelCellData | FuelCellSystemData | FuelCellStacks | EngineData | VehiclePosition
  | ExtremeValues | AlarmData | CellVoltages | ProbeTemperatures | SupercapacitorData | SupercapacitorExtremes
  | CustomData | UnknownData;

/** 2025 vehicle signature (table 8) over the data unit from its first time byte up to the signature. */
export interface Signature {
  /** 1 SM2, 2 RSA, 3 ECC. */
  algorithm: number;
  r: Uint8Array;
  s: Uint8Array;
}

export interface RealtimeBody {
  kind: 'realtime';
  time: GbTime;
  items: RealtimeItem[];
  /** 2025 only (required there by the standard; absent when the terminal sent none). */
  signature?: Signature;
}

export const SignatureAlgorithm = { sm2: 1, rsa: 2, ecc: 3 } as const;

/** Info type bytes of the 2016 edition (Annex B table B.3). */
export const InfoType2016 = {
  vehicle: 0x01, motors: 0x02, fuelCell: 0x03, engine: 0x04, position: 0x05,
  extremes: 0x06, alarm: 0x07, cellVoltages: 0x08, probeTemperatures: 0x09,
} as const;

/** Info type bytes of the 2025 edition (table 9); 0xFF starts the signature. */
export const InfoType2025 = {
  vehicle: 0x01, motors: 0x02, fuelCellSystem: 0x03, engine: 0x04, position: 0x05, alarm: 0x06,
  cellVoltages: 0x07, probeTemperatures: 0x08, fuelCellStacks: 0x30, supercapacitor: 0x31,
  supercapacitorExtremes: 0x32, signature: 0xff,
} as const;

const SIGNATURE_MARK = 0xff;

function decodeItem(r: ByteReader, type: number, edition: Edition): RealtimeItem {
  const is2016 = edition === '2016';
  switch (type) {
    case 0x01: return decodeVehicle(r, edition);
    case 0x02: return decodeMotors(r, edition);
    case 0x03: return is2016 ? decodeFuelCell(r) : decodeFuelCellSystem(r);
    case 0x04: return decodeEngine(r, edition);
    case 0x05: return decodePosition(r, edition);
    case 0x06: return is2016 ? decodeExtremes(r) : decodeAlarm(r, edition);
    case 0x07: return is2016 ? decodeAlarm(r, edition) : decodeCellVoltages(r, edition);
    case 0x08: return is2016 ? decodeCellVoltages(r, edition) : decodeProbeTemperatures(r);
    case 0x09: if (is2016) return decodeProbeTemperatures(r); break;
    case 0x30: if (!is2016) return decodeFuelCellStacks(r); break;
    case 0x31: if (!is2016) return decodeSupercapacitor(r); break;
    case 0x32: if (!is2016) return decodeSupercapacitorExtremes(r); break;
  }
  if (type >= 0x80 && type <= 0xfe) {
    r.need(2, 'custom data length');
    const n = r.u16();
    return { kind: 'custom', type, data: r.take(n, 'custom data') };
  }
  return { kind: 'unknown', type, data: r.take(r.remaining, 'unknown data') };
}

export function decodeRealtime(r: ByteReader, edition: Edition): RealtimeBody {
  const time = readTime(r);
  const items: RealtimeItem[] = [];
  while (r.pos < r.end) {
    const type = r.u8();
    if (type === SIGNATURE_MARK && edition === '2025') {
      const signature = readSignature(r);
      if (r.pos !== r.end) throw new DecodeFault(`${r.remaining} bytes after the signature`);
      return { kind: 'realtime', time, items, signature };
    }
    items.push(decodeItem(r, type, edition));
  }
  return { kind: 'realtime', time, items };
}

export function readSignature(r: ByteReader): Signature {
  r.need(3, 'signature');
  const algorithm = r.u8();
  const rv = r.take(r.u16(), 'signature R');
  r.need(2, 'signature S length');
  const sv = r.take(r.u16(), 'signature S');
  return { algorithm, r: rv, s: sv };
}

export function writeSignature(w: ByteWriter, sig: Signature): void {
  w.u8(sig.algorithm, 'signature.algorithm');
  checkCount(sig.r.length, 0xffff, 'signature.r');
  w.u16(sig.r.length, 'signature R length');
  w.raw(sig.r);
  checkCount(sig.s.length, 0xffff, 'signature.s');
  w.u16(sig.s.length, 'signature S length');
  w.raw(sig.s);
}

/** The info type byte of an item in an edition; throws when the edition has no such block. */
export function infoTypeOf(item: RealtimeItem, edition: Edition): number {
  if (item.kind === 'custom' || item.kind === 'unknown') return item.type;
  const table: Record<string, number> = edition === '2016' ? InfoType2016 : InfoType2025;
  const type = table[item.kind];
  if (type === undefined) throw new RangeError(`realtime item '${item.kind}' does not exist in the ${edition} edition`);
  return type;
}

function encodeItem(w: ByteWriter, item: RealtimeItem, edition: Edition): void {
  switch (item.kind) {
    case 'vehicle': return encodeVehicle(w, item, edition);
    case 'motors': return encodeMotors(w, item, edition);
    case 'fuelCell': return encodeFuelCell(w, item);
    case 'fuelCellSystem': return encodeFuelCellSystem(w, item);
    case 'fuelCellStacks': return encodeFuelCellStacks(w, item);
    case 'engine': return encodeEngine(w, item, edition);
    case 'position': return encodePosition(w, item, edition);
    case 'extremes': return encodeExtremes(w, item);
    case 'alarm': return encodeAlarm(w, item, edition);
    case 'cellVoltages': return encodeCellVoltages(w, item, edition);
    case 'probeTemperatures': return encodeProbeTemperatures(w, item);
    case 'supercapacitor': return encodeSupercapacitor(w, item);
    case 'supercapacitorExtremes': return encodeSupercapacitorExtremes(w, item);
    case 'custom':
      if (item.type < 0x80 || item.type > 0xfe) throw new RangeError('custom.type: 0x80..0xFE');
      checkCount(item.data.length, 0xffff, 'custom.data');
      w.u16(item.data.length, 'custom data length');
      return w.raw(item.data);
    case 'unknown':
      return w.raw(item.data);
    default:
      throw new RangeError(`unknown realtime item kind '${(item as { kind: unknown }).kind}'`);
  }
}

/** An 'unknown' item re-encodes only where decoding would produce it again. */
function checkUnknownItem(body: RealtimeBody, item: UnknownData, index: number, edition: Edition): void {
  const known = Object.values(edition === '2016' ? InfoType2016 : InfoType2025) as number[];
  if (index !== body.items.length - 1 || body.signature) {
    throw new RangeError('an unknown info type must be the last block and carries everything after it');
  }
  const t = item.type;
  if (!Number.isInteger(t) || t < 0 || t > 0xff || (t >= 0x80 && t <= 0xfe) || known.includes(t)) {
    throw new RangeError(`unknown.type 0x${item.type.toString(16)} is defined or user-defined in ${edition}`);
  }
}

export function encodeRealtime(w: ByteWriter, body: RealtimeBody, edition: Edition): void {
  writeTime(w, body.time);
  const items = body.items;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (item.kind === 'unknown') checkUnknownItem(body, item, i, edition);
    w.u8(infoTypeOf(item, edition), 'info type');
    encodeItem(w, item, edition);
  }
  if (body.signature) {
    if (edition !== '2025') throw new RangeError('a realtime signature exists only in the 2025 edition');
    w.u8(SIGNATURE_MARK, 'signature mark');
    writeSignature(w, body.signature);
  }
}
