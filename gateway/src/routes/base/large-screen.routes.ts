import { z } from 'zod';
import { formatDateTime, type StatsDay } from '@wdiov/contracts';
import { systemPrincipal } from '../../crud/principal.ts';
import { createRouter } from '../../lib/create-app.ts';
import { notFound, unauthorized } from '../../lib/api-error.ts';
import { data } from '../../lib/envelope.ts';
import { parseWith, readJsonObject } from '../../lib/read-input.ts';
import { statsText } from '../../lib/texts/stats-text.ts';
import type { Ctx } from '../../lib/types.ts';
import type { LatestState } from '../../live/latest-state.ts';
import { SHARE_MAX_HOURS, type ShareLinks } from '../../stats/share-links.ts';
import { StatsQueries } from '../../stats/stats-queries.ts';
import { dayRange } from '../../stats/stats-range.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { countsOf, liveOf } from './fleet.ts';
import { optionalText, queryId } from './inputs.ts';
import { statsFleet } from './stats-fleet.ts';

/** Share tokens travel in this query parameter (a wall display opens a plain URL). */
export const SHARE_PARAM = 'share';
/** Positions drawn on the large screen's map at most. */
const MAP_POINTS_MAX = 20_000;
const TREND_DAYS = 7;
const TOP = 5;

const shareHours = () => statsText('shareHours', { max: SHARE_MAX_HOURS });
const MintInput = z.object({
  hours: z.coerce.number({ error: shareHours }).int({ error: shareHours }).min(1, { error: shareHours }).max(SHARE_MAX_HOURS, { error: shareHours }).default(24),
  remark: optionalText(100, { zh: '备注', en: 'The remark' }),
});

/**
 * The large screen's figures in one call (today against yesterday, the week's alarm and
 * mileage trend, today's top vehicles, the live fleet by state and its positions for the map),
 * signed in (largeScreenStatistics/board) or through a share link (largeScreenShare/board, the
 * only call a share token opens), and the share links themselves (create and revoke are writes:
 * administrators only, by the access policy).
 */
export function largeScreenRoutes(deps: BespokeDeps, latest: LatestState, shares: ShareLinks) {
  const { db, repos, env } = deps;
  const router = createRouter();
  const offset = env.UTC_OFFSET_MIN;
  const queries = new StatsQueries(db);
  const fleets = statsFleet(repos, deps.dataScopes);

  const board = async (c: Ctx) => {
    const principal = c.get('principal');
    const fleet = await fleets.of(c);
    const now = Date.now();
    const week = dayRange({ days: String(TREND_DAYS) }, offset, TREND_DAYS, now);
    // The week's days from the fleet summary hold today and yesterday; the rankings are today's. The fleet's
    // size and odometers come summed, with its VINs when a vehicle is online (to tell which of them are the caller's).
    // Two lanes: the week (the longest read) beside the totals then the rankings, so a call holds two connections, not three.
    const live = liveOf(latest, principal.tenantId);
    const [trend, [totals, leaders]] = await Promise.all([
      queries.perDay(fleet, week),
      queries.fleetTotals(fleet, live.length > 0).then(async (totals) => [totals, await queries.leadersOf(fleet, week.to, TOP)] as const),
    ]);
    const mine = live.filter((t) => totals.vins.has(t.vin));
    const points = mine.filter((t) => typeof t.lng === 'number' && typeof t.lat === 'number')
      .slice(0, MAP_POINTS_MAX)
      .map((t) => [Math.round(t.lng! * 1e4) / 1e4, Math.round(t.lat! * 1e4) / 1e4, t.state, t.alarmLevel] as const);
    const pick = (s: StatsDay) => ({ date: s.date, mileage: s.mileage, energyUsed: s.energyUsed, reduceEmission: s.reduceEmission, onlineVehicles: s.onlineVehicles, alarmCount: s.alarmCount, faultCount: s.faultCount });
    return {
      time: formatDateTime(new Date(now), offset), today: pick(trend.at(-1)!), yesterday: pick(trend.at(-2)!), fleet: countsOf(totals.vehicles, mine),
      totalMileage: Math.round(totals.odometerKm * 100) / 100,
      trend: trend.map((d) => ({ date: d.date, alarmCount: d.alarmCount, faultCount: d.faultCount, mileage: d.mileage, onlineRate: d.onlineRate })),
      topAlarm: leaders.alarms.filter((t) => t.alarmCount > 0).map((r) => ({ vin: r.vin, plateNumber: r.plateNumber, alarmCount: r.alarmCount })),
      topMileage: leaders.mileage.filter((r) => r.mileage > 0).map((r) => ({ vin: r.vin, plateNumber: r.plateNumber, mileage: r.mileage })),
      points,
    };
  };

  router.get('/largeScreenStatistics/board', async (c) => data(c, await board(c)));

  router.get('/largeScreenShare/board', async (c) => {
    const tenantId = await shares.tenantOf(c.req.query(SHARE_PARAM));
    if (!tenantId) throw unauthorized(statsText('shareInvalid'));
    c.set('principal', systemPrincipal(tenantId));
    return data(c, await board(c));
  });

  router.post('/largeScreenShare/create', async (c) => {
    const principal = c.get('principal');
    const input = parseWith(MintInput, { ...c.req.query(), ...((await readJsonObject(c, true)) ?? {}) });
    const link = await shares.mint(principal.tenantId, principal.userId, input.hours, input.remark);
    return data(c, { id: link.id, token: link.token, expiresAt: formatDateTime(link.expiresAt, offset), path: `/largeScreen?${SHARE_PARAM}=${link.token}` });
  });

  router.get('/largeScreenShare/list', async (c) => data(c, (await shares.list(c.get('principal').tenantId)).map((s) => ({
    id: s.id, remark: s.remark ?? '', createTime: formatDateTime(s.createTime, offset), expiresAt: formatDateTime(s.expiresAt, offset),
    revoked: s.revokedAt !== null, active: s.revokedAt === null && s.expiresAt.getTime() > Date.now(),
  }))));

  router.post('/largeScreenShare/revoke', async (c) => {
    const id = queryId(c, 'id');
    if (!(await shares.revoke(c.get('principal').tenantId, id))) throw notFound(statsText('shareMissing'));
    return data(c, true);
  });

  return router;
}
