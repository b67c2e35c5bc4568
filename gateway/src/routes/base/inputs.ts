import { readJsonObject } from '../../lib/read-input.ts';
import { z } from 'zod';
import { idString, parseDateTime, parseIdList } from '@wdiov/contracts';
import { badRequest } from '../../lib/api-error.ts';
import { parseWith } from '../../lib/read-input.ts';
import type { Ctx } from '../../lib/types.ts';

/**
 * Edge validation shared by the wdiov-base bespoke calls. Every 400 names its field in
 * brackets (`… [vin]`), as the generic routes do.
 */

const blankToUndefined = (v: unknown) => (v === '' || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

/** A VIN as the console types it: trimmed, upper-cased, 1–17 letters and digits (a partial one matches nothing). */
export const vinParam = z.string({ error: '请输入车架号' }).trim().toUpperCase()
  .regex(/^[A-Z0-9]{1,17}$/, { error: '车架号应为17位以内的字母数字' });

export const plateParam = z.string().trim().min(1).max(20, { error: '车牌号不能超过20个字符' });

export const optionalText = (max: number, label: string) =>
  z.preprocess(blankToUndefined, z.string({ error: `${label}必须是文本` }).trim().max(max, { error: `${label}不能超过${max}个字符` }).optional());

/** An optional integer given as a number or a decimal string. */
export const optionalInt = (label: string, min: number, max: number) =>
  z.preprocess(blankToUndefined, z.coerce.number({ error: `${label}必须是整数` })
    .int({ error: `${label}必须是整数` }).min(min, { error: `${label}不能小于${min}` }).max(max, { error: `${label}不能大于${max}` }).optional());

export const pageParams = {
  current: z.preprocess(blankToUndefined, z.coerce.number({ error: 'current 必须是正整数' }).int({ error: 'current 必须是正整数' })
    .min(1, { error: 'current 必须是正整数' }).max(1_000_000, { error: 'current 不能大于 1000000' }).default(1)),
  size: z.preprocess(blankToUndefined, z.coerce.number({ error: 'size 必须是正整数' }).int({ error: 'size 必须是正整数' })
    .min(1, { error: 'size 必须是正整数' }).max(500, { error: 'size 不能大于 500' }).default(10)),
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

const RANGE_FORMAT = '的格式应为 yyyy-MM-dd HH:mm:ss 或毫秒时间戳';
const hours = (ms: number) => (ms % 86_400_000 === 0 ? `${ms / 86_400_000}天` : `${Math.round(ms / 3_600_000)}小时`);

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
    if (dates.length !== 2 || dates.some((d) => d === null)) throw badRequest('时间段应为开始和结束时间(毫秒时间戳), 以逗号分隔 [timeSlot]');
    [start, end] = dates as [Date, Date];
  }
  for (const [key, label] of [['startTime', '开始时间'], ['endTime', '结束时间']] as const) {
    const raw = blankToUndefined(input[key]);
    if (raw === undefined) continue;
    const d = toInstant(raw, offsetMin);
    if (!d) throw badRequest(`${label}${RANGE_FORMAT} [${key}]`);
    if (key === 'startTime') start = d;
    else end = d;
  }
  if (options.required && !start) throw badRequest('请选择开始时间 [startTime]');
  if (options.required && !end) throw badRequest('请选择结束时间 [endTime]');
  if (options.defaultMs !== undefined) {
    end ??= new Date();
    start ??= new Date(end.getTime() - options.defaultMs);
  }
  if (start && end && end.getTime() <= start.getTime()) throw badRequest('结束时间须晚于开始时间 [endTime]');
  if (options.maxMs !== undefined && start && end && end.getTime() - start.getTime() > options.maxMs) {
    throw badRequest(`时间范围不能超过${hours(options.maxMs)} [endTime]`);
  }
  return { start, end };
}

/** A required id query parameter; the 400 names it. */
export function queryId(c: Ctx, name: string): string {
  const raw = c.req.query(name);
  if (raw === undefined || raw.trim() === '') throw badRequest(`缺少必要的请求参数: ${name} [${name}]`);
  return parseWith(z.object({ [name]: idString }), { [name]: raw.trim() })[name] as string;
}

/** `ids` as a JSON array or comma-joined string, or a single `id`: at most 500 distinct ids. */
export const idsInput = z.object({
  ids: z.union([z.string(), z.array(z.union([z.string(), z.number()]))], { error: 'ids 必须是ID列表' }).optional(),
  id: z.union([z.string(), z.number()]).optional(),
}).transform((v, ctx) => {
  const raw = v.ids !== undefined ? (Array.isArray(v.ids) ? v.ids.map(String).join(',') : v.ids) : v.id !== undefined ? String(v.id) : '';
  const ids = parseIdList(raw);
  if (!ids || ids.length > 500) {
    ctx.addIssue({ code: 'custom', message: raw === '' ? '请选择至少一条数据' : 'ids 必须是500个以内的ID', path: [v.ids !== undefined || v.id === undefined ? 'ids' : 'id'] });
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
