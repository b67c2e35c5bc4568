import { count, sql, sum, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Repository } from '../../crud/repository.ts';
import { dayKeys } from './events.ts';

/** Row counts of an event table grouped by one column (nulls grouped as ''). */
export async function countBy(repo: Repository, where: SQL | undefined, column: PgColumn): Promise<{ key: string; count: number }[]> {
  const rows = await repo.db.select({ key: column, n: count() }).from(repo.table).where(where).groupBy(column).orderBy(sql`2 DESC`, column);
  return rows.map((r) => ({ key: r.key === null || r.key === undefined ? '' : String(r.key), count: Number(r.n) }));
}

export interface DayCount { date: string; count: number; handled: number; unhandled: number }

/**
 * Events per day (console zone) between start and end, every day present (0 when none).
 * The offset is an integer from the validated environment, so it is written into the SQL.
 */
export async function perDay(repo: Repository, where: SQL | undefined, start: Date, end: Date, utcOffsetMin: number): Promise<DayCount[]> {
  const c = repo.columns;
  const shift = sql.raw(`interval '${Math.trunc(utcOffsetMin)} minutes'`);
  const day = sql<string>`to_char((${c.startTime!} AT TIME ZONE 'UTC') + ${shift}, 'YYYY-MM-DD')`;
  const rows = await repo.db.select({ day, n: count(), handled: sum(c.isHandle!) }).from(repo.table).where(where).groupBy(day);
  const byDay = new Map(rows.map((r) => [String(r.day), { n: Number(r.n), handled: Number(r.handled ?? 0) }]));
  return dayKeys(start, end, utcOffsetMin).map((date) => {
    const hit = byDay.get(date);
    return { date, count: hit?.n ?? 0, handled: hit?.handled ?? 0, unhandled: (hit?.n ?? 0) - (hit?.handled ?? 0) };
  });
}
