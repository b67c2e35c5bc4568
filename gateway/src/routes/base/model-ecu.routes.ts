import { z } from 'zod';
import { idString, Msg, parseIdList } from '@wdiov/contracts';
import { createRouter } from '../../lib/create-app.ts';
import { data, success } from '../../lib/envelope.ts';
import { badRequest, notFound } from '../../lib/api-error.ts';
import { parseWith, readJsonObject } from '../../lib/read-input.ts';
import { catalogText } from '../../lib/texts/catalog-text.ts';
import { commonText } from '../../lib/texts/common-text.ts';
import { listQueryOf } from '../../crud/crud-router.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';

const ModelQuery = z.object({ vehicleModelId: idString });
const CustomerQuery = z.object({ customerId: idString });
/** ECU ids as an array or a comma-joined string; an empty list clears the model's ECUs. */
const SaveEcuBody = z.object({
  vehicleModelId: idString,
  ecuIds: z.union([z.array(idString).max(200), z.string()]).transform((v, ctx) => {
    if (Array.isArray(v)) return [...new Set(v)];
    if (v.trim() === '') return [];
    const ids = parseIdList(v);
    if (!ids) ctx.addIssue({ code: 'custom', message: commonText('idList', { key: 'ecuIds' }) });
    return ids ?? [];
  }),
});

/**
 * ECU assignment of vehicle models (vehicleModel/modelEcuList, modelEcuPage, saveEcu) and the
 * vehicles of a customer (customer/customerVehiclePage), over the generic repositories, so
 * tenant, data scope and labels apply as on every list.
 */
export function modelEcuRoutes({ repos }: BespokeDeps) {
  const router = createRouter();
  const links = () => repos.get('vehicleModelEcu');

  const requireModel = async (principal: Parameters<ReturnType<typeof links>['findRow']>[0], id: string) => {
    if (!(await repos.get('vehicleModel').findRow(principal, id))) throw notFound(catalogText('modelMissing', { id }));
  };

  /** The ECUs of a model in their order: the ECU rows themselves. */
  router.get('/vehicleModel/modelEcuList', async (c) => {
    const principal = c.get('principal');
    const { vehicleModelId } = parseWith(ModelQuery, c.req.query());
    await requireModel(principal, vehicleModelId);
    const rows = await links().all(principal, listQueryOf({ vehicleModelId_equal: vehicleModelId, ascs: 'sort' }));
    const ecus = repos.get('ecuManage');
    const out = [];
    for (const row of rows) {
      const ecu = await ecus.detail(principal, String(row.ecuId));
      if (ecu) out.push({ ...ecu, sort: row.sort });
    }
    return data(c, out);
  });

  /** The model's assignments as a page (ECU names labelled). */
  router.get('/vehicleModel/modelEcuPage', async (c) => {
    const { vehicleModelId, ...rest } = c.req.query();
    const q = parseWith(ModelQuery, { vehicleModelId });
    return data(c, await links().page(c.get('principal'), listQueryOf({ ...rest, vehicleModelId_equal: q.vehicleModelId })));
  });

  /** Replaces the model's ECUs with the given ones, in the given order. */
  router.post('/vehicleModel/saveEcu', async (c) => {
    const principal = c.get('principal');
    const body = parseWith(SaveEcuBody, await readJsonObject(c));
    await requireModel(principal, body.vehicleModelId);
    const ecus = repos.get('ecuManage');
    for (const id of body.ecuIds) if (!(await ecus.findRow(principal, id))) throw badRequest(`${catalogText('ecuMissing', { id })} [ecuIds]`);
    const current = await links().all(principal, listQueryOf({ vehicleModelId_equal: body.vehicleModelId }));
    if (current.length) await links().remove(principal, current.map((r) => String(r.id)));
    await links().insertMany(principal, body.ecuIds.map((ecuId, i) => ({ vehicleModelId: body.vehicleModelId, ecuId, sort: i + 1 })));
    return success(c, Msg.success);
  });

  /** A customer's vehicles, paged and filtered like the vehicle list. */
  router.get('/customer/customerVehiclePage', async (c) => {
    const principal = c.get('principal');
    const { customerId, ...rest } = c.req.query();
    const q = parseWith(CustomerQuery, { customerId });
    if (!(await repos.get('customer').findRow(principal, q.customerId))) throw notFound(catalogText('customerMissing', { id: q.customerId }));
    return data(c, await repos.get('vehicle').page(principal, listQueryOf({ ...rest, customerId_equal: q.customerId })));
  });

  return router;
}
