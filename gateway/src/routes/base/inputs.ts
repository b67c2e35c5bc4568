import { readJsonObject } from '../../lib/read-input.ts';
import { z } from 'zod';
import { idString, parseDateTime, parseIdList } from '@wdiov/contracts';
import { badRequest } from '../../lib/api-error.ts';
import { parseWith } from '../../lib/read-input.ts';
import { say, type Words } from '../../lib/request-language.ts';
import type { Ctx } from '../../lib/types.ts';

/**
 * Edge validation shared by the wdiov-base bespoke calls. Every 400 names its field in
 * brackets (`… [vin]`), as the generic routes do, worded in the request's language (the
 * messages are functions, so zod words them when it parses, inside the request).
 */

const blankToUndefined = (v: unknown) => (v === '' || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

/** A VIN as the console types it: trimmed, upper-cased, 1–17 letters and digits (a partial one matches nothing). */
/** Labels of the parameters several calls share, in each language. */
export const LABELS = {
  vin: { zh: '车架号', en: 'VIN' },
  plateNumber: { zh: '车牌号', en: 'Plate number' },
  keyword: { zh: '关键字', en: 'Keyword' },
  vehicleState: { zh: '车辆状态', en: 'Vehicle state' },
  alarmType: { zh: '报警类型', en: 'Alarm type' },
} as const satisfies Record<string, Words>;
const VIN = LABELS.vin;
export const vinParam = z.string({ error: () => say('required', VIN) }).trim().toUpperCase()
  .regex(/^[A-Z0-9]{1,17}$/, { error: () => say('vinFormat', VIN) });

export const plateParam = z.string().trim().min(1).max(20, { error: () => say('tooLong', LABELS.plateNumber, 20) });

/** A label in each language; a single string (Chinese) is used in both until it is given its English. */
const words = (label: string | Words): Words => (typeof label === 'string' ? { zh: label, en: label } : label);

export const optionalText = (max: number, name: string | Words, label = words(name)) =>
  z.preprocess(blankToUndefined, z.string({ error: () => say('notText', label) }).trim().max(max, { error: () => say('tooLong', label, max) }).optional());

/** An optional integer given as a number or a decimal string. */
export const optionalInt = (name: string | Words, min: number, max: number, label = words(name)) =>
  z.preprocess(blankToUndefined, z.coerce.number({ error: () => say('notInteger', label) })
    .int({ error: () => say('notInteger', label) }).min(min, { error: () => say('tooSmall', label, min) }).max(max, { error: () => say('tooLarge', label, max) }).optional());

/** A positive page parameter at most `max`. */
const pageParam = (name: string, max: number, fallback: number) => {
  const label = { zh: name, en: name };
  const positive = () => say('positiveInt', label);
  return z.preprocess(blankToUndefined, z.coerce.number({ error: positive }).int({ error: positive })
    .min(1, { error: positive }).max(max, { error: () => say('atMost', label, max) }).default(fallback));
};

export const pageParams = {
  current: pageParam('current', 1_000_000, 1),
  size: pageParam('size', 500, 10),
};

/** `yyyy-MM-dd HH:mm:ss` in the console's zone, or epoch milliseconds (the spec's timeSlot). */
export function toInstant(v: unknown, offsetMin: number): Date | null {
  if (typeof v === 'number') return Number.isInteger(v) && v > 0 && v < 1e14 ? new Date(v) : null;
  if (typeof v !== 'string') return null;
  const s = v.trim();
  if (/^\d{10,14}$/.test(s)) return new Date(Number(s));
  return parseDateTime(s, offsetMin);
}

export interface RangeOptions {
  /** Both ends required. */
  required?: boolean;
  /** Longest span allowed (ms). */
  maxMs?: number;
  /** Span used when the start is missing: [end − defaultMs, end]. */
  defaultMs?: number;
}

export interface TimeRange { start?: Date; end?: Date }

/** The longest span allowed, in days when it is whole days, else in hours. */
const spanTooLong = (ms: number) => (ms % 86_400_000 === 0 ? say('rangeDays', undefined, ms / 86_400_000) : say('rangeHours', undefined, Math.round(ms / 3_600_000)));
const ENDS = { startTime: { zh: '开始时间', en: 'The start time' }, endTime: { zh: '结束时间', en: 'The end time' } } as const;

/**
 * A time range from `startTime`/`endTime` or from `timeSlot` (the spec's start and end
 * timestamps: `a,b`, or an array in a JSON body). Bad values are a 400 naming the field.
 */
export function timeRange(input: Record<string, unknown>, offsetMin: number, options: RangeOptions = {}): TimeRange {
  let start: Date | undefined;
  let end: Date | undefined;
  const slot = blankToUndefined(input.timeSlot);
  if (slot !== undefined) {
    const parts = Array.isArray(slot) ? slot : String(slot).split(',');
    const dates = parts.map((p) => toInstant(p, offsetMin));
    if (dates.length !== 2 || dates.some((d) => d === null)) throw badRequest(`${say('timeSlot')} [timeSlot]`);
    [start, end] = dates as [Date, Date];
  }
  for (const key of ['startTime', 'endTime'] as const) {
    const raw = blankToUndefined(input[key]);
    if (raw === undefined) continue;
    const d = toInstant(raw, offsetMin);
    if (!d) throw badRequest(`${say('timeFormat', ENDS[key])} [${key}]`);
    if (key === 'startTime') start = d;
    else end = d;
  }
  if (options.required && !start) throw badRequest(`${say('choose', { zh: '开始时间', en: 'the start time' })} [startTime]`);
  if (options.required && !end) throw badRequest(`${say('choose', { zh: '结束时间', en: 'the end time' })} [endTime]`);
  if (options.defaultMs !== undefined) {
    end ??= new Date();
    start ??= new Date(end.getTime() - options.defaultMs);
  }
  if (start && end && end.getTime() <= start.getTime()) throw badRequest(`${say('endBeforeStart')} [endTime]`);
  if (options.maxMs !== undefined && start && end && end.getTime() - start.getTime() > options.maxMs) {
    throw badRequest(`${spanTooLong(options.maxMs)} [endTime]`);
  }
  return { start, end };
}

/** A required id query parameter; the 400 names it. */
export function queryId(c: Ctx, name: string): string {
  const raw = c.req.query(name);
  if (raw === undefined || raw.trim() === '') throw badRequest(`${say('missingParam', { zh: name, en: name })} [${name}]`);
  return parseWith(z.object({ [name]: idString }), { [name]: raw.trim() })[name] as string;
}

const IDS: Words = { zh: 'ids', en: 'ids' };
/** `ids` as a JSON array or comma-joined string, or a single `id`: at most 500 distinct ids. */
export const idsInput = z.object({
  ids: z.union([z.string(), z.array(z.union([z.string(), z.number()]))], { error: () => say('notIdList', IDS) }).optional(),
  id: z.union([z.string(), z.number()]).optional(),
}).transform((v, ctx) => {
  const raw = v.ids !== undefined ? (Array.isArray(v.ids) ? v.ids.map(String).join(',') : v.ids) : v.id !== undefined ? String(v.id) : '';
  const ids = parseIdList(raw);
  if (!ids || ids.length > 500) {
    ctx.addIssue({ code: 'custom', message: raw === '' ? say('chooseRows') : say('idsTooMany', IDS, 500), path: [v.ids !== undefined || v.id === undefined ? 'ids' : 'id'] });
    return z.NEVER;
  }
  return ids;
});

/**
 * Parameters of a call that clients send in the query, or as a JSON object body (the query
 * first, the body on top). A body that is not a JSON object is a 400.
 */
export async function params(c: Ctx): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = { ...c.req.query() };
  const slots = c.req.queries('timeSlot');
  if (slots && slots.length === 2) out.timeSlot = slots;
  if (c.req.method === 'GET') return out;
  return Object.assign(out, (await readJsonObject(c, true)) ?? {});
}
