import { vehicleTransferRoute } from '@wdiov/contracts/api/vehicle-transfer.route';
import { and, eq } from 'drizzle-orm';
import { ADMIN_TENANT_ID, type EntityName } from '@wdiov/contracts';
import { routeOf } from '../../lib/contract.ts';
import { createRouter } from '../../lib/create-app.ts';
import { badRequest, forbidden, notFound } from '../../lib/api-error.ts';
import { data } from '../../lib/envelope.ts';
import { isPlatformAdministrator, systemPrincipal } from '../../crud/principal.ts';
import { commonText } from '../../lib/texts/common-text.ts';
import { vehicleText } from '../../lib/texts/vehicle-text.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';

/** The rows that tie a vehicle to its tenant's own set-up: they stay behind (removed) when it moves. */
const BINDINGS: readonly EntityName[] = ['forwardPlatformVehicle', 'forwardBlacklist', 'electronicFenceVehicle', 'teamVehicle'];

/** References of a vehicle to rows of its tenant that the new tenant does not have: cleared. */
const CLEARED = ['terminalId', 'customerId', 'distributorId', 'salesRegionId', 'batteryPackId'] as const;

/**
 * A VIN belongs to one tenant of the whole platform, so a vehicle changes hands only here:
 * the platform administrator moves it, with its organisation and model in the new tenant. Its
 * history stays where it was recorded; its bindings to the old tenant's platforms, fences and
 * teams are removed, and its terminal and other references to old-tenant rows cleared.
 */
export function vehicleTransferRoutes({ repos, db }: BespokeDeps) {
  const router = createRouter();
  router.openapi(routeOf(vehicleTransferRoute), async (c) => {
    const principal = c.get('principal');
    if (!isPlatformAdministrator(principal)) throw forbidden(vehicleText('transferAdminOnly'));
    const body = c.req.valid('json');
    const vehicles = repos.get('vehicle');
    const v = vehicles.columns;
    const [stored] = await vehicles.db.select({ tenantId: v.tenantId! }).from(vehicles.table).where(and(eq(v.id!, body.id), eq(v.isDeleted!, 0))).limit(1);
    if (!stored) throw notFound(commonText('vehicleMissing', { id: body.id }));
    const from = String(stored.tenantId);
    if (from === body.tenantId) throw badRequest(`${vehicleText('transferSameTenant')} [tenantId]`);
    const tenants = repos.get('tenant');
    const [target] = await tenants.db.select({ id: tenants.columns.id! }).from(tenants.table)
      .where(and(eq(tenants.columns.tenantId!, body.tenantId), eq(tenants.columns.isDeleted!, 0))).limit(1);
    if (!target && body.tenantId !== ADMIN_TENANT_ID) throw badRequest(`${vehicleText('transferNoTenant', { id: body.tenantId })} [tenantId]`);
    const there = systemPrincipal(body.tenantId);
    // The organisation and model must be the new tenant's (checked there, as a submit of that tenant is).
    const moved = await vehicles.checkedUpdate(there, body.id, { orgId: body.orgId, vehicleModelId: body.vehicleModelId });
    const cleared = Object.fromEntries(CLEARED.filter((k) => v[k]).map((k) => [k, null]));
    await db.transaction(async (tx) => {
      await tx.update(vehicles.table).set({ ...moved, ...cleared, tenantId: body.tenantId, updateUser: principal.userId, updateTime: new Date() }).where(eq(v.id!, body.id));
      for (const name of BINDINGS) {
        const r = repos.get(name);
        await tx.update(r.table).set({ isDeleted: 1 }).where(and(eq(r.columns.vehicleId!, body.id), eq(r.columns.tenantId!, from)));
      }
    });
    const here = systemPrincipal(from);
    for (const name of BINDINGS) repos.get(name).written(here);
    vehicles.written(here);
    vehicles.written(there);
    vehicles.record({ principal: here, action: 'transfer', id: body.id, changes: { tenantId: [from, body.tenantId], orgId: body.orgId, vehicleModelId: body.vehicleModelId } });
    return data(c, { id: body.id, tenantId: body.tenantId });
  });
  return router;
}
