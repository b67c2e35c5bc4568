import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AnyEntity, FieldDef } from '@wdiov/contracts';
import { formatDateTime } from '@wdiov/contracts';

export type Json = Record<string, unknown>;

export type RowSerializer = (row: Record<string, unknown>) => Json;

/**
 * A database row as the wire wants it (ids as strings, times formatted, secrets left out),
 * compiled for one table's full rows: one object literal with the table's keys in
 * order (one hidden class for every row, no per-key look-ups), times formatted only where the
 * column holds times. Keys come from the schema, never from input, and are quoted regardless.
 */
export function rowSerializer(entity: AnyEntity, columns: Record<string, PgColumn>, utcOffsetMin: number): RowSerializer {
  const props: string[] = [];
  for (const [key, column] of Object.entries(columns)) {
    if ((entity.fields[key] as FieldDef | undefined)?.writeOnly) continue;
    const read = `r[${JSON.stringify(key)}]`;
    props.push(`${JSON.stringify(key)}: ${column.dataType === 'date' ? `time(${read})` : read}`);
  }
  const time = (v: unknown) => (v instanceof Date ? formatDateTime(v, utcOffsetMin) : v);
  return new Function('time', `return (r) => ({ ${props.join(', ')} });`)(time) as RowSerializer;
}
