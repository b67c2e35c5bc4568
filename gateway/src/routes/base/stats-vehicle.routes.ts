import { z } from 'zod';
import { formatDateTime, toPage } from '@wdiov/contracts';
import { createRouter } from '../../lib/create-app.ts';
import { data } from '../../lib/envelope.ts';
import { parseWith } from '../../lib/read-input.ts';
import type { Ctx } from '../../lib/types.ts';
import { diffVoltageProbability, samplesOf, temperatureHops, voltageRank, voltageScatter } from '../../stats/cell-figures.ts';
import { rollFrames, TOP_SPEED_KMH, type Hop } from '../../stats/day-figures.ts';
import { DEFAULT_SPEED_LIMIT_KMH, driverBehavior } from '../../stats/driver-behavior.ts';
import { routeTimeline } from '../../stats/route-timeline.ts';
import { StatsQueries } from '../../stats/stats-queries.ts';
import { dayRange } from '../../stats/stats-range.ts';
import { positionsOf, realtimeFramesOf, startEndOf, vehicleDays, type PositionPoint } from '../../stats/vehicle-queries.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { LABELS, optionalText, pageParams, timeRange, vinParam } from './inputs.ts';
import { statsText } from '../../lib/texts/stats-text.ts';
import { statsFleet } from './stats-fleet.ts';
import { TRACK_MAX_MS, TRACK_MAX_POINTS } from './track.ts';

const OneVehicle = z.object({ vin: vinParam });
const PagedVehicle = z.object({ vin: vinParam, ...pageParams });
const FleetPage = z.object({ vin: optionalText(17, LABELS.vin), plateNumber: optionalText(20, LABELS.plateNumber), ...pageParams });
const SPEED_LIMIT_MIN = 20;
const speedLimit = () => statsText('speedLimit', { min: SPEED_LIMIT_MIN, max: TOP_SPEED_KMH });
const BehaviorQuery = z.object({
  speedLimit: z.coerce.number({ error: speedLimit }).min(SPEED_LIMIT_MIN, { error: speedLimit })
    .max(TOP_SPEED_KMH, { error: speedLimit }).default(DEFAULT_SPEED_LIMIT_KMH),
});
const DAY_MS = 86_400_000;
/** Frames an energy-storage call reads at most (a day at 10 s is 8,640). */
const CELL_FRAMES_MAX = 10_000;

/**
 * The statistics calls about one vehicle (vehicleConditionStatis getStartEnd, detail and
 * driverBehavior, vehicleHopStatistics detail, energyStorageStatis, routeTimeline) and the
 * per-vehicle-per-day report (vehicleReport).
 * Day figures come from the rollups; the start and end readings, the timeline and the cell
 * analytics read one vehicle's positions or frames over a window of at most a day, by index.
 */
export function statsVehicleRoutes({ db, repos, env, dataScopes }: BespokeDeps) {
  const router = createRouter();
  const offset = env.UTC_OFFSET_MIN;
  const fleets = statsFleet(repos, dataScopes);
  const queries = new StatsQueries(db);
  const time = (ms: number | null | undefined) => (ms === null || ms === undefined ? '' : formatDateTime(new Date(ms), offset));

  /** One vehicle the caller may see and a window of at most a day (default: the last 24 hours). */
  const window = async (c: Ctx) => {
    const input = c.req.query();
    const { vin } = parseWith(OneVehicle, input);
    const range = timeRange(input, offset, { maxMs: TRACK_MAX_MS, defaultMs: TRACK_MAX_MS });
    const vehicle = await fleets.one(c, vin);
    return { ...vehicle, start: range.start!, end: range.end! };
  };

  const head = (w: { vin: string; plateNumber: string; start: Date; end: Date }, frames: number) =>
    ({ vin: w.vin, plateNumber: w.plateNumber, startTime: time(w.start.getTime()), endTime: time(w.end.getTime()), frames });

  router.get('/vehicleConditionStatis/getStartEnd', async (c) => {
    const { vin } = parseWith(OneVehicle, c.req.query());
    const range = dayRange(c.req.query(), offset, 1);
    const vehicle = await fleets.one(c, vin);
    const start = new Date(Date.parse(`${range.from}T00:00:00Z`) - offset * 60_000);
    const end = new Date(Date.parse(`${range.to}T00:00:00Z`) - offset * 60_000 + DAY_MS - 1);
    const { first, last } = await startEndOf(db, vehicle.fleet.tenantId, vin, start, end);
    const reading = (p: PositionPoint | undefined) => p && { time: time(p.ts), mileage: p.mileage, soc: p.soc, lng: p.lng, lat: p.lat };
    const days = await queries.perDay(vehicle.fleet, range);
    const sum = (k: 'mileage' | 'energyUsed' | 'energyCharged') => Math.round(days.reduce((a, d) => a + d[k], 0) * 100) / 100;
    return data(c, {
      vin, plateNumber: vehicle.plateNumber, startDate: range.from, endDate: range.to, start: reading(first) ?? null, end: reading(last) ?? null,
      mileage: sum('mileage'), energyUsed: sum('energyUsed'), energyCharged: sum('energyCharged'),
      socChange: first?.soc !== null && first?.soc !== undefined && last?.soc !== null && last?.soc !== undefined ? Math.round((last.soc - first.soc) * 10) / 10 : null,
    });
  });

  router.get('/vehicleConditionStatis/detail', async (c) => {
    const { vin } = parseWith(OneVehicle, c.req.query());
    const range = dayRange(c.req.query(), offset, 30);
    const vehicle = await fleets.one(c, vin);
    return data(c, { vin, plateNumber: vehicle.plateNumber, days: await queries.perDay(vehicle.fleet, range) });
  });

  router.get('/vehicleReport/page', async (c) => {
    const q = parseWith(FleetPage, c.req.query());
    const range = dayRange(c.req.query(), offset, 30);
    const { records, total } = await vehicleDays(db, await fleets.of(c, q), range, q.current, q.size);
    return data(c, toPage(records, total, q.current, q.size));
  });

  router.get('/routeTimeline/page', async (c) => {
    const q = parseWith(PagedVehicle, c.req.query());
    const w = await window(c);
    const points = await positionsOf(db, w.fleet.tenantId, w.vin, w.start, w.end, TRACK_MAX_POINTS);
    const segments = routeTimeline(points);
    const records = segments.slice((q.current - 1) * q.size, q.current * q.size)
      .map((s) => ({ ...s, vin: w.vin, plateNumber: w.plateNumber, startTime: time(s.start), endTime: time(s.end) }));
    return data(c, toPage(records, segments.length, q.current, q.size));
  });

  /** The hops of one vehicle's window, by the rollup's own rules (so the list matches the counts). */
  router.get('/vehicleHopStatistics/detail', async (c) => {
    const w = await window(c);
    const points = await positionsOf(db, w.fleet.tenantId, w.vin, w.start, w.end, TRACK_MAX_POINTS);
    const hops: Hop[] = [];
    rollFrames(undefined, points, offset, (hop) => hops.push(hop));
    return data(c, { ...head(w, points.length), hops: hops.map((h) => ({
      ...h, time: time(h.ts), previousTime: time(h.previousTs), jumpKm: Math.round((h.toKm - h.fromKm) * 100) / 100, seconds: Math.round((h.ts - h.previousTs) / 1000),
    })) });
  });

  router.get('/vehicleConditionStatis/driverBehavior', async (c) => {
    const { speedLimit } = parseWith(BehaviorQuery, c.req.query());
    const w = await window(c);
    const points = await positionsOf(db, w.fleet.tenantId, w.vin, w.start, w.end, TRACK_MAX_POINTS);
    const behavior = driverBehavior(points, speedLimit);
    return data(c, { ...head(w, points.length), ...behavior, events: behavior.events.map((e) => ({ ...e, startTime: time(e.start), endTime: time(e.end) })) });
  });

  const cells = async (c: Ctx) => {
    const w = await window(c);
    return { w, samples: samplesOf(await realtimeFramesOf(db, w.fleet.tenantId, w.vin, w.start, w.end, CELL_FRAMES_MAX)) };
  };
  router.get('/energyStorageStatis/singleVoltageRank', async (c) => {
    const { w, samples } = await cells(c);
    return data(c, { ...head(w, samples.length), cells: voltageRank(samples) });
  });
  router.get('/energyStorageStatis/singleVoltageScatter', async (c) => {
    const { w, samples } = await cells(c);
    const scatter = voltageScatter(samples);
    return data(c, { ...head(w, samples.length), time: time(scatter.ts), points: scatter.points });
  });
  router.get('/energyStorageStatis/diffVoltageProbabi', async (c) => {
    const { w, samples } = await cells(c);
    return data(c, { ...head(w, samples.length), buckets: diffVoltageProbability(samples) });
  });
  router.get('/energyStorageStatis/temperatureHop', async (c) => {
    const { w, samples } = await cells(c);
    return data(c, { ...head(w, samples.length), hops: temperatureHops(samples).map((h) => ({ ...h, time: time(h.ts), previousTime: time(h.previousTs) })) });
  });

  return router;
}
