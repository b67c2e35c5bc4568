import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';

/**
 * Alarm and fault counts of every day since the day before the previous recount, set (never
 * added) from the event rows up to `cutoff`, by the rollup job inside its lock. Only the
 * vehicle-days whose counts differ are written, so a run over a day of unchanged events writes
 * nothing; each day written is marked dirty for the fleet summary, and its vehicle stale for the running
 * totals, in the same statement.
 */
export async function recountEvents(db: Db, cutoff: string, utcOffsetMin: number): Promise<void> {
  const [job] = await queryRows<{ at: string }>(db, sql`SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at FROM wdiov_stats_job WHERE name = 'events'`);
  const offset = Math.trunc(utcOffsetMin);
  // The day before the last recount too: events stored late (a link back after midnight) still count.
  const from = job ? new Date(job.at).getTime() - 86_400_000 : 0;
  const fromDay = new Date(from + offset * 60_000).toISOString().slice(0, 10);
  const dayStart = new Date(Date.parse(`${fromDay}T00:00:00Z`) - offset * 60_000).toISOString();
  const day = (col: string) => sql.raw(`((${col} AT TIME ZONE 'UTC') + interval '${offset} minutes')::date`);
  await db.execute(sql`WITH counted AS (
      SELECT tenant_id, vin, day, sum(l1) AS l1, sum(l2) AS l2, sum(l3) AS l3, sum(f) AS f FROM (
        SELECT tenant_id, vin, ${day('start_time')} AS day,
          (coalesce(alarm_level, 1) <= 1)::int AS l1, (alarm_level = 2)::int AS l2, (alarm_level >= 3)::int AS l3, 0 AS f
        FROM wdiov_vehicle_alarm_data WHERE is_deleted = 0 AND start_time >= ${dayStart}::timestamptz AND start_time <= ${cutoff}::timestamptz
        UNION ALL
        SELECT tenant_id, vin, ${day('start_time')}, 0, 0, 0, 1
        FROM wdiov_vehicle_fault_data WHERE is_deleted = 0 AND start_time >= ${dayStart}::timestamptz AND start_time <= ${cutoff}::timestamptz
      ) e GROUP BY tenant_id, vin, day),
    stored AS (SELECT tenant_id, vin, day, alarm_l1 AS l1, alarm_l2 AS l2, alarm_l3 AS l3, fault_count AS f FROM wdiov_stats_daily
      WHERE day >= ${fromDay}::date AND (alarm_l1 > 0 OR alarm_l2 > 0 OR alarm_l3 > 0 OR fault_count > 0)),
    differ AS (SELECT coalesce(c.tenant_id, s.tenant_id) AS tenant_id, coalesce(c.vin, s.vin) AS vin, coalesce(c.day, s.day) AS day,
        coalesce(c.l1, 0) AS l1, coalesce(c.l2, 0) AS l2, coalesce(c.l3, 0) AS l3, coalesce(c.f, 0) AS f
      FROM counted c FULL JOIN stored s ON s.tenant_id = c.tenant_id AND s.vin = c.vin AND s.day = c.day
      WHERE (coalesce(c.l1, 0), coalesce(c.l2, 0), coalesce(c.l3, 0), coalesce(c.f, 0)) IS DISTINCT FROM (coalesce(s.l1, 0), coalesce(s.l2, 0), coalesce(s.l3, 0), coalesce(s.f, 0))),
    changed AS (INSERT INTO wdiov_stats_daily (tenant_id, vin, day, alarm_l1, alarm_l2, alarm_l3, fault_count)
      SELECT tenant_id, vin, day, l1, l2, l3, f FROM differ
      ON CONFLICT (tenant_id, vin, day) DO UPDATE SET alarm_l1 = excluded.alarm_l1, alarm_l2 = excluded.alarm_l2,
        alarm_l3 = excluded.alarm_l3, fault_count = excluded.fault_count
      RETURNING tenant_id, vin, day),
    dirty AS (INSERT INTO wdiov_stats_dirty_day (tenant_id, day) SELECT DISTINCT tenant_id, day FROM changed ON CONFLICT DO NOTHING)
    INSERT INTO wdiov_stats_running_dirty (tenant_id, vin, day) SELECT tenant_id, vin, min(day) FROM changed GROUP BY tenant_id, vin
    ON CONFLICT (tenant_id, vin) DO UPDATE SET day = least(wdiov_stats_running_dirty.day, excluded.day)`);
  await db.execute(sql`INSERT INTO wdiov_stats_job (name, at) VALUES ('events', ${cutoff}::timestamptz)
    ON CONFLICT (name) DO UPDATE SET at = excluded.at`);
}
