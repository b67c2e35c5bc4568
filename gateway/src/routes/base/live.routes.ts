import { isNull } from 'drizzle-orm';
import { z } from 'zod';
import { toPage } from '@wdiov/contracts';
import { createRouter } from '../../lib/create-app.ts';
import { data } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/api-error.ts';
import { parseWith } from '../../lib/read-input.ts';
import type { Ctx } from '../../lib/types.ts';
import type { LatestState } from '../../live/latest-state.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { eventQuery } from './events.ts';
import { ALL, equal, fleetCounts, fleetRows, liveView, requireVehicle, snapshotOf } from './fleet.ts';
import { LABELS, optionalInt, optionalText, pageParams, vinParam } from './inputs.ts';
import { vehicleText } from '../../lib/texts/vehicle-text.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { alarmInWords } from './alarm-words.ts';

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const WhichVehicle = z.object({
  vin: z.preprocess(blank, vinParam.optional()),
  plateNumber: optionalText(20, LABELS.plateNumber),
  carPlate: optionalText(20, LABELS.plateNumber),
});

const LastDataQuery = z.object({
  vin: optionalText(17, LABELS.vin),
  plateNumber: optionalText(20, LABELS.plateNumber),
  state: optionalInt(LABELS.vehicleState, 1, 4),
  ...pageParams,
});

/**
 * The live picture, answered from the latest-state store the socket pushes from:
 * realtimeInfo, getRealTimeData, realtimeStatistics, lastPlatformData, realtimeAlarm.
 */
export function liveRoutes({ repos, env }: BespokeDeps, latest: LatestState) {
  const router = createRouter();
  const offset = env.UTC_OFFSET_MIN;
  const alarms = () => repos.get('vehicleAlarmData');

  const realtimeInfo = async (c: Ctx) => {
    const principal = c.get('principal');
    const q = parseWith(WhichVehicle, c.req.query());
    const plateNumber = q.plateNumber ?? q.carPlate;
    if (!q.vin && !plateNumber) throw badRequest(`${vehicleText('vinOrPlate')} [vin]`);
    const vehicle = await requireVehicle(repos, principal, { vin: q.vin, plateNumber });
    const vin = String(vehicle.vin);
    const openAlarms = await alarms().all(principal, { ...ALL, filters: [equal('vin', vin)] }, [isNull(alarms().columns.endTime!)], 100);
    return data(c, { vehicle, realtime: liveView(snapshotOf(latest, principal, vin), offset), alarms: openAlarms });
  };
  router.get('/vehicleMonitor/realtimeInfo', realtimeInfo);
  router.get('/vehicle/realtimeInfo', realtimeInfo);

  router.get('/dataBoard/getRealTimeData', async (c) => data(c, await fleetCounts(repos, latest, c.get('principal'))));
  router.get('/vehicle/realtimeStatistics', async (c) => data(c, await fleetCounts(repos, latest, c.get('principal'))));

  /** The latest snapshot of every vehicle that has reported, newest first; vin/plate match by substring. */
  router.get('/lastPlatformData/page', async (c) => {
    const principal = c.get('principal');
    const q = parseWith(LastDataQuery, c.req.query());
    const vehicles = new Map((await fleetRows(repos, principal)).map((v) => [v.vin, v]));
    const vin = q.vin?.toUpperCase();
    const rows = latest.ofTenant(principal.tenantId)
      .filter((t) => vehicles.has(t.vin))
      .map((t) => ({ t, v: vehicles.get(t.vin)! }))
      .filter(({ t, v }) => (!vin || t.vin.includes(vin)) && (!q.plateNumber || v.plateNumber.includes(q.plateNumber)) && (!q.state || t.state === q.state))
      .sort((a, b) => b.t.ts - a.t.ts);
    const records = rows.slice((q.current - 1) * q.size, q.current * q.size)
      .map(({ t, v }) => ({ vehicleId: v.id, vin: v.vin, plateNumber: v.plateNumber, ...liveView(t, offset) }));
    return data(c, toPage(records, rows.length, q.current, q.size));
  });

  /** Alarms still open (no end time) of the caller's vehicles, newest first, with the entity's filters and the time range. */
  router.get('/vehicleAlarmData/realtimeAlarm', async (c) => {
    const principal = c.get('principal');
    const { query, extra } = eventQuery(alarms(), c.req.query(), offset, 'startTime');
    // The engine keeps alarms to the vehicles of the caller's data scope.
    const page = await alarms().page(principal, query, [...extra, isNull(alarms().columns.endTime!)]);
    const language = requestLanguage();
    return data(c, { ...page, records: page.records.map((r) => alarmInWords(r, language)) });
  });

  return router;
}
