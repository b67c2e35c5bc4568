import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { idString, isIdText } from '@wdiov/contracts';
import type { Principal } from '../../crud/principal.ts';
import { createRouter } from '../../lib/create-app.ts';
import { data } from '../../lib/envelope.ts';
import { badRequest, notFound } from '../../lib/api-error.ts';
import { parseWith, readJson } from '../../lib/read-input.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { ALL, equal, requireVehicle } from './fleet.ts';
import { queryId, vinParam } from './inputs.ts';
import { vehicleText } from '../../lib/texts/vehicle-text.ts';
import { commonText } from '../../lib/texts/common-text.ts';

const SaveBody = z.object({
  fenceId: idString,
  vehicleIds: z.union([z.string(), z.array(z.union([z.string(), z.number()]))], { error: () => vehicleText('chooseVehicles') })
    .transform((v) => (Array.isArray(v) ? v.map(String) : v.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.string().refine(isIdText, { error: () => vehicleText('badVehicleId') })).max(5000, { error: () => vehicleText('fenceAtMost', { limit: 5000 }) }))
    .transform((ids) => [...new Set(ids)]),
});
const VinQuery = z.object({ vin: vinParam });

/** Which vehicles a fence watches: the bound list, replacing it, and the fences of a vehicle. */
export function fenceRoutes({ repos }: BespokeDeps) {
  const router = createRouter();
  const fences = () => repos.get('electronicFence');
  const bindings = () => repos.get('electronicFenceVehicle');
  const vehicles = () => repos.get('vehicle');

  const requireFence = async (principal: Principal, id: string) => {
    const fence = await fences().findRow(principal, id);
    if (!fence) throw notFound(vehicleText('fenceMissing', { id }));
    return fence;
  };
  const boundTo = (principal: Principal, fenceId: string) => bindings().all(principal, { ...ALL, filters: [equal('fenceId', fenceId)] });

  /** The vehicles bound to a fence, each with its binding id. */
  router.get('/electronicFenceVehicle/vehicleList', async (c) => {
    const principal = c.get('principal');
    const fenceId = queryId(c, 'fenceId');
    await requireFence(principal, fenceId);
    const rows = await boundTo(principal, fenceId);
    const bindingOf = new Map(rows.map((b) => [String(b.vehicleId), String(b.id)]));
    const ids = [...bindingOf.keys()];
    const list = ids.length ? await vehicles().all(principal, ALL, [inArray(vehicles().columns.id!, ids)]) : [];
    return data(c, list.map((v) => ({ ...v, vehicleId: String(v.id), fenceId, bindingId: bindingOf.get(String(v.id)) })));
  });

  /** `{fenceId, vehicleIds}`: the fence watches exactly these vehicles afterwards. */
  router.post('/electronicFenceVehicle/save', async (c) => {
    const principal = c.get('principal');
    const body = parseWith(SaveBody, await readJson(c));
    await requireFence(principal, body.fenceId);
    if (body.vehicleIds.length) {
      const found = new Set((await vehicles().all(principal, ALL, [inArray(vehicles().columns.id!, body.vehicleIds)])).map((v) => String(v.id)));
      const missing = body.vehicleIds.find((id) => !found.has(id));
      if (missing) throw badRequest(`${commonText('vehicleMissing', { id: missing })} [vehicleIds]`);
    }
    const current = await boundTo(principal, body.fenceId);
    const wanted = new Set(body.vehicleIds);
    const have = new Set(current.map((b) => String(b.vehicleId)));
    const stale = current.filter((b) => !wanted.has(String(b.vehicleId))).map((b) => String(b.id));
    if (stale.length) await bindings().remove(principal, stale);
    const added = body.vehicleIds.filter((id) => !have.has(id));
    for (const vehicleId of added) await bindings().insert(principal, { fenceId: body.fenceId, vehicleId });
    return data(c, { fenceId: body.fenceId, total: wanted.size, added: added.length, removed: stale.length });
  });

  /** The fences watching the vehicle with this VIN. */
  router.get('/electronicFenceVehicle/getElectronicFencesByVin', async (c) => {
    const principal = c.get('principal');
    const { vin } = parseWith(VinQuery, c.req.query());
    const vehicle = await requireVehicle(repos, principal, { vin });
    const rows = await bindings().all(principal, { ...ALL, filters: [equal('vehicleId', String(vehicle.id))] });
    const ids = [...new Set(rows.map((b) => String(b.fenceId)))];
    return data(c, ids.length ? await fences().all(principal, ALL, [inArray(fences().columns.id!, ids)]) : []);
  });

  return router;
}
