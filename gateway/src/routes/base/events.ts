import { gte, lte, type SQL } from 'drizzle-orm';
import type { ListQuery } from '@wdiov/contracts';
import { listQueryOf } from '../../crud/crud-router.ts';
import type { Repository } from '../../crud/repository.ts';
import { timeRange, type RangeOptions, type TimeRange } from './inputs.ts';

const RANGE_KEYS = ['timeSlot', 'startTime', 'endTime'];

/**
 * The list query of an event list (alarms, faults, fence records): the BladeX filter grammar
 * of the entity, plus the spec's time range (`startTime`/`endTime` or `timeSlot`) on the
 * event's time column.
 */
export function eventQuery(
  repo: Repository, input: Record<string, unknown>, utcOffsetMin: number, timeField: string, options: RangeOptions = {},
  reserved: string[] = [],
): { query: ListQuery; extra: SQL[]; range: TimeRange } {
  const strings: Record<string, string> = {};
  for (const [k, v] of Object.entries(input)) {
    if (typeof v === 'string') strings[k] = v;
    else if (typeof v === 'number' || typeof v === 'boolean') strings[k] = String(v);
  }
  const query = listQueryOf(strings, [...RANGE_KEYS, ...reserved], utcOffsetMin);
  const range = timeRange(input, utcOffsetMin, options);
  const column = repo.columns[timeField]!;
  const extra: SQL[] = [];
  if (range.start) extra.push(gte(column, range.start));
  if (range.end) extra.push(lte(column, range.end));
  return { query, extra, range };
}

/** Day keys `yyyy-MM-dd` in the console's zone from start to end inclusive. */
export function dayKeys(start: Date, end: Date, utcOffsetMin: number): string[] {
  const keyOf = (ms: number) => new Date(ms + utcOffsetMin * 60_000).toISOString().slice(0, 10);
  const out: string[] = [];
  const last = keyOf(end.getTime());
  for (let ms = start.getTime(), key = keyOf(ms); ; ms += 86_400_000, key = keyOf(ms)) {
    if (out[out.length - 1] !== key) out.push(key);
    if (key >= last) break;
  }
  return out;
}

/** Midnight (console zone) of the day `daysBack` days before today. */
export function startOfDay(now: number, utcOffsetMin: number, daysBack = 0): Date {
  const local = new Date(now + utcOffsetMin * 60_000);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - daysBack) - utcOffsetMin * 60_000);
}
