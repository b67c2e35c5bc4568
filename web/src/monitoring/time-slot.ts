import { formatTime } from '../util/error-log';

/** A query window in epoch ms. */
export interface TimeSlot {
  start: number;
  end: number;
}

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

export const timeText = (ms: number) => formatTime(new Date(ms));

/** Accepts ms, an ISO string or 'yyyy-MM-dd HH:mm:ss' (local); NaN when unreadable. */
export function toMs(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || !value.trim()) return Number.NaN;
  if (/^\d+$/.test(value)) return Number(value);
  return new Date(value.includes('T') ? value : value.replace(' ', 'T')).getTime();
}
