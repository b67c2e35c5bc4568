import { and, eq, sql, type SQL } from 'drizzle-orm';
import { ESCALATION_FAULT_LEVEL, modelEscalated, modelRatio, type SafetySettings } from '@wdiov/contracts';
import type { SafetyModelLevelRow } from '@wdiov/contracts/api/safety-model-level.route';
import { queryRows, type Db } from '../db/client.ts';
import { safetyWarningTable, vehicleModelTable, vehicleTable } from '../db/schema/index.ts';

const DAY_MS = 86_400_000;

/** Which rows of each table count: the caller's scope for the list call, one tenant's live rows for the daily job. */
export interface ModelLevelScope { models: SQL | undefined; vehicles: SQL | undefined; warnings: SQL | undefined }

/** The period's days and its instants: from the start of the first day to the end of the last, in the console's zone. */
export function modelLevelPeriod(endDay: string, periodDays: number, utcOffsetMin: number) {
  const endStart = Date.parse(`${endDay}T00:00:00Z`);
  const startDay = new Date(endStart - (periodDays - 1) * DAY_MS).toISOString().slice(0, 10);
  const from = new Date(Date.parse(`${startDay}T00:00:00Z`) - utcOffsetMin * 60_000);
  const to = new Date(endStart + DAY_MS - utcOffsetMin * 60_000);
  return { startDay, endDay, periodDays, from, to };
}

/** One tenant's live rows, whatever any data scope: what the daily job judges a tenant's models on. */
export function tenantModelScope(tenantId: string): ModelLevelScope {
  const live = (table: unknown) => {
    const t = table as Record<string, never>;
    return and(eq(t.tenantId!, tenantId), eq(t.isDeleted!, 0));
  };
  return { models: live(vehicleModelTable), vehicles: live(vehicleTable), warnings: live(safetyWarningTable) };
}

interface CountRow { model_id: string; model_name: string | null; in_use: number; fault_vehicles: number; danger_vehicles: number }

/**
 * Per model: its vehicles in use, and of those the ones with a level-3 fault-item warning and
 * the ones with a hidden-danger warning raised in [from, to). One statement of aggregates: the
 * warnings are folded to one row per vehicle (two flags) before they meet the vehicles, so the
 * answer costs a scan of the period's warnings and of the vehicles, never rows in JS.
 */
export async function modelLevelCounts(db: Db, scope: ModelLevelScope, from: Date, to: Date) {
  const where = (c: SQL | undefined) => c ?? sql`true`;
  const rows = await queryRows<CountRow>(db, sql`SELECT m.id::text AS model_id, m.model_name,
      count(v.vin)::int AS in_use,
      count(*) FILTER (WHERE w.fault)::int AS fault_vehicles,
      count(*) FILTER (WHERE w.danger)::int AS danger_vehicles
    FROM (SELECT id, model_name FROM wdiov_vehicle_model WHERE ${where(scope.models)}) m
    LEFT JOIN (SELECT vehicle_model_id, vin FROM wdiov_vehicle WHERE ${where(scope.vehicles)}) v ON v.vehicle_model_id = m.id
    LEFT JOIN (
      SELECT vin, bool_or(item LIKE 'F%' AND level >= ${ESCALATION_FAULT_LEVEL}) AS fault, bool_or(item LIKE 'C%') AS danger
      FROM wdiov_safety_warning
      WHERE ${where(scope.warnings)} AND raised_time >= ${from.toISOString()}::timestamptz AND raised_time < ${to.toISOString()}::timestamptz
      GROUP BY vin
    ) w ON w.vin = v.vin
    GROUP BY m.id, m.model_name`);
  return rows.map((r) => ({
    vehicleModelId: String(r.model_id), modelName: String(r.model_name ?? ''), inUse: Number(r.in_use),
    faultVehicles: Number(r.fault_vehicles), dangerVehicles: Number(r.danger_vehicles),
  }));
}

export type ModelLevelCounts = Awaited<ReturnType<typeof modelLevelCounts>>[number];

/** The thresholds of the settings, as the list answers them. */
export const escalationThresholds = (s: SafetySettings) => ({
  faultPercent: s['escalation.faultPercent'], dangerPercent: s['escalation.dangerPercent'], inclusive: s['escalation.inclusive'],
});

/** Ratios and flags of each model; escalated models first (both, then one), then the higher ratio, then the name. */
export function modelLevelRows(counts: readonly ModelLevelCounts[], s: SafetySettings): SafetyModelLevelRow[] {
  const { faultPercent, dangerPercent, inclusive } = escalationThresholds(s);
  const rows = counts.map((c) => ({
    ...c,
    faultRatio: modelRatio(c.faultVehicles, c.inUse),
    dangerRatio: modelRatio(c.dangerVehicles, c.inUse),
    faultEscalated: modelEscalated(c.faultVehicles, c.inUse, faultPercent, inclusive),
    dangerEscalated: modelEscalated(c.dangerVehicles, c.inUse, dangerPercent, inclusive),
  }));
  const flags = (r: SafetyModelLevelRow) => Number(r.faultEscalated) + Number(r.dangerEscalated);
  return rows.sort((a, b) => flags(b) - flags(a)
    || Math.max(b.faultRatio, b.dangerRatio) - Math.max(a.faultRatio, a.dangerRatio)
    || a.modelName.localeCompare(b.modelName) || a.vehicleModelId.localeCompare(b.vehicleModelId));
}
