import { z } from 'zod';
import { spoken } from '../entity/validation-text.ts';

/**
 * Times travel as `yyyy-MM-dd HH:mm:ss` in the console's zone (Asia/Shanghai unless
 * configured). The zone is a fixed UTC offset in minutes: China has no daylight saving,
 * and a fixed offset keeps formatting a few integer operations instead of Intl calls.
 */
export const DEFAULT_UTC_OFFSET_MIN = 8 * 60;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export function formatDateTime(date: Date | number, offsetMin = DEFAULT_UTC_OFFSET_MIN): string {
  const ms = typeof date === 'number' ? date : date.getTime();
  const d = new Date(ms + offsetMin * 60_000);
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}

/**
 * Date pickers work in the browser's zone. To show and pick the console's wall clock whatever
 * the browser's zone, a picker is given a Date whose local fields are that wall clock
 * (`toWallDate`) and the instant it stands for is read back the same way (`fromWallDate`).
 */
export function toWallDate(ms: number, offsetMin = DEFAULT_UTC_OFFSET_MIN): Date {
  const d = new Date(ms + offsetMin * 60_000);
  return new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
}

/** The instant a picker's Date stands for, its local fields read as the console's wall clock. */
export function fromWallDate(date: Date, offsetMin = DEFAULT_UTC_OFFSET_MIN): number {
  const wall = Date.UTC(date.getFullYear(), date.getMonth(), date.getDate(), date.getHours(), date.getMinutes(), date.getSeconds(), date.getMilliseconds());
  return wall - offsetMin * 60_000;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * Parses `yyyy-MM-dd HH:mm:ss` (time part optional, seconds optional) in the given zone.
 * Returns null for anything else, including impossible dates such as 2024-02-30.
 */
export function parseDateTime(text: string, offsetMin = DEFAULT_UTC_OFFSET_MIN): Date | null {
  const m = DATE_TIME.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h = '0', mi = '0', s = '0'] = m.slice(1).map((v) => v ?? '0');
  const fields = [y, mo, d, h, mi, s].map(Number) as [number, number, number, number, number, number];
  const utc = Date.UTC(fields[0], fields[1] - 1, fields[2], fields[3], fields[4], fields[5]);
  const check = new Date(utc);
  if (
    check.getUTCFullYear() !== fields[0] ||
    check.getUTCMonth() !== fields[1] - 1 ||
    check.getUTCDate() !== fields[2] ||
    fields[3] > 23 || fields[4] > 59 || fields[5] > 59
  ) {
    return null;
  }
  return new Date(utc - offsetMin * 60_000);
}

/** zod schema for a submitted date-time string. */
export const dateTimeString = z
  .string()
  .refine((v) => parseDateTime(v) !== null, { error: spoken('dateTime') });
