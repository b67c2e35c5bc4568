import { z } from 'zod';
import { CO2_GRID_KG_PER_KWH, CO2_PETROL_KG_PER_KM, STATS_FAMILIES, toPage, type StatsDay, type StatsFamily } from '@wdiov/contracts';
import { createRouter } from '../../lib/create-app.ts';
import { data } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/api-error.ts';
import { parseWith } from '../../lib/read-input.ts';
import type { Ctx } from '../../lib/types.ts';
import type { LatestState } from '../../live/latest-state.ts';
import { dayRange } from '../../stats/stats-range.ts';
import { isVehicleSort, StatsQueries } from '../../stats/stats-queries.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { fleetCounts } from './fleet.ts';
import { LABELS, optionalText, pageParams } from './inputs.ts';
import { statsText } from '../../lib/texts/stats-text.ts';
import { download, exportRecords } from './stats-export.ts';
import { statsFleet } from './stats-fleet.ts';
import { statsVehicleRoutes } from './stats-vehicle.routes.ts';

const SORT_FIELDS = { zh: '排序字段', en: 'The sort fields' };
const VehicleFilter = z.object({
  vin: optionalText(17, LABELS.vin),
  plateNumber: optionalText(20, LABELS.plateNumber),
  ascs: optionalText(200, SORT_FIELDS),
  descs: optionalText(200, SORT_FIELDS),
  ...pageParams,
});

const DAILY_PATHS = STATS_FAMILIES.filter((f) => f.daily === 'statistics').map((f) => f.path);
const ExportQuery = z.object({ format: z.enum(['csv', 'xlsx'], { error: () => statsText('exportFormat') }).default('xlsx') });
/** An export holds at most this many vehicles (the page size times the export's pages). */
const EXPORT_MAX_ROWS = 100_000;

const sum = (days: StatsDay[], key: keyof StatsDay) => Math.round(days.reduce((a, d) => a + Number(d[key]), 0) * 100) / 100;

/**
 * The statistics calls of wdiov-base (dataBoard, the statistics families, the large screen),
 * answered from the daily rollups. Every call reads only the caller's vehicles (tenant, data
 * scope); ranges are whole days in the console's zone (stats-range.ts), at most a year.
 */
export function statsRoutes(deps: BespokeDeps, latest: LatestState) {
  const { db, repos, env } = deps;
  const router = createRouter();
  const offset = env.UTC_OFFSET_MIN;
  const queries = new StatsQueries(db);
  const exports = exportRecords(repos);

  const fleets = statsFleet(repos, deps.dataScopes);
  const fleetOf = (c: Ctx, filter: { vin?: string; plateNumber?: string } = {}) => fleets.of(c, filter);
  const rangeOf = (c: Ctx, defaultDays: number) => dayRange(c.req.query(), offset, defaultDays);
  const perDay = async (c: Ctx, defaultDays: number) => queries.perDay(await fleetOf(c), rangeOf(c, defaultDays));

  const sortOf = (q: { ascs?: string; descs?: string }, fallback: string) => {
    const keys = (text: string | undefined, asc: boolean) => (text ?? '').split(',').map((k) => k.trim()).filter(Boolean).map((key) => ({ key, asc }));
    const sort = [...keys(q.ascs, true), ...keys(q.descs, false)];
    const bad = sort.find((s) => !isVehicleSort(s.key));
    if (bad) throw badRequest(`${statsText('sortField', { key: bad.key })} [${bad.asc ? 'ascs' : 'descs'}]`);
    return sort.length ? sort : [{ key: fallback, asc: false }];
  };
  const vehiclePage = (sortBy: string) => async (c: Ctx) => {
    const q = parseWith(VehicleFilter, c.req.query());
    const range = rangeOf(c, 30);
    const sort = sortOf(q, sortBy);
    const { records, total } = await queries.perVehicle(await fleetOf(c, q), range, { current: q.current, size: q.size, sort });
    return data(c, toPage(records, total, q.current, q.size));
  };
  /** The family's list under the same filters, every vehicle, as a download; the export is recorded. */
  const exportFamily = (family: StatsFamily) => async (c: Ctx) => {
    const q = parseWith(VehicleFilter, c.req.query());
    const { format } = parseWith(ExportQuery, c.req.query());
    const range = rangeOf(c, 30);
    const { records } = await queries.perVehicle(await fleetOf(c, q), range, { current: 1, size: EXPORT_MAX_ROWS, sort: sortOf(q, family.sortBy) });
    const header = family.columns.map((col) => col.zh);
    const rows = records.map((r) => family.columns.map((col) => r[col.field]));
    const fileName = `${family.title.zh}_${range.from}_${range.to}.${format}`;
    await exports.record(c.get('principal'), { fileName, resource: `${family.path}/${family.list}`, format, rowCount: rows.length });
    return download(c, fileName, format, header, rows);
  };

  for (const family of STATS_FAMILIES) {
    router.get(`/${family.path}/${family.list}`, vehiclePage(family.sortBy));
    router.get(`/${family.path}/export`, exportFamily(family));
  }
  for (const path of DAILY_PATHS) router.get(`/${path}/statistics`, async (c) => data(c, await perDay(c, 30)));

  router.get('/mileageStatistics/dashboard', async (c) => {
    const days = await perDay(c, 30);
    return data(c, { days, total: { mileage: sum(days, 'mileage'), energyUsed: sum(days, 'energyUsed'), drivingHours: sum(days, 'drivingHours') } });
  });

  router.get('/dataBoard/getAlarmAndFaultDate', async (c) => data(c, (await perDay(c, 7)).map((d) => ({
    date: d.date, alarmCount: d.alarmCount, faultCount: d.faultCount, alarmLevel1: d.alarmLevel1, alarmLevel2: d.alarmLevel2, alarmLevel3: d.alarmLevel3,
  }))));

  router.get('/dataBoard/getMileAndReduceEnergyEmissionData', async (c) => {
    const days = await perDay(c, 7);
    return data(c, {
      days: days.map((d) => ({ date: d.date, mileage: d.mileage, energyUsed: d.energyUsed, energyCharged: d.energyCharged, reduceEmission: d.reduceEmission, onlineRate: d.onlineRate })),
      total: { mileage: sum(days, 'mileage'), energyUsed: sum(days, 'energyUsed'), energyCharged: sum(days, 'energyCharged'), reduceEmission: sum(days, 'reduceEmission') },
      factors: { petrolKgPerKm: CO2_PETROL_KG_PER_KM, gridKgPerKwh: CO2_GRID_KG_PER_KWH },
    });
  });

  router.get('/dataBoard/getVehicleTotalMile', async (c) => data(c, await queries.totalMile(await fleetOf(c), rangeOf(c, 30))));

  const dayBack = (back: number) => dayRange({ days: '1', endTime: Date.now() - back * 86_400_000 }, offset, 1);
  router.get('/largeScreenStatistics/current', async (c) => data(c, {
    ...(await queries.summary(await fleetOf(c), dayBack(0))), fleet: await fleetCounts(repos, latest, c.get('principal')),
  }));
  router.get('/largeScreenStatistics/yesterday', async (c) => data(c, await queries.summary(await fleetOf(c), dayBack(1))));

  router.route('/', statsVehicleRoutes(deps));
  return router;
}
