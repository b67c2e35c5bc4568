import { and, eq, ilike, type SQL } from 'drizzle-orm';
import type { Repositories } from '../../crud/repositories.ts';
import type { Ctx } from '../../lib/types.ts';
import type { Fleet } from '../../stats/stats-queries.ts';
import { requireVehicle } from './fleet.ts';

const likeText = (text: string) => `%${text.replace(/[%_\\]/g, '\\$&')}%`;

/**
 * The caller's vehicles as a statistics Fleet: tenant, logical delete and data scope from the
 * vehicle repository, narrowed by the screen's vin/plate filters (partial matches), or to one
 * vehicle the caller may see (a 404 otherwise).
 */
export function statsFleet(repos: Repositories) {
  const vehicle = repos.get('vehicle');
  return {
    async of(c: Ctx, filter: { vin?: string; plateNumber?: string } = {}): Promise<Fleet> {
      const principal = c.get('principal');
      const narrow: (SQL | undefined)[] = [await vehicle.scope(principal)];
      if (filter.vin) narrow.push(ilike(vehicle.columns.vin!, likeText(filter.vin.toUpperCase())));
      if (filter.plateNumber) narrow.push(ilike(vehicle.columns.plateNumber!, likeText(filter.plateNumber)));
      return { tenantId: principal.tenantId, where: and(...narrow) };
    },
    async one(c: Ctx, vin: string): Promise<{ fleet: Fleet; vin: string; plateNumber: string }> {
      const principal = c.get('principal');
      const row = await requireVehicle(repos, principal, { vin });
      const fleet = { tenantId: principal.tenantId, where: and(await vehicle.scope(principal), eq(vehicle.columns.vin!, vin)) };
      return { fleet, vin, plateNumber: String(row.plateNumber ?? '') };
    },
  };
}
