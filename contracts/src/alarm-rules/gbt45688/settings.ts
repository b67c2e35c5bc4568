import { z } from 'zod';
import { FAULT_ITEMS, FAULT_ITEM_LEVEL } from './fault-items.ts';

/**
 * The enterprise's choices where GB/T 45688 leaves them open, as platform params
 * (`gbt45688.<key>` in the param table; docs/safety-early-warning.md says why each default).
 * A param left out, empty or out of range takes the default.
 */
export const SAFETY_PARAM_PREFIX = 'gbt45688.';

const num = (min: number, max: number, fallback: number) => z.coerce.number().min(min).max(max).catch(fallback).default(fallback);
const int = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).catch(fallback).default(fallback);
const flag = (fallback: boolean) => z.preprocess((v) => (typeof v === 'string' ? ['true', '1', 'on', 'yes'].includes(v.trim().toLowerCase()) : v), z.boolean()).catch(fallback).default(fallback);
const chemistry = z.enum(['ncm', 'lfp', 'none']);

/** One column of a C.1–C.5 risk matrix: the threshold, and how long (s) and how often it may be passed in a day. */
export interface MatrixColumn { limit: number; allowedSeconds: number; allowedCount: number }

const settingsShape = {
  ...Object.fromEntries(FAULT_ITEMS.map((i) => [`${i.code}.level`, FAULT_ITEM_LEVEL.catch(i.defaultLevel).default(i.defaultLevel)])),
  /** C.9 r_T, Ω per volt of the frame's total voltage. */
  'C9.ohmPerVolt': num(1, 10_000, 100),
  /** C.9 C_T: low readings in a day that raise the warning. */
  'C9.lowPerDay': int(1, 100_000, 5),
  /** C.9: count only frames that are not charging (the text's "under discharge conditions"). */
  'C9.dischargeOnly': flag(false),
  /** C.3 threshold of r_V, V. */
  'C3.rangeVolts': num(0.01, 10, 0.5),
  /** C.3: charging samples of the day before r_V is judged (one glitch is not a day). */
  'C3.minSamples': int(1, 100_000, 10),
  /** C.10 dV_T, V. */
  'C10.deltaVolts': num(0.01, 10, 0.5),
  /** C.10 outlier constant a, inside (0.7, 0.95). */
  'C10.outlier': num(0.7001, 0.9499, 0.8),
  /** C.10: frames of a day that show the pattern before the warning is raised. */
  'C10.framesPerDay': int(1, 100_000, 1),
  /** C.11b: offline days allowed for commercial (non-private) vehicles. */
  'C11.offlineDaysCommercial': num(1, 3650, 60),
  /** C.11b: offline days allowed for private vehicles (vehicle purpose 私人). */
  'C11.offlineDaysPrivate': num(1, 3650, 90),
  /** C.11a: days powered off before over-discharge is judged. */
  'C11.offDays': num(0.01, 3650, 1),
  /** C.11a t_T, days of standing left. */
  'C11.standDays': num(0.01, 3650, 5),
  /** C.11a SD, SOC percentage points lost per day standing (the manufacturer's figure). */
  'C11.selfDischargePerDay': num(0.001, 100, 1),
  /** C.12: switched off longer than this, days… */
  'C12.parkedDays': num(1, 3650, 60),
  /** …with SOC above this, %… */
  'C12.socPercent': num(0, 100, 80),
  /** …within this of each other, m… */
  'C12.radiusM': num(1, 100_000, 500),
  /** …this many together (the vehicle itself counted; the standard: at most 100). */
  'C12.minVehicles': int(2, 100, 10),
  /** C.6 T0: drive-motor temperature, °C. */
  'C6.limitC': num(-40, 210, 80),
  /** C.7 T0: motor-controller temperature, °C. */
  'C7.limitC': num(-40, 210, 120),
  /** C.8 T0: DC/DC temperature, °C. */
  'C8.limitC': num(-40, 210, 90),
  /** C.6–C.8: share of a run segment's time above T0 that is a danger, %. */
  'C6.percent': num(0, 100, 20), 'C7.percent': num(0, 100, 20), 'C8.percent': num(0, 100, 20),
  /** C.6–C.8: running minutes with a reading before a run segment is judged (a short trip is no verdict). */
  'run.minMinutes': num(1, 1440, 30),
  /** C.6–C.8: the longest gap between running frames still counted as running time, s. */
  'run.maxGapS': num(1, 3600, 60),
  /** C.1–C.5 for vehicles whose battery pack names neither LFP (01) nor ternary (04). */
  'matrix.unknownChemistry': chemistry.catch('none').default('none'),
  'matrix.allowedSeconds': num(0, 86_400, 0),
  'matrix.allowedCount': int(0, 100_000, 0),
  'C1.ncm': num(-40, 210, 60), 'C1.lfp': num(-40, 210, 65),
  'C2.ncm': num(0, 15, 4.4), 'C2.lfp': num(0, 15, 3.7),
  'C4.ncm': num(-40, 210, 60), 'C4.lfp': num(-40, 210, 65),
  'C5.ncm': num(0, 15, 1.8), 'C5.lfp': num(0, 15, 1.5),
  /** D.1 row 4: share of a model's in-use vehicles with a level-3 fault in the period that escalates to the manufacturer, %. */
  'escalation.faultPercent': num(0, 100, 5),
  /** D.2 row 3: the same for vehicles with a hidden danger, %. */
  'escalation.dangerPercent': num(0, 100, 10),
  /** Whether a model exactly at the percent escalates (≥); the default reads 以上 as "more than" (>). */
  'escalation.inclusive': flag(false),
} as const;

export const safetySettingsSchema = z.object(settingsShape);
export type SafetySettings = z.infer<typeof safetySettingsSchema> & Record<`F${number}.level`, number>;

/** The settings from param rows (full keys, `gbt45688.` first); other keys are ignored. */
export function safetySettingsOf(params: Readonly<Record<string, string | undefined>>): SafetySettings {
  const own: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    if (key.startsWith(SAFETY_PARAM_PREFIX) && value !== undefined && value.trim() !== '') own[key.slice(SAFETY_PARAM_PREFIX.length)] = value.trim();
  }
  return safetySettingsSchema.parse(own) as SafetySettings;
}

export const DEFAULT_SAFETY_SETTINGS: SafetySettings = safetySettingsOf({});

export type MatrixItem = 'C1' | 'C2' | 'C4' | 'C5';
/** The temperature-duty models over run segments. */
export type DutyItem = 'C6' | 'C7' | 'C8';

/** The matrix column of an item for a chemistry, or undefined when the chemistry has none. */
export function matrixColumn(s: SafetySettings, item: MatrixItem, chem: 'ncm' | 'lfp' | undefined): MatrixColumn | undefined {
  const c = chem ?? (s['matrix.unknownChemistry'] === 'none' ? undefined : s['matrix.unknownChemistry']);
  if (!c) return undefined;
  return { limit: s[`${item}.${c}`], allowedSeconds: s['matrix.allowedSeconds'], allowedCount: s['matrix.allowedCount'] };
}

/** GB/T 32960.3 energy-storage type codes to the two chemistries the standard gives thresholds for. */
export function chemistryOf(code: unknown): 'ncm' | 'lfp' | undefined {
  const c = String(code ?? '').padStart(2, '0');
  return c === '01' ? 'lfp' : c === '04' ? 'ncm' : undefined;
}
