import { z } from 'zod';
import { STATS_MAX_DAYS } from '@wdiov/contracts';
import { badRequest } from '../lib/api-error.ts';
import { toInstant } from '../routes/base/inputs.ts';
import { dayOf } from './day-figures.ts';
import { requestLanguage, say, type Words } from '../lib/request-language.ts';
import { RANGE_LABELS, rangeText } from '../lib/texts/range-text.ts';

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
function dayParam(raw: unknown, key: string, label: Words, offsetMin: number): string {
  const text = typeof raw === 'string' ? raw.trim() : raw;
  if (typeof text === 'string' && DATE.test(text)) {
    const ms = Date.parse(`${text}T00:00:00Z`);
    if (Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === text) return text;
  } else {
    const at = toInstant(text, offsetMin);
    if (at && Number.isFinite(at.getTime())) return dayOf(at.getTime(), offsetMin);
  }
  throw badRequest(`${rangeText('dayFormat', { label: label[requestLanguage()] })} [${key}]`);
}

const daysError = () => rangeText('days', { limit: STATS_MAX_DAYS });
const daysParam = z.coerce.number({ error: daysError }).int({ error: daysError }).min(1, { error: daysError }).max(STATS_MAX_DAYS, { error: daysError });

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
  const to = blank(endRaw) ? today : dayParam(endRaw, endKey, RANGE_LABELS.end, offsetMin);
  let from: string;
  if (!blank(startRaw)) from = dayParam(startRaw, startKey, RANGE_LABELS.start, offsetMin);
  else {
    const parsed = daysParam.safeParse(blank(input.days) ? defaultDays : input.days);
    if (!parsed.success) throw badRequest(`${parsed.error.issues[0]?.message ?? daysError()} [days]`);
    from = dayOf(startOf(to, offsetMin) - (parsed.data - 1) * DAY_MS, offsetMin);
  }
  if (to < from) throw badRequest(`${rangeText('endNotBeforeStart')} [${endKey}]`);
  const span = Math.round((startOf(to, offsetMin) - startOf(from, offsetMin)) / DAY_MS) + 1;
  if (span > STATS_MAX_DAYS) throw badRequest(`${say('rangeDays', undefined, STATS_MAX_DAYS)} [${endKey}]`);
  const days = Array.from({ length: span }, (_, i) => dayOf(startOf(from, offsetMin) + i * DAY_MS + 3_600_000, offsetMin));
  const elapsedMs = Math.max(0, Math.min(now, startOf(to, offsetMin) + DAY_MS) - startOf(from, offsetMin));
  return { from, to, days, elapsedHours: elapsedMs / 3_600_000 };
}
