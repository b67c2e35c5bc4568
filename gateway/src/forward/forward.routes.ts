/**
 * Bespoke calls of forwarding (wdiov-base): the status switch of a platform, binding many
 * vehicles at once, the blacklist's vehicle list and save, the records summed per platform, and
 * a vehicle's forwarding log. The generic entity routes serve the rest (platform list with its
 * link state, forwardRecord/page with its filters, blacklist page and remove).
 */
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { idString, isIdText } from '@wdiov/contracts';
import type { Principal } from '../crud/principal.ts';
import { createRouter } from '../lib/create-app.ts';
import { data } from '../lib/envelope.ts';
import { badRequest, notFound } from '../lib/api-error.ts';
import { parseWith, readJson } from '../lib/read-input.ts';
import type { BespokeDeps } from '../routes/bespoke-deps.ts';
import { ALL, equal, requireVehicle } from '../routes/base/fleet.ts';
import { optionalText, queryId, vinParam } from '../routes/base/inputs.ts';
import { forwardRecordSummary } from './forward-record-summary.ts';
import { commonText } from '../lib/texts/common-text.ts';
import { forwardText } from '../lib/texts/forward-text.ts';

const vehicleIds = (max: number) => z.union([z.string(), z.array(z.union([z.string(), z.number()]))], { error: () => forwardText('chooseVehicles') })
  .transform((v) => (Array.isArray(v) ? v.map(String) : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.string().refine(isIdText, { error: () => forwardText('badVehicleId') })).max(max, { error: () => forwardText('tooManyVehicles', { limit: max }) }))
  .transform((ids) => [...new Set(ids)]);

const UpdateBody = z.object({
  id: idString,
  forwardStatus: z.coerce.number({ error: () => forwardText('statusNumber') }).int().refine((n) => n === 0 || n === 1, { error: () => forwardText('statusFlag') }),
});
const BindBody = z.object({
  forwardPlatformId: idString,
  vehicleIds: vehicleIds(10_000),
  startDate: z.preprocess((v) => (v === '' || v === null ? undefined : v),
    z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: () => forwardText('startDate') }).optional()),
});
const BlacklistBody = z.object({
  vehicleIds: vehicleIds(5000),
  forwardPlatformId: z.preprocess((v) => (v === '' || v === null ? undefined : v), idString.optional()),
  reason: optionalText(255, { zh: '原因', en: 'Reason' }),
});
const SummaryQuery = z.object({
  forwardPlatformId: z.preprocess((v) => (v === '' ? undefined : v), idString.optional()),
  vin: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().toUpperCase().max(17, { error: () => `${forwardText('vinTooLong')} [vin]` }).optional()),
});
const VehicleQuery = z.object({ vin: vinParam.optional(), vehicleId: idString.optional() })
  .refine((q) => q.vin || q.vehicleId, { error: () => `${forwardText('vinOrVehicle')} [vin]` });

export function forwardRoutes({ repos, env }: BespokeDeps) {
  const router = createRouter();
  const platforms = () => repos.get('forwardPlatform');
  const bindings = () => repos.get('forwardPlatformVehicle');
  const blacklist = () => repos.get('forwardBlacklist');
  const vehicles = () => repos.get('vehicle');

  const requirePlatform = async (principal: Principal, id: string) => {
    const row = await platforms().findRow(principal, id);
    if (!row) throw notFound(forwardText('platformMissing', { id }));
    return row;
  };
  const vehiclesById = (principal: Principal, ids: string[]) =>
    ids.length ? vehicles().all(principal, ALL, [inArray(vehicles().columns.id!, ids)]) : Promise.resolve([]);
  const requireVehicles = async (principal: Principal, ids: string[]) => {
    const found = new Set((await vehiclesById(principal, ids)).map((v) => String(v.id)));
    const missing = ids.find((id) => !found.has(id));
    if (missing) throw badRequest(`${commonText('vehicleMissing', { id: missing })} [vehicleIds]`);
  };

  /** `{id, forwardStatus}`: 1 starts the link to the platform (on whichever gateway holds it), 0 logs it out. */
  router.post('/forwardPlatform/update', async (c) => {
    const principal = c.get('principal');
    const body = parseWith(UpdateBody, await readJson(c));
    await requirePlatform(principal, body.id);
    await platforms().update(principal, body.id, { forwardStatus: body.forwardStatus });
    return data(c, await platforms().detail(principal, body.id));
  });

  /** The vehicles bound to a platform, each with its binding id and start date. */
  router.get('/forwardPlatformVehicle/vehicleList', async (c) => {
    const principal = c.get('principal');
    const forwardPlatformId = queryId(c, 'forwardPlatformId');
    await requirePlatform(principal, forwardPlatformId);
    const rows = await bindings().all(principal, { ...ALL, filters: [equal('forwardPlatformId', forwardPlatformId)] });
    const byVehicle = new Map(rows.map((b) => [String(b.vehicleId), b]));
    const list = await vehiclesById(principal, [...byVehicle.keys()]);
    return data(c, list.map((v) => {
      const b = byVehicle.get(String(v.id))!;
      return { ...v, vehicleId: String(v.id), forwardPlatformId, bindingId: String(b.id), startDate: b.startDate ?? null };
    }));
  });

  /** `{forwardPlatformId, vehicleIds, startDate?}`: the platform gets exactly these vehicles afterwards; new ones from startDate. */
  router.post('/forwardPlatformVehicle/save', async (c) => {
    const principal = c.get('principal');
    const body = parseWith(BindBody, await readJson(c));
    await requirePlatform(principal, body.forwardPlatformId);
    await requireVehicles(principal, body.vehicleIds);
    const current = await bindings().all(principal, { ...ALL, filters: [equal('forwardPlatformId', body.forwardPlatformId)] });
    const wanted = new Set(body.vehicleIds);
    const have = new Set(current.map((b) => String(b.vehicleId)));
    const stale = current.filter((b) => !wanted.has(String(b.vehicleId))).map((b) => String(b.id));
    if (stale.length) await bindings().remove(principal, stale);
    const added = body.vehicleIds.filter((id) => !have.has(id));
    if (added.length) {
      await bindings().insertMany(principal, added.map((vehicleId) => ({ forwardPlatformId: body.forwardPlatformId, vehicleId, ...(body.startDate ? { startDate: body.startDate } : {}) })));
    }
    return data(c, { forwardPlatformId: body.forwardPlatformId, total: wanted.size, added: added.length, removed: stale.length });
  });

  /** The blacklisted vehicles (of one platform and of all platforms when forwardPlatformId is given). */
  router.get('/forwardBlacklist/vehicleList', async (c) => {
    const principal = c.get('principal');
    const platformId = c.req.query('forwardPlatformId')?.trim() ? queryId(c, 'forwardPlatformId') : undefined;
    const rows = (await blacklist().all(principal, ALL)).filter((b) => !platformId || !b.forwardPlatformId || String(b.forwardPlatformId) === platformId);
    const byVehicle = new Map(rows.map((b) => [String(b.vehicleId), b]));
    const list = await vehiclesById(principal, [...byVehicle.keys()]);
    return data(c, list.map((v) => {
      const b = byVehicle.get(String(v.id))!;
      return { ...v, vehicleId: String(v.id), blacklistId: String(b.id), forwardPlatformId: b.forwardPlatformId ?? null, reason: b.reason ?? null };
    }));
  });

  /** `{vehicleIds, forwardPlatformId?, reason?}`: these vehicles are never forwarded (to that platform, or to any). */
  router.post('/forwardBlacklist/save', async (c) => {
    const principal = c.get('principal');
    const body = parseWith(BlacklistBody, await readJson(c));
    if (body.forwardPlatformId) await requirePlatform(principal, body.forwardPlatformId);
    await requireVehicles(principal, body.vehicleIds);
    const scope = body.forwardPlatformId ?? null;
    const existing = (await blacklist().all(principal, ALL)).filter((b) => (b.forwardPlatformId ? String(b.forwardPlatformId) : null) === scope);
    const have = new Set(existing.map((b) => String(b.vehicleId)));
    const added = body.vehicleIds.filter((id) => !have.has(id));
    if (added.length) {
      await blacklist().insertMany(principal, added.map((vehicleId) => ({ vehicleId, ...(scope ? { forwardPlatformId: scope } : {}), ...(body.reason ? { reason: body.reason } : {}) })));
    }
    return data(c, { added: added.length, already: body.vehicleIds.length - added.length });
  });

  /** The records summed per platform (`?forwardPlatformId=&vin=`), with each platform's link. */
  router.get('/forwardRecord/summary', async (c) => {
    const q = parseWith(SummaryQuery, c.req.query());
    return data(c, await forwardRecordSummary(repos, c.get('principal'), q, env.UTC_OFFSET_MIN));
  });

  /** A vehicle's forwarding: every platform it is bound to, with the link, the blacklist and what was sent. */
  router.get('/forwardLog/getVehicle', async (c) => {
    const principal = c.get('principal');
    const q = parseWith(VehicleQuery, c.req.query());
    const vehicle = q.vehicleId
      ? (await vehiclesById(principal, [q.vehicleId]))[0]
      : await requireVehicle(repos, principal, { vin: q.vin });
    if (!vehicle) throw notFound(commonText('vehicleMissing', { id: String(q.vehicleId) }));
    const vehicleId = String(vehicle.id);
    const bound = await bindings().all(principal, { ...ALL, filters: [equal('vehicleId', vehicleId)] });
    const barred = await blacklist().all(principal, { ...ALL, filters: [equal('vehicleId', vehicleId)] });
    const records = await repos.get('forwardRecord').all(principal, { ...ALL, filters: [equal('vehicleId', vehicleId)] });
    const platformIds = [...new Set([...bound, ...records].map((r) => String(r.forwardPlatformId)))];
    const list = platformIds.length ? await platforms().all(principal, ALL, [inArray(platforms().columns.id!, platformIds)]) : [];
    const allBarred = barred.some((b) => !b.forwardPlatformId);
    return data(c, {
      vehicleId, vin: vehicle.vin, plateNumber: vehicle.plateNumber ?? null,
      platforms: list.map((p) => {
        const id = String(p.id);
        const binding = bound.find((b) => String(b.forwardPlatformId) === id);
        const record = records.find((r) => String(r.forwardPlatformId) === id);
        return {
          forwardPlatformId: id, platformName: p.platformName, forwardStatus: p.forwardStatus, linkState: p.linkState, linkError: p.linkError ?? null,
          bound: Boolean(binding), startDate: binding?.startDate ?? null,
          blacklisted: allBarred || barred.some((b) => String(b.forwardPlatformId) === id),
          framesSent: record?.framesSent ?? '0', realtimeSent: record?.realtimeSent ?? '0', reissueSent: record?.reissueSent ?? '0',
          framesAcked: record?.framesAcked ?? '0', backlogSeconds: record?.backlogSeconds ?? 0,
          lastFrameTime: record?.lastFrameTime ?? null, lastSendTime: record?.lastSendTime ?? null, lastError: record?.lastError ?? null,
        };
      }),
    });
  });

  return router;
}
