/**
 * GB/T 32960 time: 6 plain binary bytes (not BCD) YY MM DD hh mm ss, year = 2000 + YY,
 * in Beijing time (GMT+8). Kept as its six fields so any bytes re-encode exactly,
 * including out-of-range ones a faulty terminal sends; convert with the helpers.
 */
import type { ByteReader, ByteWriter } from './byte-io.ts';

export interface GbTime {
  /** 2000 + YY */
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export const TIME_LENGTH = 6;
const BEIJING_OFFSET_MS = 8 * 3600 * 1000;

export function readTime(r: ByteReader): GbTime {
  r.need(TIME_LENGTH, 'time');
  const b = r.bytes;
  const p = r.pos;
  r.pos = p + TIME_LENGTH;
  return { year: 2000 + b[p], month: b[p + 1], day: b[p + 2], hour: b[p + 3], minute: b[p + 4], second: b[p + 5] };
}

/** Reads a time at an absolute offset without a cursor (used for error acks). */
export function timeAt(bytes: Uint8Array, p: number): GbTime {
  return { year: 2000 + bytes[p], month: bytes[p + 1], day: bytes[p + 2], hour: bytes[p + 3], minute: bytes[p + 4], second: bytes[p + 5] };
}

export function writeTime(w: ByteWriter, t: GbTime): void {
  if (t === null || typeof t !== 'object') throw new RangeError('time: expected a GbTime');
  w.u8(t.year - 2000, 'time.year (2000..2255)');
  w.u8(t.month, 'time.month');
  w.u8(t.day, 'time.day');
  w.u8(t.hour, 'time.hour');
  w.u8(t.minute, 'time.minute');
  w.u8(t.second, 'time.second');
}

/** True when the six fields form a real calendar time (year 2000..2099). */
export function isValidGbTime(t: GbTime): boolean {
  if (t.year < 2000 || t.year > 2099 || t.month < 1 || t.month > 12 || t.day < 1) return false;
  if (t.hour > 23 || t.minute > 59 || t.second > 59) return false;
  const daysInMonth = new Date(Date.UTC(t.year, t.month, 0)).getUTCDate();
  return t.day <= daysInMonth;
}

/** Epoch milliseconds of a Beijing-time GbTime (NaN when the fields are not a real time). */
export function gbTimeToEpochMs(t: GbTime): number {
  if (!isValidGbTime(t)) return Number.NaN;
  return Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second) - BEIJING_OFFSET_MS;
}

/** The Beijing-time GbTime of an instant (milliseconds are dropped). */
export function gbTimeFromEpochMs(ms: number): GbTime {
  const d = new Date(ms + BEIJING_OFFSET_MS);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

/** 'YYYY-MM-DD hh:mm:ss' (Beijing time), for display and logs. */
export function formatGbTime(t: GbTime): string {
  const p = (n: number) => (n < 10 ? '0' : '') + n;
  return `${t.year}-${p(t.month)}-${p(t.day)} ${p(t.hour)}:${p(t.minute)}:${p(t.second)}`;
}
