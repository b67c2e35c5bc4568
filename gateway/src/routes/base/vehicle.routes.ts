import { and, isNotNull, ne, notInArray } from 'drizzle-orm';
import { z } from 'zod';
import { idString } from '@wdiov/contracts';
import { createRouter } from '../../lib/create-app.ts';
import { data } from '../../lib/envelope.ts';
import { badRequest, notFound } from '../../lib/api-error.ts';
import { parseWith } from '../../lib/read-input.ts';
import type { LatestState } from '../../live/latest-state.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { ALL, liveView, requireVehicle, snapshotOf } from './fleet.ts';
import { optionalText, vinParam } from './inputs.ts';
import { vehicleText } from '../../lib/texts/vehicle-text.ts';
import { commonText } from '../../lib/texts/common-text.ts';

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const InfoQuery = z.object({ id: z.preprocess(blank, idString.optional()), vin: z.preprocess(blank, vinParam.optional()) });
const TerminalQuery = z.object({ vehicleId: z.preprocess(blank, idString.optional()), terminalNo: optionalText(32, { zh: '终端编号', en: 'Terminal number' }) });

/** vehicle/info (a vehicle with its terminal, model and live state) and vehicle/terminalList. */
export function vehicleRoutes({ repos, env }: BespokeDeps, latest: LatestState) {
  const router = createRouter();
  const vehicles = () => repos.get('vehicle');

  router.get('/vehicle/info', async (c) => {
    const principal = c.get('principal');
    const q = parseWith(InfoQuery, c.req.query());
    if (!q.id && !q.vin) throw badRequest(`${vehicleText('idOrVin')} [id]`);
    const vehicle = q.id ? await vehicles().detail(principal, q.id) : await requireVehicle(repos, principal, { vin: q.vin });
    if (!vehicle) throw notFound(commonText('vehicleMissing', { id: String(q.id) }));
    const terminal = vehicle.terminalId ? await repos.get('terminal').detail(principal, String(vehicle.terminalId)) : undefined;
    const model = vehicle.vehicleModelId ? await repos.get('vehicleModel').detail(principal, String(vehicle.vehicleModelId)) : undefined;
    return data(c, {
      ...vehicle, terminal: terminal ?? null, vehicleModel: model ?? null,
      realtime: liveView(snapshotOf(latest, principal, String(vehicle.vin)), env.UTC_OFFSET_MIN),
    });
  });

  /** Terminals a vehicle may be bound to: those no other vehicle holds (its own one included). */
  router.get('/vehicle/terminalList', async (c) => {
    const principal = c.get('principal');
    const q = parseWith(TerminalQuery, c.req.query());
    const v = vehicles().columns;
    const held = await vehicles().db.select({ terminalId: v.terminalId! }).from(vehicles().table)
      .where(and(vehicles().tenantScope(principal), isNotNull(v.terminalId!), q.vehicleId ? ne(v.id!, q.vehicleId) : undefined));
    const terminals = repos.get('terminal');
    const taken = held.map((r) => String(r.terminalId));
    const filters = q.terminalNo ? [{ key: 'terminalNo', field: 'terminalNo', column: 'terminal_no', op: 'like' as const, value: q.terminalNo }] : [];
    return data(c, await terminals.all(principal, { ...ALL, filters }, taken.length ? [notInArray(terminals.columns.id!, taken)] : [], 1000));
  });

  return router;
}
