import { rawFrameBatch, type RawFrameBatch, type Telemetry } from './payloads.ts';
import { MAX_ALARM_LEVEL } from '../live/alarm-level.ts';

/**
 * The raw-stream batch on the wire: a compact binary layout of rawFrameBatch's columns with each
 * raw frame's bytes as received (JSON would carry them as hex and cost the ingest its JSON
 * building and UTF-8 encoding). Little-endian:
 *
 *   'W' 'R' 'B' version(1) · u32 frames · u32 snapshots · u32 strings
 *   strings   : u16 byte length + UTF-8, each distinct tenant, VIN, vehicle id and plate once
 *   frames    : column by column: i64 id[] · u32 tenant[] · u32 vin[] (string numbers) · u8 command[]
 *               · f64 receivedAt[] · (u32 length + bytes) frame[]
 *   snapshots : one record each (SNAPSHOT_BYTES): u32 tenant, vin, vehicleId, plate · f64 ts, receivedAt
 *               · u8 flags (1 reissue, 2 fixValid) · u8 alarmLevel · f64 lng, lat (NaN = null), heading, state
 *               · f64 × 13 readings (NaN = null, +∞ = 'invalid', −∞ = 'abnormal')
 *
 * The message ends exactly where its last record ends. The decoder checks every length, count,
 * index and range, so a truncated or garbled message throws rather than yields a wrong batch.
 * JSON batches (first byte '{') left in the stream by earlier gateways are still read (validated
 * with rawFrameBatch).
 */
const MAGIC = [0x57, 0x52, 0x42] as const;
const VERSION = 1;
const HEADER_BYTES = 16;
const FRAME_FIXED_BYTES = 8 + 4 + 4 + 1 + 8 + 4;

const READINGS = [
  'speedKmh', 'mileageKm', 'socPercent', 'totalVoltageV', 'totalCurrentA', 'vehicleState', 'chargeState',
  'maxCellVoltageV', 'minCellVoltageV', 'maxCellNo', 'minCellNo', 'maxTempC', 'minTempC',
] as const satisfies readonly (keyof Telemetry)[];
const SNAPSHOT_BYTES = 4 * 4 + 8 * 2 + 2 + 8 * 4 + 8 * READINGS.length;

type Reading = Telemetry['speedKmh'];
const FLAG_REISSUE = 1;
const FLAG_FIX_VALID = 2;

/** The batch as the ingest builds it: frames as bytes (`frame`) rather than hex. */
export type RawFrameBatchOut = Omit<RawFrameBatch, 'hex'> & { frame: readonly Uint8Array[] };

const utf8 = new TextEncoder();
const utf8Strict = new TextDecoder('utf-8', { fatal: true });
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
interface HexBuffer { from(b: ArrayBufferLike, offset: number, length: number): { toString(encoding: 'hex'): string } }
/** Hex of a frame: Node's Buffer when present (native, ten times faster), else a table (browsers). */
const hexOf = (b: Uint8Array) => {
  const nodeBuffer = (globalThis as { Buffer?: HexBuffer }).Buffer;
  if (nodeBuffer) return nodeBuffer.from(b.buffer, b.byteOffset, b.length).toString('hex');
  let s = '';
  for (let i = 0; i < b.length; i++) s += HEX[b[i]!];
  return s;
};

const HEX_TEXT = /^(?:[0-9a-fA-F]{2})*$/;
/** Bytes of a hex text; a text that is not whole bytes of hex is refused. */
const hexBytes = (h: string) => {
  if (!HEX_TEXT.test(h)) bad('a frame is not hex');
  const out = new Uint8Array(h.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(h.slice(2 * i, 2 * i + 2), 16);
  return out;
};

const readingOut = (v: Reading) => (v === null ? NaN : v === 'invalid' ? Infinity : v === 'abnormal' ? -Infinity : v);
const readingIn = (v: number): Reading => (Number.isNaN(v) ? null : v === Infinity ? 'invalid' : v === -Infinity ? 'abnormal' : v);

/** Encodes a batch for the raw stream (throws on values the layout cannot carry). */
export function encodeRawFrameBatch(batch: RawFrameBatchOut): Uint8Array {
  const n = batch.id.length;
  const snaps = batch.telemetry ?? [];
  if ([batch.tenantId, batch.vin, batch.command, batch.receivedAt, batch.frame].some((c) => c.length !== n)) {
    throw new Error('raw frame batch: every column holds one entry per frame');
  }
  const strings = new Map<string, number>();
  let stringBytes = 0;
  const intern = (s: string) => {
    let i = strings.get(s);
    if (i === undefined) {
      i = strings.size;
      strings.set(s, i);
      stringBytes += 2 + 3 * s.length;
    }
    return i;
  };
  let frameBytes = 0;
  for (let i = 0; i < n; i++) {
    intern(batch.tenantId[i]!);
    intern(batch.vin[i]!);
    frameBytes += batch.frame[i]!.length;
  }
  for (const t of snaps) {
    intern(t.tenantId);
    intern(t.vin);
    intern(t.vehicleId);
    intern(t.plate);
  }
  const buf = new Uint8Array(HEADER_BYTES + stringBytes + n * FRAME_FIXED_BYTES + frameBytes + snaps.length * SNAPSHOT_BYTES);
  const dv = new DataView(buf.buffer);
  buf.set(MAGIC, 0);
  buf[3] = VERSION;
  dv.setUint32(4, n, true);
  dv.setUint32(8, snaps.length, true);
  dv.setUint32(12, strings.size, true);
  let o = HEADER_BYTES;
  for (const s of strings.keys()) {
    const { written } = utf8.encodeInto(s, buf.subarray(o + 2, o + 2 + 3 * s.length));
    if (written > 0xffff) throw new Error('raw frame batch: a string longer than 65,535 bytes');
    dv.setUint16(o, written, true);
    o += 2 + written;
  }
  for (let i = 0; i < n; i++, o += 8) dv.setBigInt64(o, BigInt(batch.id[i]!), true);
  for (let i = 0; i < n; i++, o += 4) dv.setUint32(o, strings.get(batch.tenantId[i]!)!, true);
  for (let i = 0; i < n; i++, o += 4) dv.setUint32(o, strings.get(batch.vin[i]!)!, true);
  for (let i = 0; i < n; i++, o += 1) {
    const c = batch.command[i]!;
    if (!Number.isInteger(c) || c < 0 || c > 0xff) throw new Error(`raw frame batch: command ${c} is not a byte`);
    buf[o] = c;
  }
  for (let i = 0; i < n; i++, o += 8) dv.setFloat64(o, batch.receivedAt[i]!, true);
  for (let i = 0; i < n; i++) {
    const f = batch.frame[i]!;
    dv.setUint32(o, f.length, true);
    buf.set(f, o + 4);
    o += 4 + f.length;
  }
  for (const t of snaps) {
    dv.setUint32(o, strings.get(t.tenantId)!, true);
    dv.setUint32(o + 4, strings.get(t.vin)!, true);
    dv.setUint32(o + 8, strings.get(t.vehicleId)!, true);
    dv.setUint32(o + 12, strings.get(t.plate)!, true);
    if (!(t.alarmLevel >= 0 && t.alarmLevel <= MAX_ALARM_LEVEL)) throw new Error(`raw frame batch: alarm level ${t.alarmLevel}`);
    dv.setFloat64(o + 16, t.ts, true);
    dv.setFloat64(o + 24, t.receivedAt, true);
    buf[o + 32] = (t.reissue ? FLAG_REISSUE : 0) | (t.fixValid ? FLAG_FIX_VALID : 0);
    buf[o + 33] = t.alarmLevel;
    dv.setFloat64(o + 34, t.lng ?? NaN, true);
    dv.setFloat64(o + 42, t.lat ?? NaN, true);
    dv.setFloat64(o + 50, t.heading, true);
    dv.setFloat64(o + 58, t.state, true);
    o += 66;
    for (const k of READINGS) {
      dv.setFloat64(o, readingOut(t[k]), true);
      o += 8;
    }
  }
  return o === buf.length ? buf : buf.subarray(0, o);
}

class Reader {
  o = HEADER_BYTES;
  readonly dv: DataView;
  constructor(readonly buf: Uint8Array) {
    this.dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  }
  need(bytes: number): number {
    const at = this.o;
    if (at + bytes > this.buf.length) throw new Error('raw frame batch: truncated');
    this.o += bytes;
    return at;
  }
}

const bad = (what: string): never => {
  throw new Error(`raw frame batch: ${what}`);
};
const int = (v: number, what: string) => (Number.isSafeInteger(v) ? v : bad(`${what} is not an integer`));
const finite = (v: number, what: string) => (Number.isFinite(v) ? v : bad(`${what} is not a number`));
const nullable = (v: number) => (Number.isNaN(v) ? null : finite(v, 'a coordinate'));

function decodeBinary(buf: Uint8Array): RawFrameBatchOut & { frame: Uint8Array[] } {
  if (buf.length < HEADER_BYTES) bad('truncated');
  if (buf[3] !== VERSION) bad(`version ${buf[3]} is not read here`);
  const r = new Reader(buf);
  const dv = r.dv;
  const n = dv.getUint32(4, true);
  const m = dv.getUint32(8, true);
  const s = dv.getUint32(12, true);
  // Counts are checked against the bytes that would hold them before anything is allocated.
  if (s * 2 + n * FRAME_FIXED_BYTES + m * SNAPSHOT_BYTES > buf.length - HEADER_BYTES) bad('truncated');
  const strings = new Array<string>(s);
  for (let i = 0; i < s; i++) {
    const len = dv.getUint16(r.need(2), true);
    const at = r.need(len);
    try {
      strings[i] = utf8Strict.decode(buf.subarray(at, at + len));
    } catch {
      bad('a string is not UTF-8');
    }
  }
  const str = (at: number) => {
    const v = strings[dv.getUint32(at, true)];
    return v ?? bad('a string number is out of range');
  };
  const col = <T>(width: number, read: (at: number) => T): T[] => {
    const base = r.need(n * width);
    const out = new Array<T>(n);
    for (let i = 0; i < n; i++) out[i] = read(base + i * width);
    return out;
  };
  const id = col(8, (at) => {
    const v = dv.getBigInt64(at, true);
    return v >= 0n ? v.toString() : bad('an id is negative');
  });
  const tenantId = col(4, str);
  const vin = col(4, str);
  const command = col(1, (at) => buf[at]!);
  const receivedAt = col(8, (at) => int(dv.getFloat64(at, true), 'receivedAt'));
  // Views into the message, not copies.
  const frame = new Array<Uint8Array>(n);
  for (let i = 0; i < n; i++) {
    const len = dv.getUint32(r.need(4), true);
    const at = r.need(len);
    frame[i] = buf.subarray(at, at + len);
  }
  const telemetry = new Array<Telemetry>(m);
  for (let j = 0; j < m; j++) {
    const o = r.need(SNAPSHOT_BYTES);
    const flags = buf[o + 32]!;
    const alarmLevel = buf[o + 33]!;
    if (flags > (FLAG_REISSUE | FLAG_FIX_VALID)) bad('unknown snapshot flags');
    if (alarmLevel > MAX_ALARM_LEVEL) bad(`alarm level ${alarmLevel}`);
    const t: Telemetry = {
      tenantId: str(o), vin: str(o + 4), vehicleId: str(o + 8), plate: str(o + 12),
      ts: int(dv.getFloat64(o + 16, true), 'ts'), receivedAt: int(dv.getFloat64(o + 24, true), 'receivedAt'),
      reissue: (flags & FLAG_REISSUE) !== 0,
      lng: nullable(dv.getFloat64(o + 34, true)), lat: nullable(dv.getFloat64(o + 42, true)),
      fixValid: (flags & FLAG_FIX_VALID) !== 0,
      heading: finite(dv.getFloat64(o + 50, true), 'heading'),
      speedKmh: null, mileageKm: null, socPercent: null, totalVoltageV: null, totalCurrentA: null, vehicleState: null, chargeState: null,
      state: int(dv.getFloat64(o + 58, true), 'state'),
      alarmLevel,
      maxCellVoltageV: null, minCellVoltageV: null, maxCellNo: null, minCellNo: null, maxTempC: null, minTempC: null,
    };
    for (let k = 0; k < READINGS.length; k++) t[READINGS[k]!] = readingIn(dv.getFloat64(o + 66 + 8 * k, true));
    telemetry[j] = t;
  }
  if (r.o !== buf.length) bad('bytes after the last record');
  return { id, tenantId, vin, command, receivedAt, frame, telemetry };
}

const utf8Lenient = new TextDecoder();

/** A JSON batch of an earlier gateway, validated. */
function decodeJson(bytes: Uint8Array): RawFrameBatch {
  let body: unknown;
  try {
    body = JSON.parse(utf8Lenient.decode(bytes));
  } catch {
    bad('not JSON');
  }
  const parsed = rawFrameBatch.safeParse(body);
  if (!parsed.success) bad(parsed.error.message.slice(0, 200));
  return parsed.data!;
}

const isBinary = (bytes: Uint8Array) => bytes[0] === MAGIC[0] && bytes[1] === MAGIC[1] && bytes[2] === MAGIC[2];
const isJson = (bytes: Uint8Array) => bytes[0] === 0x7b;

/**
 * Reads a raw-stream batch: the binary layout above, or a JSON batch of an earlier gateway.
 * Throws on anything else (truncated, garbled, not a batch).
 */
export function decodeRawFrameBatch(bytes: Uint8Array): RawFrameBatch {
  if (isBinary(bytes)) {
    const { frame, ...rest } = decodeBinary(bytes);
    return { ...rest, hex: frame.map(hexOf) };
  }
  if (isJson(bytes)) return decodeJson(bytes);
  return bad('not a batch');
}

/**
 * The same batch with each frame as bytes (views into `bytes` for the binary layout), for a reader
 * that writes the frames on rather than reading their hex: no hex text is made for it.
 */
export function decodeRawFrameBatchBytes(bytes: Uint8Array): RawFrameBatchOut {
  if (isBinary(bytes)) return decodeBinary(bytes);
  if (isJson(bytes)) {
    const { hex, ...rest } = decodeJson(bytes);
    return { ...rest, frame: hex.map(hexBytes) };
  }
  return bad('not a batch');
}
