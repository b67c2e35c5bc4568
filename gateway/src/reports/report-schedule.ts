/**
 * When a scheduled report is due and which days it covers, in the console's zone (UTC_OFFSET_MIN).
 * A daily report goes out every day at its time and covers the day before; a weekly one on
 * Mondays, covering Monday to Sunday before; a monthly one on the 1st, covering the month before.
 * The row has no field for the weekday or the day of the month, so these are fixed.
 */

/** The `send_cycle` dictionary: 1 daily, 2 weekly, 3 monthly. */
export const SendCycle = { daily: 1, weekly: 2, monthly: 3 } as const;
export type SendCycleValue = (typeof SendCycle)[keyof typeof SendCycle];

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export const isSendCycle = (v: unknown): v is SendCycleValue => v === 1 || v === 2 || v === 3;

/** A console-zone wall clock as Date.UTC fields; `at` turns fields back into an instant. */
function wallClock(now: number, offsetMin: number) {
  const local = new Date(now + offsetMin * MINUTE_MS);
  return { y: local.getUTCFullYear(), m: local.getUTCMonth(), d: local.getUTCDate(), weekday: local.getUTCDay() };
}
const at = (offsetMin: number, y: number, m: number, d: number, h = 0, min = 0) => Date.UTC(y, m, d, h, min) - offsetMin * MINUTE_MS;
const dayText = (ms: number, offsetMin: number) => new Date(ms + offsetMin * MINUTE_MS).toISOString().slice(0, 10);

/**
 * The latest instant at or before `now` the cycle sends at (epoch ms), or undefined when the
 * cycle or the time of day is not one the row can hold.
 */
export function latestSlot(cycle: unknown, sendTime: unknown, offsetMin: number, now: number): number | undefined {
  const time = TIME.exec(String(sendTime ?? '').trim());
  if (!isSendCycle(cycle) || !time) return undefined;
  const h = Number(time[1]), min = Number(time[2]);
  const { y, m, d, weekday } = wallClock(now, offsetMin);
  if (cycle === SendCycle.daily) {
    const today = at(offsetMin, y, m, d, h, min);
    return today <= now ? today : at(offsetMin, y, m, d - 1, h, min);
  }
  if (cycle === SendCycle.weekly) {
    const sinceMonday = (weekday + 6) % 7;
    const thisWeek = at(offsetMin, y, m, d - sinceMonday, h, min);
    return thisWeek <= now ? thisWeek : at(offsetMin, y, m, d - sinceMonday - 7, h, min);
  }
  const thisMonth = at(offsetMin, y, m, 1, h, min);
  return thisMonth <= now ? thisMonth : at(offsetMin, y, m - 1, 1, h, min);
}

/** The days (`yyyy-MM-dd`, both included) the report sent at `slot` covers: the whole period before the slot's day. */
export function periodOf(cycle: SendCycleValue, slot: number, offsetMin: number): { from: string; to: string } {
  const { y, m, d } = wallClock(slot, offsetMin);
  const to = dayText(at(offsetMin, y, m, d - 1), offsetMin);
  if (cycle === SendCycle.daily) return { from: to, to };
  if (cycle === SendCycle.weekly) return { from: dayText(at(offsetMin, y, m, d - 7), offsetMin), to };
  return { from: dayText(at(offsetMin, y, m - 1, 1), offsetMin), to };
}

/** The start of a period's first day and the end of its last (exclusive), as instants: the events a report lists. */
export function periodInstants(period: { from: string; to: string }, offsetMin: number): { start: Date; end: Date } {
  const startOf = (day: string) => Date.parse(`${day}T00:00:00Z`) - offsetMin * MINUTE_MS;
  return { start: new Date(startOf(period.from)), end: new Date(startOf(period.to) + DAY_MS) };
}

export interface ScheduledRow {
  sendCycle: unknown;
  sendTime: unknown;
  lastSendTime?: Date | null;
  /** A slot before the row existed is not sent (a row made at 10:00 for 08:00 first sends tomorrow). */
  createTime?: Date | null;
}

/** The slot the row is due for at `now`, or undefined when its latest slot was sent already or came before the row. */
export function dueSlot(row: ScheduledRow, offsetMin: number, now: number): number | undefined {
  const slot = latestSlot(row.sendCycle, row.sendTime, offsetMin, now);
  if (slot === undefined) return undefined;
  const after = Math.max(row.lastSendTime?.getTime() ?? -Infinity, row.createTime?.getTime() ?? -Infinity);
  return slot > after ? slot : undefined;
}

/** Wait before attempt n+1 after n failed ones: 1, 2, 4 … minutes, at most an hour (the job ticks every minute). */
export const retryBackoffMs = (attempts: number) => Math.min(3_600_000, MINUTE_MS * 2 ** Math.max(0, attempts - 1));
