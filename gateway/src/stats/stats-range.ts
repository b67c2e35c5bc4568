import { z } from 'zod';
import { STATS_MAX_DAYS } from '@wdiov/contracts';
import { badRequest } from '../lib/api-error.ts';
import { toInstant } from '../routes/base/inputs.ts';
import { dayOf } from './day-figures.ts';

/** A range of whole days in the console's zone, both ends included. */
export interface DayRange {
  from: string;
  to: string;
  days: string[];
  /** Hours of the range already past (today counts up to now). */
  elapsedHours: number;
}

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Midnight (console zone) starting a `yyyy-MM-dd` day, as epoch ms. */
const startOf = (day: string, offsetMin: number) => Date.parse(`${day}T00:00:00Z`) - offsetMin * 60_000;

/** `yyyy-MM-dd`, `yyyy-MM-dd HH:mm:ss` or epoch ms → the day it falls on; a 400 naming the field otherwise. */
function dayParam(raw: unknown, key: string, label: string, offsetMin: number): string {
  const text = typeof raw === 'string' ? raw.trim() : raw;
  if (typeof text === 'string' && DATE.test(text)) {
    const ms = Date.parse(`${text}T00:00:00Z`);
    if (Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === text) return text;
  } else {
    const at = toInstant(text, offsetMin);
    if (at && Number.isFinite(at.getTime())) return dayOf(at.getTime(), offsetMin);
  }
  throw badRequest(`${label}的格式应为 yyyy-MM-dd、yyyy-MM-dd HH:mm:ss 或毫秒时间戳 [${key}]`);
}

const daysParam = z.coerce.number({ error: 'days 必须是1到366之间的整数' }).int({ error: 'days 必须是1到366之间的整数' })
  .min(1, { error: 'days 必须是1到366之间的整数' }).max(STATS_MAX_DAYS, { error: 'days 必须是1到366之间的整数' });

/**
 * The days a statistics call covers: `startTime`/`endTime` (or `startDate`/`endDate`), else the
 * last `days` days (default `defaultDays`) ending today. End before start, or longer than
 * STATS_MAX_DAYS, is a 400.
 */
export function dayRange(input: Record<string, unknown>, offsetMin: number, defaultDays: number, now = Date.now()): DayRange {
  const today = dayOf(now, offsetMin);
  const startRaw = blank(input.startTime) ? input.startDate : input.startTime;
  const endRaw = blank(input.endTime) ? input.endDate : input.endTime;
  const startKey = blank(input.startTime) ? 'startDate' : 'startTime';
  const endKey = blank(input.endTime) ? 'endDate' : 'endTime';
  const to = blank(endRaw) ? today : dayParam(endRaw, endKey, '结束时间', offsetMin);
  let from: string;
  if (!blank(startRaw)) from = dayParam(startRaw, startKey, '开始时间', offsetMin);
  else {
    const parsed = daysParam.safeParse(blank(input.days) ? defaultDays : input.days);
    if (!parsed.success) throw badRequest(`${parsed.error.issues[0]?.message ?? 'days 无效'} [days]`);
    from = dayOf(startOf(to, offsetMin) - (parsed.data - 1) * DAY_MS, offsetMin);
  }
  if (to < from) throw badRequest(`结束时间不能早于开始时间 [${endKey}]`);
  const span = Math.round((startOf(to, offsetMin) - startOf(from, offsetMin)) / DAY_MS) + 1;
  if (span > STATS_MAX_DAYS) throw badRequest(`时间范围不能超过${STATS_MAX_DAYS}天 [${endKey}]`);
  const days = Array.from({ length: span }, (_, i) => dayOf(startOf(from, offsetMin) + i * DAY_MS + 3_600_000, offsetMin));
  const elapsedMs = Math.max(0, Math.min(now, startOf(to, offsetMin) + DAY_MS) - startOf(from, offsetMin));
  return { from, to, days, elapsedHours: elapsedMs / 3_600_000 };
}
