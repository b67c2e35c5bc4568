import { createRoute, z } from '@hono/zod-openapi';
import { and, count, eq, gte, min, sql, type SQL } from 'drizzle-orm';
import { formatDateTime } from '@wdiov/contracts';
import type { Principal } from '../../crud/principal.ts';
import { queryRows } from '../../db/client.ts';
import { refreshTokens } from '../../db/schema/index.ts';
import { createRouter } from '../../lib/create-app.ts';
import { answers } from '../../lib/contract.ts';
import { data } from '../../lib/envelope.ts';
import type { LatestState } from '../../live/latest-state.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { startOfDay } from './events.ts';
import { fleetCounts } from './fleet.ts';

const eventCounts = z.object({ alarms: z.number().int(), faults: z.number().int(), fences: z.number().int() });

const boardNow = z.object({
  fleet: z.object({
    total: z.number().int(), online: z.number().int(), offline: z.number().int(), driving: z.number().int(),
    parked: z.number().int().openapi({ description: 'Online and standing (speed 0), not charging' }),
    charging: z.number().int(), alarm: z.number().int(), onlineRate: z.number(),
  }),
  signedInAt: z.string().openapi({ description: 'When this session signed in (yyyy-MM-dd HH:mm:ss, console zone); empty when unknown' }),
  sinceSignIn: eventCounts,
  today: eventCounts.extend({ date: z.string().openapi({ description: 'Today in the console zone, yyyy-MM-dd' }) }),
  topAlarms: z.array(z.object({ vin: z.string(), plateNumber: z.string(), alarmCount: z.number().int() }))
    .openapi({ description: 'Vehicles with the most alarms over the last 30 days: stored alarms today, the daily rollups before' }),
});

const route = createRoute({
  method: 'get',
  path: '/dataBoard/now',
  tags: ['wdiov-base'],
  summary: 'The home board\'s live figures: the fleet by live state, the alarms, faults and fence events stored today and since this session signed in, and the vehicles with the most alarms',
  responses: answers(boardNow),
});

const TOP = 10;
/** Since sign-in reaches back this much further: a terminal's clock may run behind the gateway's. */
const SIGN_IN_MARGIN_MS = 60_000;
const DAYS = 30;

/**
 * The figures of the home board that must be right from the first second: the fleet counted from
 * the gateway's latest state, and events counted from the stored alarm, fault and fence tables
 * (tenant and data scope of the caller), not from the daily rollups, which follow a few minutes late.
 * "Since sign-in" counts the events that began since the first token of this session's sign-in (less
 * a minute for terminals' clocks), so a reload keeps it.
 */
export function boardNowRoutes({ repos, env, db }: BespokeDeps, latest: LatestState) {
  const offset = env.UTC_OFFSET_MIN;
  const tables = [
    ['alarms', 'vehicleAlarmData', 'startTime'],
    ['faults', 'vehicleFaultData', 'startTime'],
    ['fences', 'fenceAccessRecord', 'accessTime'],
  ] as const;

  /** Events that began since `since`. */
  const countSince = async (principal: Principal, since: Date) => {
    const counted = await Promise.all(tables.map(async ([, entity, timeField]) => {
      const repo = repos.get(entity);
      const where = and(await repo.scope(principal), gte(repo.columns[timeField]!, since));
      const [row] = await repo.db.select({ n: count() }).from(repo.table).where(where);
      return Number(row?.n ?? 0);
    }));
    return { alarms: counted[0]!, faults: counted[1]!, fences: counted[2]! };
  };

  const signedInAt = async (principal: Principal): Promise<Date | undefined> => {
    if (!principal.family) return undefined;
    const [row] = await db.select({ at: min(refreshTokens.createdAt) }).from(refreshTokens)
      .where(and(eq(refreshTokens.familyId, principal.family), eq(refreshTokens.userId, principal.userId)));
    return row?.at ? new Date(row.at) : undefined;
  };

  const topAlarms = async (principal: Principal, todayStart: Date, today: string, from: string) => {
    const vehicle = repos.get('vehicle');
    const alarms = repos.get('vehicleAlarmData');
    const vehicleWhere: SQL = (await vehicle.scope(principal)) ?? sql`true`;
    const alarmWhere: SQL = and(await alarms.scope(principal), gte(alarms.columns.startTime!, todayStart)) ?? sql`true`;
    const rows = await queryRows<{ vin: string; plate_number: string | null; n: string | number }>(db, sql`
      SELECT wdiov_vehicle.vin, wdiov_vehicle.plate_number, coalesce(r.n, 0) + coalesce(t.n, 0) AS n
      FROM wdiov_vehicle
        LEFT JOIN (SELECT vin, sum(alarm_l1 + alarm_l2 + alarm_l3) AS n FROM wdiov_stats_daily
          WHERE tenant_id = ${principal.tenantId} AND day >= ${from}::date AND day < ${today}::date GROUP BY vin) r ON r.vin = wdiov_vehicle.vin
        LEFT JOIN (SELECT vin, count(*) AS n FROM wdiov_vehicle_alarm_data WHERE ${alarmWhere} GROUP BY vin) t ON t.vin = wdiov_vehicle.vin
      WHERE ${vehicleWhere} AND (coalesce(r.n, 0) + coalesce(t.n, 0)) > 0
      ORDER BY 3 DESC, wdiov_vehicle.vin LIMIT ${TOP}`);
    return rows.map((r) => ({ vin: r.vin, plateNumber: r.plate_number ?? '', alarmCount: Number(r.n) }));
  };

  return createRouter().openapi(route, async (c) => {
    const principal = c.get('principal');
    const now = Date.now();
    const todayStart = startOfDay(now, offset);
    const dayKey = (d: Date) => new Date(d.getTime() + offset * 60_000).toISOString().slice(0, 10);
    const today = dayKey(todayStart);
    const signedIn = await signedInAt(principal);
    const [fleet, sinceSignIn, todays, top] = await Promise.all([
      fleetCounts(repos, latest, principal),
      signedIn ? countSince(principal, new Date(signedIn.getTime() - SIGN_IN_MARGIN_MS)) : Promise.resolve({ alarms: 0, faults: 0, fences: 0 }),
      countSince(principal, todayStart),
      topAlarms(principal, todayStart, today, dayKey(startOfDay(now, offset, DAYS - 1))),
    ]);
    return data(c, {
      fleet, signedInAt: signedIn ? formatDateTime(signedIn.getTime(), offset) : '', sinceSignIn, today: { ...todays, date: today }, topAlarms: top,
    });
  });
}
