import type { AnyEntity, FieldDef } from '@wdiov/contracts';
import { formatDateTime } from '@wdiov/contracts';

export type Json = Record<string, unknown>;

/** A database row as the wire wants it: ids as strings, times formatted, secrets left out. */
export function rowToJson(entity: AnyEntity, row: Record<string, unknown>, utcOffsetMin: number): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(row)) {
    const def = entity.fields[key] as FieldDef | undefined;
    if (def?.writeOnly) continue;
    out[key] = value instanceof Date ? formatDateTime(value, utcOffsetMin) : value;
  }
  return out;
}
