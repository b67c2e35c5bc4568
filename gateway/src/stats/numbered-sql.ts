import { sql, type SQL } from 'drizzle-orm';

/** A statement with numbered parameters ($1, $2 …, arrays bound whole), as drizzle SQL. */
export function numbered(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((p, i) => chunks.push(i % 2 === 0 ? sql.raw(p) : sql`${sql.param(values[Number(p) - 1])}`));
  return sql.join(chunks);
}
