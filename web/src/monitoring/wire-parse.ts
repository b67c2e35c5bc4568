import { z } from 'zod';

/**
 * Lenient readers for gateway answers. Several monitoring routes are being built in parallel,
 * so field names are read with fallbacks and unknown keys kept; the envelope is strict.
 */
export type Row = Record<string, unknown> & { id: string };

export const envelopeOf = <T extends z.ZodTypeAny>(data: T) =>
  z.object({ code: z.coerce.number(), data, msg: z.string().optional() });

const row = z.looseObject({ id: z.union([z.string(), z.number()]).transform(String).catch('') });

export const pageSchema = z.object({
  records: z.array(row).catch([]),
  total: z.coerce.number().catch(0),
});
export type PageOf = { records: Row[]; total: number };

/** `{data: {records,total}}` or a bare list as `{data: [...]}`. */
export function readPage(body: unknown): PageOf {
  const data = envelopeOf(z.unknown()).parse(body).data;
  if (Array.isArray(data)) {
    const records = z.array(row).catch([]).parse(data) as Row[];
    return { records, total: records.length };
  }
  return pageSchema.parse(data ?? {}) as PageOf;
}

export function readData(body: unknown): unknown {
  return envelopeOf(z.unknown()).parse(body).data;
}

/** The first present key of a record, as a string ('' when none). */
export function pickText(record: Record<string, unknown>, ...keys: string[]): string {
  for (const key of keys) {
    const v = record[key];
    if (v !== undefined && v !== null && v !== '') return String(v);
  }
  return '';
}

export const ESPEED_INVALID = -0.1;
export const ESPEED_ABNORMAL = -0.2;

/**
 * A GB/T 32960 reading as a number: telemetry keeps 'invalid'/'abnormal' as words, the
 * card and live stream as −0.1/−0.2; both end up as the sentinels. null when absent.
 */
export function pickReading(record: Record<string, unknown>, ...keys: string[]): number | null {
  for (const key of keys) {
    const v = record[key];
    if (v === 'invalid') return ESPEED_INVALID;
    if (v === 'abnormal') return ESPEED_ABNORMAL;
    if (typeof v === 'number' && Number.isFinite(v)) return v;
    if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  }
  return null;
}

export function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
