import { and, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_REPORT_PERIOD_S, dataQualityPageRoute, type DataQualityRow } from '@wdiov/contracts/api/data-quality.route';
import { toPage } from '@wdiov/contracts';
import { queryRows } from '../db/client.ts';
import { routeOf } from '../lib/contract.ts';
import { createRouter } from '../lib/create-app.ts';
import { data } from '../lib/envelope.ts';
import { dayOf } from '../stats/day-figures.ts';
import type { BespokeDeps } from '../routes/bespoke-deps.ts';

const DAY_MS = 86_400_000;
const DAY_S = 86_400;
/** A page without dates covers this many days ending today. */
const DEFAULT_DAYS = 7;

const likeText = (text: string) => `%${text.replace(/[%_\\]/g, '\\$&')}%`;
const round = (v: number, digits = 4) => Math.round(v * 10 ** digits) / 10 ** digits;

/**
 * The figures of one vehicle-day from its statistics row. Expected frames are the online time
 * over the reporting period: a vehicle offline all day owes none, so completeness judges only
 * the time it was reachable, and the online rate says how much of the day that was. Today's
 * day is as long as the part already past.
 */
export function qualityOf(row: { day: string; vin: string; plateNumber: string; frames: number; onlineS: number }, todayStart: number, now: number, offsetMin: number): DataQualityRow {
  const dayStart = Date.parse(`${row.day}T00:00:00Z`) - offsetMin * 60_000;
  const daySeconds = dayStart === todayStart ? Math.max(1, (now - todayStart) / 1000) : DAY_S;
  const framesExpected = Math.ceil(row.onlineS / DEFAULT_REPORT_PERIOD_S);
  return {
    day: row.day, vin: row.vin, plateNumber: row.plateNumber, framesReceived: row.frames, framesExpected, reportPeriodS: DEFAULT_REPORT_PERIOD_S,
    onlineSeconds: Math.round(row.onlineS), onlineRate: round(Math.min(1, row.onlineS / daySeconds)),
    completeness: framesExpected > 0 ? round(Math.min(1, row.frames / framesExpected)) : null,
  };
}

/**
 * Data quality per vehicle and day, read from the statistics rollup (wdiov_stats_daily: its frame
 * count and online seconds), never from raw frames. Only the caller's vehicles: the vehicle
 * repository's tenant, logical-delete and data-scope condition joins every row.
 */
export function dataQualityRoutes({ db, repos, env }: BespokeDeps) {
  const router = createRouter();
  const offset = env.UTC_OFFSET_MIN;

  router.openapi(routeOf(dataQualityPageRoute), async (c) => {
    const q = c.req.valid('query');
    const principal = c.get('principal');
    const vehicle = repos.get('vehicle');
    const col = vehicle.columns;
    const now = Date.now();
    const today = dayOf(now, offset);
    const to = q.endDay ?? today;
    const from = q.startDay ?? new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
    const narrow: (SQL | undefined)[] = [await vehicle.scope(principal)];
    if (q.vin) narrow.push(ilike(col.vin!, likeText(q.vin.toUpperCase())));
    if (q.deptId) narrow.push(eq(col.orgId!, q.deptId));
    if (q.vehicleModelId) narrow.push(eq(col.vehicleModelId!, q.vehicleModelId));
    const joined = sql`wdiov_stats_daily d JOIN wdiov_vehicle ON wdiov_vehicle.tenant_id = d.tenant_id AND wdiov_vehicle.vin = d.vin`;
    const where = sql`d.tenant_id = ${principal.tenantId} AND d.day BETWEEN ${from}::date AND ${to}::date AND ${and(...narrow) ?? sql`true`}`;
    const [rows, [count]] = await Promise.all([
      queryRows<Record<string, unknown>>(db, sql`SELECT to_char(d.day, 'YYYY-MM-DD') AS day, d.vin, wdiov_vehicle.plate_number, d.frames, d.online_s
        FROM ${joined} WHERE ${where} ORDER BY d.day DESC NULLS LAST, d.vin LIMIT ${q.size} OFFSET ${(q.current - 1) * q.size}`),
      queryRows<{ n: unknown }>(db, sql`SELECT count(*) AS n FROM ${joined} WHERE ${where}`),
    ]);
    const todayStart = Date.parse(`${today}T00:00:00Z`) - offset * 60_000;
    const records = rows.map((r) => qualityOf({
      day: String(r.day), vin: String(r.vin), plateNumber: String(r.plate_number ?? ''), frames: Number(r.frames ?? 0), onlineS: Number(r.online_s ?? 0),
    }, todayStart, now, offset));
    return data(c, toPage(records, Number(count?.n ?? 0), q.current, q.size));
  });
  return router;
}
