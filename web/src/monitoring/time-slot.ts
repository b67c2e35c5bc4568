import { formatDateTime, fromWallDate, toWallDate } from '@wdiov/contracts';

/**
 * Times of the monitoring screens. The gateway reads and writes 'yyyy-MM-dd HH:mm:ss' in its own
 * zone (UTC_OFFSET_MIN, minutes east of UTC, answered by /api/config), whatever the browser's zone:
 * every such text here is formatted and parsed in that zone, and the date pickers, which work in
 * the browser's zone, are given and read the server's wall clock.
 */

/** A query window in epoch ms. */
export interface TimeSlot {
  start: number;
  end: number;
}

/** The gateway's default zone (Asia/Shanghai), for an older gateway that does not say. */
export const DEFAULT_UTC_OFFSET_MIN = 480;

const MINUTE_MS = 60_000;

/** `timeSlot=<startMs>,<endMs>` as 'view now' and other screens send it; null when malformed. */
export function parseTimeSlot(raw: string | null | undefined): TimeSlot | null {
  if (!raw) return null;
  const [a, b] = raw.split(',').map((s) => Number(s.trim()));
  if (!Number.isFinite(a) || !Number.isFinite(b) || a <= 0 || b <= 0) return null;
  return a <= b ? { start: a, end: b } : { start: b, end: a };
}

export function formatSlot(slot: TimeSlot): string {
  return `${slot.start},${slot.end}`;
}

/** 'yyyy-MM-dd HH:mm:ss' of an instant in the server's zone. */
export const timeText = (ms: number, offsetMin: number): string => formatDateTime(ms, offsetMin);

const WALL_TEXT = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;

/** Accepts ms, an ISO string with its zone, or 'yyyy-MM-dd HH:mm:ss' in the server's zone; NaN when unreadable. */
export function toMs(value: unknown, offsetMin: number): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || !value.trim()) return Number.NaN;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const wall = WALL_TEXT.exec(text);
  if (!wall) return new Date(text).getTime();
  const [y, mo, d, h, mi, s, ms] = wall.slice(1).map((v) => Number(v ?? 0));
  return Date.UTC(y, mo - 1, d, h, mi, s, ms) - offsetMin * MINUTE_MS;
}

/** A picker's value for an instant: a Date whose fields in the browser's zone show the server's wall clock. */
export const toPickerDate = (ms: number, offsetMin: number): Date => toWallDate(ms, offsetMin);

/** The instant a picker's Date stands for, its fields read as the server's wall clock. */
export const fromPickerDate = (date: Date, offsetMin: number): number => fromWallDate(date, offsetMin);

/** A range picker's value for a slot, and back (null until both ends are chosen). */
export function slotToPicker(slot: TimeSlot | null, offsetMin: number): Date[] | null {
  return slot ? [toPickerDate(slot.start, offsetMin), toPickerDate(slot.end, offsetMin)] : null;
}

export function slotFromPicker(dates: (Date | null)[] | null | undefined, offsetMin: number): TimeSlot | null {
  const [a, b] = dates ?? [];
  return a && b ? { start: fromPickerDate(a, offsetMin), end: fromPickerDate(b, offsetMin) } : null;
}
