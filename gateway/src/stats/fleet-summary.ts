import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import { numbered } from './numbered-sql.ts';

/**
 * Upkeep of wdiov_stats_fleet_daily (the per-day sums per cell of creating dept and user, see
 * the schema) by the rollup job, inside its advisory lock:
 * - every write to wdiov_stats_daily marks its (tenant, day) dirty in the same transaction;
 * - the vehicles whose cell changed (added, deleted, moved) are written to wdiov_stats_member,
 *   their own rollup rows taken out of their old cell and added to their new one;
 * - dirty days are rebuilt from wdiov_stats_daily (set, never added: a rerun cannot count twice).
 */

/** Days rebuilt per transaction (a backfill of a year is a dozen of them). */
const REBUILD_DAYS = 31;

/** Columns summed from wdiov_stats_daily. */
export const SUMMED = ['frames', 'mileage_km', 'energy_used_kwh', 'energy_charged_kwh', 'driving_s', 'charging_s', 'online_s', 'offline_s',
  'invalid_count', 'abnormal_count', 'hop_count', 'hop_km', 'reset_count', 'alarm_l1', 'alarm_l2', 'alarm_l3', 'fault_count'];

/** Marks days of tenants dirty (pairs, duplicates allowed). */
export async function markDirty(db: Db, tenants: string[], days: string[]): Promise<void> {
  if (tenants.length === 0) return;
  await db.execute(numbered(`INSERT INTO wdiov_stats_dirty_day (tenant_id, day)
    SELECT DISTINCT t, d FROM unnest($1::varchar[], $2::date[]) AS x(t, d) ON CONFLICT DO NOTHING`, [tenants, days]));
}

/**
 * The membership of every live vehicle brought up to date. A vehicle whose cell changed has its
 * own rollup rows taken out of its old cell's days and added to its new cell's (one statement
 * each, whatever the size of its tenant); a day left without vehicles in a cell loses its row.
 */
export async function reconcileMembers(db: Db): Promise<void> {
  const changed = await queryRows<{ tenant_id: string; vin: string; old_dept: string | null; old_user: string | null; new_dept: string | null; new_user: string | null }>(db, sql.raw(`
    WITH cur AS (SELECT DISTINCT ON (tenant_id, vin) tenant_id, vin, coalesce(create_dept, -1) AS create_dept, coalesce(create_user, -1) AS create_user
        FROM wdiov_vehicle WHERE is_deleted = 0 ORDER BY tenant_id, vin, id)
    SELECT coalesce(c.tenant_id, m.tenant_id) AS tenant_id, coalesce(c.vin, m.vin) AS vin, m.create_dept::text AS old_dept, m.create_user::text AS old_user,
      c.create_dept::text AS new_dept, c.create_user::text AS new_user
    FROM cur c FULL JOIN wdiov_stats_member m ON m.tenant_id = c.tenant_id AND m.vin = c.vin
    WHERE m.vin IS NULL OR c.vin IS NULL OR m.create_dept <> c.create_dept OR m.create_user <> c.create_user`));
  if (changed.length === 0) return;
  const moves = (side: 'old' | 'new') => {
    const of = changed.filter((c) => c[`${side}_dept`] !== null);
    return [of.map((c) => c.tenant_id), of.map((c) => c.vin), of.map((c) => c[`${side}_dept`]), of.map((c) => c[`${side}_user`])];
  };
  // The vehicles' rollup rows per (tenant, day, cell), the cell being the old or the new one.
  const rows = `SELECT d.tenant_id, d.day, x.create_dept, x.create_user, count(*) AS vehicle_days, count(*) FILTER (WHERE d.online_s > 0) AS online_vehicles,
      ${SUMMED.map((c) => `sum(d.${c}) AS ${c}`).join(', ')}
    FROM unnest($1::varchar[], $2::varchar[], $3::bigint[], $4::bigint[]) AS x(tenant_id, vin, create_dept, create_user)
      JOIN wdiov_stats_daily d ON d.tenant_id = x.tenant_id AND d.vin = x.vin
    GROUP BY d.tenant_id, d.day, x.create_dept, x.create_user`;
  const counted = ['vehicle_days', 'online_vehicles', ...SUMMED];
  await db.execute(numbered(`UPDATE wdiov_stats_fleet_daily f SET ${counted.map((c) => `${c} = f.${c} - s.${c}`).join(', ')}
    FROM (${rows}) s WHERE f.tenant_id = s.tenant_id AND f.day = s.day AND f.create_dept = s.create_dept AND f.create_user = s.create_user`, moves('old')));
  await db.execute(sql.raw('DELETE FROM wdiov_stats_fleet_daily WHERE vehicle_days <= 0'));
  await db.execute(numbered(`INSERT INTO wdiov_stats_fleet_daily (tenant_id, day, create_dept, create_user, ${counted.join(', ')}) ${rows}
    ON CONFLICT (tenant_id, day, create_dept, create_user) DO UPDATE SET ${counted.map((c) => `${c} = wdiov_stats_fleet_daily.${c} + excluded.${c}`).join(', ')}`, moves('new')));
  const [tenants, vins, depts, users] = moves('new');
  await db.execute(numbered(`DELETE FROM wdiov_stats_member m USING unnest($1::varchar[], $2::varchar[]) AS x(tenant_id, vin)
    WHERE m.tenant_id = x.tenant_id AND m.vin = x.vin`, [changed.map((c) => c.tenant_id), changed.map((c) => c.vin)]));
  await db.execute(numbered(`INSERT INTO wdiov_stats_member (tenant_id, vin, create_dept, create_user)
    SELECT * FROM unnest($1::varchar[], $2::varchar[], $3::bigint[], $4::bigint[])`, [tenants, vins, depts, users]));
}

/** Rebuilds up to REBUILD_DAYS dirty days; answers how many it rebuilt. */
export async function rebuildDirty(db: Db): Promise<number> {
  const days = await queryRows<{ tenant_id: string; day: string }>(db, sql.raw(`SELECT tenant_id, to_char(day, 'YYYY-MM-DD') AS day
    FROM wdiov_stats_dirty_day ORDER BY tenant_id, day LIMIT ${REBUILD_DAYS}`));
  if (days.length === 0) return 0;
  const values = [days.map((d) => d.tenant_id), days.map((d) => d.day)];
  const picked = 'unnest($1::varchar[], $2::date[]) AS x(tenant_id, day)';
  await db.execute(numbered(`DELETE FROM wdiov_stats_fleet_daily f USING ${picked} WHERE f.tenant_id = x.tenant_id AND f.day = x.day`, values));
  await db.execute(numbered(`INSERT INTO wdiov_stats_fleet_daily (tenant_id, day, create_dept, create_user, vehicle_days, online_vehicles, ${SUMMED.join(', ')})
    SELECT d.tenant_id, d.day, m.create_dept, m.create_user, count(*), count(*) FILTER (WHERE d.online_s > 0), ${SUMMED.map((c) => `sum(d.${c})`).join(', ')}
    FROM ${picked} JOIN wdiov_stats_daily d ON d.tenant_id = x.tenant_id AND d.day = x.day
      JOIN wdiov_stats_member m ON m.tenant_id = d.tenant_id AND m.vin = d.vin
    GROUP BY d.tenant_id, d.day, m.create_dept, m.create_user`, values));
  await db.execute(numbered(`DELETE FROM wdiov_stats_dirty_day y USING ${picked} WHERE y.tenant_id = x.tenant_id AND y.day = x.day`, values));
  return days.length;
}
