import { z } from 'zod';
import { spoken } from '../entity/validation-text.ts';
import { defineRoute } from './define-route.ts';

/** Days of the profile's trends, ending today (the console's zone). */
export const SAFETY_PROFILE_DAYS = 30;

/**
 * What an item's trend counts per day: a model's figure of the day totals (wdiov_safety_daily),
 * or for a fault item the warnings it raised that day. `none`: the item keeps no day figure
 * (C6–C8 are not evaluated, C12 is judged on the fleet, not on a day of one vehicle).
 */
export const SAFETY_DAY_FIGURES = ['warnings', 'episodes', 'rangeVolts', 'insulationLowFrames', 'samplingFaultFrames', 'lastSoc', 'hotPercent', 'none'] as const;
export type SafetyDayFigure = (typeof SAFETY_DAY_FIGURES)[number];

const VIN = { zh: '车架号', en: 'VIN' };

export const safetyProfileItem = z.object({
  /** F1…F12, C1…C12. */
  item: z.string(),
  figure: z.enum(SAFETY_DAY_FIGURES),
  /** One value per day of `days`; null where the vehicle has no row for the day. */
  trend: z.array(z.number().nullable()),
  /** The item's newest warning on this vehicle, or null when it never raised one. */
  last: z.object({
    id: z.string(), raisedTime: z.string(), level: z.number().int(), deadline: z.string(),
    status: z.number().int(), detail: z.string(),
  }).nullable(),
});
export type SafetyProfileItem = z.infer<typeof safetyProfileItem>;

/** One vehicle's GB/T 45688 items: each one's newest warning and a 30-day trend of its day figure. */
export const safetyProfileRoute = defineRoute({
  method: 'get',
  service: 'wdiov-base',
  path: '/safetyProfile/vehicle',
  summary: 'A vehicle\'s safety profile: every GB/T 45688 item with its newest warning and the last 30 days of its day figure '
    + '(the vehicle must be in the caller\'s tenant and data scope)',
  query: z.object({
    vin: z.string({ error: spoken('required', VIN) }).trim().min(1, { error: spoken('required', VIN) })
      .max(17, { error: spoken('tooLong', VIN, 17) }).regex(/^[A-Za-z0-9]+$/, { error: spoken('vinFormat', VIN) }),
  }),
  data: z.object({ vin: z.string(), plateNumber: z.string(), days: z.array(z.string()), items: z.array(safetyProfileItem) }),
});
