import { z } from 'zod';
import { defineRoute } from './define-route.ts';
import { queryDay, queryInt } from './data-quality.route.ts';

/** The statistics period when none is asked: the "e.g. 1 year" of Tables D.1 and D.2. */
export const MODEL_LEVEL_DEFAULT_DAYS = 365;
export const MODEL_LEVEL_MAX_DAYS = 3650;

const L = { periodDays: { zh: '统计天数', en: 'periodDays' }, endDay: { zh: '结束日期', en: 'endDay' } };

export const safetyModelLevelQuery = z.object({
  endDay: queryDay(L.endDay).describe('yyyy-MM-dd, the last day of the period, default today (the console\'s zone)'),
  periodDays: queryInt(L.periodDays, 1, MODEL_LEVEL_MAX_DAYS).default(MODEL_LEVEL_DEFAULT_DAYS)
    .describe('Days of the period ending endDay, default 365'),
});

export const safetyModelLevelRow = z.object({
  vehicleModelId: z.string(),
  modelName: z.string(),
  /** Vehicles of the model registered and not deleted, in the caller's data scope. */
  inUse: z.number().int(),
  /** Vehicles of the model with at least one level-3 fault-item (F) warning raised in the period. */
  faultVehicles: z.number().int(),
  /** faultVehicles / inUse, 0…1 (0 without vehicles in use). */
  faultRatio: z.number(),
  /** Vehicles of the model with at least one hidden-danger (C) warning raised in the period. */
  dangerVehicles: z.number().int(),
  dangerRatio: z.number(),
  /** D.1 row 4: faultRatio passes `gbt45688.escalation.faultPercent`. */
  faultEscalated: z.boolean(),
  /** D.2 row 3: dangerRatio passes `gbt45688.escalation.dangerPercent`. */
  dangerEscalated: z.boolean(),
});
export type SafetyModelLevelRow = z.infer<typeof safetyModelLevelRow>;

/** The model-level figures of GB/T 45688 Annex D (Table D.1 row 4, Table D.2 row 3), one row per vehicle model. */
export const safetyModelLevelRoute = defineRoute({
  method: 'get',
  service: 'wdiov-base',
  path: '/safetyModelLevel/list',
  summary: 'Per vehicle model of the caller\'s tenant: in-use vehicles, those with a level-3 fault and those with a hidden danger in the period, '
    + 'their ratios and whether each passes its escalation percent (GB/T 45688 Tables D.1 row 4, D.2 row 3); escalated models first',
  query: safetyModelLevelQuery,
  data: z.object({
    startDay: z.string(), endDay: z.string(), periodDays: z.number().int(),
    /** The thresholds the flags were judged with (platform params). */
    faultPercent: z.number(), dangerPercent: z.number(), inclusive: z.boolean(),
    records: z.array(safetyModelLevelRow),
  }),
});
