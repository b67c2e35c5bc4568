import { and, eq, getTableColumns, ilike, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DataScopes } from '../../auth/data-scope.ts';
import type { Repositories } from '../../crud/repositories.ts';
import { statsFleetDaily, statsMember } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/types.ts';
import type { Fleet } from '../../stats/stats-queries.ts';
import { requireVehicle } from './fleet.ts';

const likeText = (text: string) => `%${text.replace(/[%_\\]/g, '\\$&')}%`;
const summaryColumns = getTableColumns(statsFleetDaily) as unknown as Record<string, PgColumn>;
const memberColumns = getTableColumns(statsMember) as unknown as Record<string, PgColumn>;

/**
 * The caller's vehicles as a statistics Fleet: tenant, logical delete and data scope from the
 * vehicle repository, narrowed by the screen's vin/plate filters (partial matches), or to one
 * vehicle the caller may see (a 404 otherwise). Without such a filter the same data scope is
 * also given over the fleet summary's cells (its creating dept and user columns), so the
 * fleet's figures can be read from there.
 */
export function statsFleet(repos: Repositories, dataScopes: DataScopes) {
  const vehicle = repos.get('vehicle');
  return {
    async of(c: Ctx, filter: { vin?: string; plateNumber?: string } = {}): Promise<Fleet> {
      const principal = c.get('principal');
      const narrow: (SQL | undefined)[] = [await vehicle.scope(principal)];
      if (filter.vin) narrow.push(ilike(vehicle.columns.vin!, likeText(filter.vin.toUpperCase())));
      if (filter.plateNumber) narrow.push(ilike(vehicle.columns.plateNumber!, likeText(filter.plateNumber)));
      const fleet: Fleet = { tenantId: principal.tenantId, where: and(...narrow) };
      if (narrow.length > 1) return fleet;
      const [summary, member] = await Promise.all([
        dataScopes.condition(vehicle.entity, summaryColumns, principal), dataScopes.condition(vehicle.entity, memberColumns, principal),
      ]);
      return { ...fleet, cells: { summary, member } };
    },
    async one(c: Ctx, vin: string): Promise<{ fleet: Fleet; vin: string; plateNumber: string }> {
      const principal = c.get('principal');
      const row = await requireVehicle(repos, principal, { vin });
      const fleet = { tenantId: principal.tenantId, where: and(await vehicle.scope(principal), eq(vehicle.columns.vin!, vin)) };
      return { fleet, vin, plateNumber: String(row.plateNumber ?? '') };
    },
  };
}
