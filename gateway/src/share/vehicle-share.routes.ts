import { createRoute, z } from '@hono/zod-openapi';
import { entities, formatDateTime, idString, VehicleRunState } from '@wdiov/contracts';
import type { Repositories } from '../crud/repositories.ts';
import { systemPrincipal } from '../crud/principal.ts';
import { notFound, unauthorized } from '../lib/api-error.ts';
import { answers, jsonBody } from '../lib/contract.ts';
import { createRouter } from '../lib/create-app.ts';
import { data } from '../lib/envelope.ts';
import { crudText } from '../lib/texts/crud-text.ts';
import { statsText } from '../lib/texts/stats-text.ts';
import type { LatestState } from '../live/latest-state.ts';
import { optionalText } from '../routes/base/inputs.ts';
import { VEHICLE_SHARE_MAX_HOURS, type VehicleShares } from './vehicle-shares.ts';

/** Share tokens travel in this query parameter (the shared page is a plain URL). */
export const VEHICLE_SHARE_PARAM = 'share';
/** The console's page a link opens. */
export const VEHICLE_SHARE_PAGE = '/share/vehicle';

const hoursError = () => statsText('shareHours', { max: VEHICLE_SHARE_MAX_HOURS });
const CreateBody = z.object({
  vehicleId: idString,
  hours: z.coerce.number({ error: hoursError }).int({ error: hoursError }).min(1, { error: hoursError }).max(VEHICLE_SHARE_MAX_HOURS, { error: hoursError }).default(24),
  remark: optionalText(100, { zh: '备注', en: 'The remark' }),
}).openapi('VehicleShareCreate');

const LinkRow = z.object({
  id: z.string(), vehicleId: z.string(), vin: z.string(), remark: z.string(), createTime: z.string(), expiresAt: z.string(), revoked: z.boolean(), active: z.boolean(),
}).openapi('VehicleShareLink');

const SharedPosition = z.object({
  vin: z.string(), plateNumber: z.string(),
  /** WGS-84, as the terminal sends it; null before the first fix. */
  lng: z.number().nullable(), lat: z.number().nullable(),
  speedKmh: z.number().nullable(), heading: z.number(), state: z.number().int(), online: z.boolean(),
  /** Terminal time of the position, or empty before the first one. */
  time: z.string(), expiresAt: z.string(),
}).openapi('VehicleSharePosition');

const create = createRoute({
  method: 'post', path: '/vehicleShare/create', tags: ['vehicleShare'], summary: 'Makes an expiring read-only link to one vehicle\'s live position',
  request: { body: jsonBody(CreateBody) },
  responses: answers(z.object({ id: z.string(), token: z.string(), expiresAt: z.string(), path: z.string() })),
});
const list = createRoute({
  method: 'get', path: '/vehicleShare/list', tags: ['vehicleShare'], summary: 'The tenant\'s vehicle share links, of one vehicle when named',
  request: { query: z.object({ vehicleId: idString.optional() }) },
  responses: answers(z.array(LinkRow)),
});
const revoke = createRoute({
  method: 'post', path: '/vehicleShare/revoke', tags: ['vehicleShare'], summary: 'Ends a vehicle share link before it expires',
  request: { query: z.object({ id: idString }) },
  responses: answers(z.boolean()),
});
const position = createRoute({
  method: 'get', path: '/vehicleShare/position', tags: ['vehicleShare'], summary: 'The shared vehicle\'s latest position, read through the link\'s token without signing in',
  request: { query: z.object({ [VEHICLE_SHARE_PARAM]: z.string().optional() }) },
  responses: answers(SharedPosition),
});

const numberOr = (v: unknown) => (typeof v === 'number' ? v : null);

/**
 * A vehicle's position shared by link: create, list and revoke signed in (create and revoke are
 * writes, administrators only by the access policy; the vehicle must be one the caller sees),
 * and the position through the link's token, which opens that one vehicle and nothing else.
 */
export function vehicleShareRoutes(deps: { repos: Repositories; utcOffsetMin: number }, latest: LatestState, shares: VehicleShares) {
  const { repos, utcOffsetMin } = deps;
  const vehicles = repos.get('vehicle');
  const router = createRouter();
  const time = (d: Date) => formatDateTime(d, utcOffsetMin);

  router.openapi(create, async (c) => {
    const principal = c.get('principal');
    const input = c.req.valid('json');
    const vehicle = await vehicles.findRow(principal, input.vehicleId);
    if (!vehicle) throw notFound(crudText('missing', { label: entities.vehicle.title, id: input.vehicleId }));
    const link = await shares.mint({ tenantId: principal.tenantId, userId: principal.userId, vehicleId: input.vehicleId, vin: String(vehicle.vin), hours: input.hours, remark: input.remark });
    return data(c, { id: link.id, token: link.token, expiresAt: time(link.expiresAt), path: `${VEHICLE_SHARE_PAGE}?${VEHICLE_SHARE_PARAM}=${link.token}` });
  });

  router.openapi(list, async (c) => {
    const now = Date.now();
    const rows = await shares.list(c.get('principal').tenantId, c.req.valid('query').vehicleId);
    return data(c, rows.map((s) => ({
      id: String(s.id), vehicleId: String(s.vehicleId), vin: s.vin, remark: s.remark ?? '', createTime: time(s.createTime), expiresAt: time(s.expiresAt),
      revoked: s.revokedAt !== null, active: s.revokedAt === null && s.expiresAt.getTime() > now,
    })));
  });

  router.openapi(revoke, async (c) => {
    if (!(await shares.revoke(c.get('principal').tenantId, c.req.valid('query').id))) throw notFound(statsText('shareMissing'));
    return data(c, true);
  });

  router.openapi(position, async (c) => {
    const shared = await shares.vehicleOf(c.req.valid('query')[VEHICLE_SHARE_PARAM]);
    // The link works while its vehicle is still the tenant's, under the VIN it was made for.
    const vehicle = shared && (await vehicles.findRow(systemPrincipal(shared.tenantId), shared.vehicleId));
    if (!shared || !vehicle || vehicle.vin !== shared.vin) throw unauthorized(statsText('shareInvalid'));
    const t = latest.get(shared.vin);
    const live = t && t.tenantId === shared.tenantId ? t : undefined;
    return data(c, {
      vin: shared.vin, plateNumber: String(vehicle.plateNumber ?? ''),
      lng: live?.lng ?? null, lat: live?.lat ?? null, speedKmh: numberOr(live?.speedKmh), heading: live?.heading ?? 0,
      state: live?.state ?? VehicleRunState.offline, online: Boolean(live && live.state !== VehicleRunState.offline), time: live ? time(new Date(live.ts)) : '', expiresAt: time(shared.expiresAt),
    });
  });

  return router;
}
