import { z } from 'zod';
import { spoken } from '../entity/validation-text.ts';
import { STATS_MAX_DAYS } from '../stats/figures.ts';
import { idString } from '../wire/ids.ts';
import { defineRoute } from './define-route.ts';

/**
 * The reporting period a vehicle's frames are expected at when nothing better is known: GB/T
 * 32960.3 lets a terminal report every 1–60 s and 10 s is the period terminals ship with. The
 * console stores no per-vehicle period (the 0x02 parameter is only read on request), so every
 * vehicle is judged against this one.
 */
export const DEFAULT_REPORT_PERIOD_S = 10;

const L = {
  current: { zh: '当前页', en: 'current' }, size: { zh: '每页条数', en: 'size' }, vin: { zh: '车架号', en: 'VIN' },
  deptId: { zh: '所属组织', en: 'deptId' }, vehicleModelId: { zh: '车型', en: 'vehicleModelId' },
  startDay: { zh: '开始日期', en: 'startDay' }, endDay: { zh: '结束日期', en: 'endDay' },
};

/** An integer query param within bounds, its errors naming it. */
export const queryInt = (label: Record<'zh' | 'en', string>, min: number, max: number) => z.coerce.number({ error: spoken('notInteger', label) })
  .int({ error: spoken('notInteger', label) }).min(min, { error: spoken('tooSmall', label, min) }).max(max, { error: spoken('tooLarge', label, max) });

/** A calendar day `yyyy-MM-dd` that exists. */
export const queryDay = (label: Record<'zh' | 'en', string>) => z.string({ error: spoken('notDateText', label) }).trim()
  .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v, { error: spoken('pattern', label, undefined, undefined) })
  .optional();

const int = queryInt;
const day = queryDay;

const spanDays = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

export const dataQualityQuery = z.object({
  current: int(L.current, 1, 1_000_000).default(1),
  size: int(L.size, 1, 1000).default(10),
  vin: z.string().trim().max(17, { error: spoken('tooLong', L.vin, 17) }).optional().describe('Part of a VIN'),
  deptId: idString.optional().describe('The vehicles\' organisation'),
  vehicleModelId: idString.optional().describe('The vehicles\' model'),
  startDay: day(L.startDay).describe('yyyy-MM-dd, default 6 days before endDay'),
  endDay: day(L.endDay).describe('yyyy-MM-dd, default today (the console\'s zone)'),
}).superRefine((q, ctx) => {
  if (!q.startDay || !q.endDay) return;
  if (q.endDay < q.startDay) ctx.addIssue({ code: 'custom', path: ['endDay'], message: spoken('endBeforeStart')() });
  else if (spanDays(q.startDay, q.endDay) > STATS_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['endDay'], message: spoken('rangeDays', undefined, STATS_MAX_DAYS)() });
});

export const dataQualityRow = z.object({
  day: z.string(),
  vin: z.string(),
  plateNumber: z.string(),
  /** The frames the day's statistics counted. */
  framesReceived: z.number().int(),
  /** ⌈onlineSeconds / reportPeriodS⌉: what a terminal reporting at its period while online would have sent. */
  framesExpected: z.number().int(),
  reportPeriodS: z.number(),
  onlineSeconds: z.number(),
  /** onlineSeconds over the day's seconds (today: those already past); 0…1. */
  onlineRate: z.number(),
  /** framesReceived / framesExpected, at most 1; null when the vehicle was never online. */
  completeness: z.number().nullable(),
});
export type DataQualityRow = z.infer<typeof dataQualityRow>;

/** Per vehicle and day: how long it was online and how many of the frames due it sent. */
export const dataQualityPageRoute = defineRoute({
  method: 'get',
  service: 'wdiov-base',
  path: '/dataQuality/page',
  summary: 'Data quality per vehicle and day (online time, frames expected and received, online rate, completeness) from the daily statistics, '
    + 'in the caller\'s tenant and data scope, newest day first',
  query: dataQualityQuery,
  data: z.object({ records: z.array(dataQualityRow), total: z.number().int(), size: z.number().int(), current: z.number().int(), pages: z.number().int() }),
});
