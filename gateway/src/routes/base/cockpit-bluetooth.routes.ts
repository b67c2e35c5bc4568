import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { createRouter } from '../../lib/create-app.ts';
import { data } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/api-error.ts';
import { deviceText } from '../../lib/texts/device-text.ts';
import { listQueryOf } from '../../crud/crud-router.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { eventQuery } from './events.ts';
import { vinParam } from './inputs.ts';

const SYNC_MAX = 500;
const Vins = z.string({ error: () => `${deviceText('enterVins')} [vins]` }).transform((v, ctx) => {
  const list = [...new Set(v.split(',').map((s) => s.trim()).filter(Boolean))];
  if (list.length === 0) ctx.addIssue({ code: 'custom', message: `${deviceText('enterVins')} [vins]` });
  if (list.length > SYNC_MAX) ctx.addIssue({ code: 'custom', message: `${deviceText('syncAtMost', { limit: SYNC_MAX })} [vins]` });
  for (const vin of list) if (!vinParam.safeParse(vin).success || vin.length !== 17) ctx.addIssue({ code: 'custom', message: `${deviceText('badVin', { vin })} [vins]` });
  return list.map((s) => s.toUpperCase());
});

/**
 * The alarms of vehicles with a cockpit head unit (wdiov-base cockpitAlarmData/page): the alarm
 * list, with its filters and time range, narrowed to vehicles a cockpit terminal is bound to.
 */
export function cockpitRoutes({ repos, env }: BespokeDeps) {
  const router = createRouter();
  router.get('/cockpitAlarmData/page', async (c) => {
    const principal = c.get('principal');
    const alarms = repos.get('vehicleAlarmData');
    const { query, extra } = eventQuery(alarms, c.req.query(), env.UTC_OFFSET_MIN, 'startTime');
    const [vehicles, cockpits] = [repos.get('vehicle'), repos.get('witCockpitTerminal')];
    const [v, w] = [vehicles.columns, cockpits.columns];
    const withCockpit = sql`${alarms.columns.vin} in (select ${v.vin} from ${vehicles.table} join ${cockpits.table} on ${w.vehicleId} = ${v.id}
      where ${v.tenantId} = ${principal.tenantId} and ${v.isDeleted} = 0 and ${w.isDeleted} = 0)`;
    return data(c, await alarms.page(principal, query, [...extra, withCockpit]));
  });
  return router;
}

/**
 * The bluetooth terminals of some vehicles, for the app's key sync (wdiov-business
 * schedulingTask/vehicleBluetoothSync?vins=): one entry per VIN asked, with the terminals bound
 * to it (none for a VIN that is not a visible vehicle).
 */
export function businessRoutes({ repos }: BespokeDeps) {
  const router = createRouter();
  router.get('/schedulingTask/vehicleBluetoothSync', async (c) => {
    const principal = c.get('principal');
    const parsed = Vins.safeParse(c.req.query('vins') ?? '');
    if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message);
    const vehicles = repos.get('vehicle');
    const found = await vehicles.all(principal, listQueryOf({}), [inArray(vehicles.columns.vin!, parsed.data)], SYNC_MAX);
    const terminals = repos.get('bluetoothTerminal');
    const ids = found.map((r) => String(r.id));
    const bound = ids.length ? await terminals.all(principal, listQueryOf({}), [inArray(terminals.columns.vehicleId!, ids)], SYNC_MAX * 4) : [];
    return data(c, parsed.data.map((vin) => {
      const vehicle = found.find((r) => r.vin === vin);
      return {
        vin, vehicleId: vehicle ? String(vehicle.id) : null, plateNumber: vehicle?.plateNumber ?? null,
        terminals: vehicle ? bound.filter((t) => String(t.vehicleId) === String(vehicle.id)).map((t) => ({
          id: t.id, macAddress: t.macAddress, deviceName: t.deviceName, firmwareVersion: t.firmwareVersion, bindTime: t.bindTime,
        })) : [],
      };
    }));
  });
  return router;
}
