import type { AnyEntity, FieldDef } from '@wdiov/contracts';
import { parseDateTime } from '@wdiov/contracts';

/** Submitted date-time strings become Dates in the console's zone; the rest passes as is. */
export function toColumnValues(entity: AnyEntity, row: Record<string, unknown>, utcOffsetMin: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    const def = entity.fields[k] as FieldDef | undefined;
    out[k] = def?.kind === 'datetime' && typeof v === 'string' ? parseDateTime(v, utcOffsetMin) : v;
  }
  return out;
}
