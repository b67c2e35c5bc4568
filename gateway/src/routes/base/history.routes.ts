import { and, asc, count, eq, gte, isNotNull, lte } from 'drizzle-orm';
import { z } from 'zod';
import { formatDateTime, toPage } from '@wdiov/contracts';
import type { Principal } from '../../crud/principal.ts';
import { positions } from '../../db/schema/index.ts';
import { createRouter } from '../../lib/create-app.ts';
import { data } from '../../lib/envelope.ts';
import { parseWith } from '../../lib/read-input.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { compactTime, csvDownload } from './csv.ts';
import { requireVehicle } from './fleet.ts';
import { pageParams, timeRange, vinParam } from './inputs.ts';
import {
  detectStops, pointView, stopView, TRACK_CSV_HEADER, TRACK_MAX_MS, TRACK_MAX_POINTS, trackCsvRow, type PositionRow,
} from './track.ts';

const HISTORY_MAX_MS = 31 * 86_400_000;

const TrackQuery = z.object({ vin: vinParam });
const HistoryQuery = z.object({ vin: vinParam, ...pageParams });

/**
 * Position history of one vehicle of the caller's tenant: track playback (bounded to a day and
 * 50,000 points, with stop points), its CSV export, and paged history data.
 */
export function historyRoutes({ db, repos, env }: BespokeDeps) {
  const router = createRouter();
  const offset = env.UTC_OFFSET_MIN;

  const where = (principal: Principal, vin: string, start: Date, end: Date) =>
    and(eq(positions.tenantId, principal.tenantId), eq(positions.vin, vin), gte(positions.ts, start), lte(positions.ts, end));

  async function track(principal: Principal, input: Record<string, string>) {
    const { vin } = parseWith(TrackQuery, input);
    const range = timeRange(input, offset, { required: true, maxMs: TRACK_MAX_MS });
    const vehicle = await requireVehicle(repos, principal, { vin });
    const rows = (await db.select().from(positions)
      .where(and(where(principal, vin, range.start!, range.end!), isNotNull(positions.lng), isNotNull(positions.lat)))
      .orderBy(asc(positions.ts), asc(positions.id))
      .limit(TRACK_MAX_POINTS + 1)) as PositionRow[];
    const truncated = rows.length > TRACK_MAX_POINTS;
    if (truncated) rows.length = TRACK_MAX_POINTS;
    return { vehicle, rows, truncated, range: { start: range.start!, end: range.end! } };
  }

  router.get('/historyTrack/historyTrackPlayback', async (c) => {
    const { vehicle, rows, truncated, range } = await track(c.get('principal'), c.req.query());
    const points = rows.map((r) => pointView(r, offset));
    const miles = rows.map((r) => r.mileage).filter((m): m is number => typeof m === 'number');
    const speeds = rows.map((r) => r.speed).filter((s): s is number => typeof s === 'number');
    return data(c, {
      vin: vehicle.vin, plateNumber: vehicle.plateNumber ?? '',
      startTime: formatDateTime(range.start, offset), endTime: formatDateTime(range.end, offset),
      total: points.length, truncated,
      mileage: miles.length > 1 ? Math.round((miles[miles.length - 1]! - miles[0]!) * 10) / 10 : 0,
      maxSpeed: speeds.length ? Math.max(...speeds) : 0,
      points,
      stops: detectStops(rows).map((s) => stopView(s, offset)),
    });
  });

  router.get('/historyTrack/historyTrackPlayback-export', async (c) => {
    const { vehicle, rows, range } = await track(c.get('principal'), c.req.query());
    const name = `轨迹_${String(vehicle.plateNumber || vehicle.vin)}_${compactTime(formatDateTime(range.start, offset))}.csv`;
    return csvDownload(c, name, TRACK_CSV_HEADER, rows.map((r) => trackCsvRow(pointView(r, offset))));
  });

  /** Every stored snapshot of a vehicle in a range (at most 31 days), oldest first, paged. */
  router.get('/vehicle/historyData', async (c) => {
    const principal = c.get('principal');
    const input = c.req.query();
    const q = parseWith(HistoryQuery, input);
    const range = timeRange(input, offset, { required: true, maxMs: HISTORY_MAX_MS });
    await requireVehicle(repos, principal, { vin: q.vin });
    const cond = where(principal, q.vin, range.start!, range.end!);
    const [{ total }] = (await db.select({ total: count() }).from(positions).where(cond)) as [{ total: number }];
    const rows = Number(total) === 0 ? [] : (await db.select().from(positions).where(cond)
      .orderBy(asc(positions.ts), asc(positions.id)).limit(q.size).offset((q.current - 1) * q.size)) as PositionRow[];
    return data(c, toPage(rows.map((r) => ({ vin: r.vin, ...pointView(r, offset) })), Number(total), q.current, q.size));
  });

  return router;
}
