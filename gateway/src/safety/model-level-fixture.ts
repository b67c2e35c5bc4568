import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** Row ids of the fixtures: far from the seed's and from other fixtures'. */
let nextId = 7_300_000_000;

/** A vehicle model and its vehicles (`deleted`: logically deleted ones, still of the model). */
export async function addModelFleet(db: Db, tenantId: string, model: { name: string; vins: readonly string[]; deleted?: readonly string[] }): Promise<string> {
  const modelId = String(nextId++);
  await db.execute(sql`INSERT INTO wdiov_vehicle_model (id, tenant_id, model_name, model_code) VALUES (${modelId}, ${tenantId}, ${model.name}, ${`M${modelId}`})`);
  const vins = [...model.vins, ...(model.deleted ?? [])];
  if (vins.length === 0) return modelId;
  const deleted = new Set(model.deleted ?? []);
  await db.execute(sql`INSERT INTO wdiov_vehicle (id, tenant_id, vin, plate_number, vehicle_model_id, is_deleted)
    SELECT * FROM unnest(${sql.param(vins.map(() => String(nextId++)))}::bigint[], ${sql.param(vins.map(() => tenantId))}::varchar[],
      ${sql.param(vins)}::varchar[], ${sql.param(vins.map((v) => v.slice(-6)))}::varchar[], ${sql.param(vins.map(() => modelId))}::bigint[],
      ${sql.param(vins.map((v) => (deleted.has(v) ? 1 : 0)))}::int[])`);
  return modelId;
}

export interface WarningRow { vin: string; item: string; level: number; raisedAt: number }

/** Safety warnings as the monitor stores them (open), in one statement. */
export async function addWarningRows(db: Db, tenantId: string, rows: readonly WarningRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`INSERT INTO wdiov_safety_warning (id, tenant_id, vin, item, item_name, level, raised_time, deadline, warning_status, detail)
    SELECT id, tenant, vin, item, item, level, raised, raised, 0, '' FROM unnest(${sql.param(rows.map(() => String(nextId++)))}::bigint[],
      ${sql.param(rows.map(() => tenantId))}::varchar[], ${sql.param(rows.map((r) => r.vin))}::varchar[], ${sql.param(rows.map((r) => r.item))}::varchar[],
      ${sql.param(rows.map((r) => r.level))}::int[], ${sql.param(rows.map((r) => new Date(r.raisedAt).toISOString()))}::timestamptz[])
      AS t(id, tenant, vin, item, level, raised)`);
}

/** `n` VINs of a prefix: LMLAB + a 12-digit serial. */
export const vinsOf = (prefix: string, n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => `${prefix}${String(from + i).padStart(17 - prefix.length, '0')}`);
