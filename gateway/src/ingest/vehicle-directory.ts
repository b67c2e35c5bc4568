import { sql } from 'drizzle-orm';
import { entityByName } from '@wdiov/contracts';
import { queryRows, type Db } from '../db/client.ts';

export interface VehicleRef {
  tenantId: string;
  vehicleId: string;
  vin: string;
  plate: string;
}

const HIT_TTL_MS = 60_000;
const MISS_TTL_MS = 10_000;

/**
 * VIN → vehicle, for terminals logging in. Answers from a short cache: a fleet of terminals
 * reconnecting after a gateway restart must not become a query storm, and a VIN added in the
 * console is known within seconds (misses are cached only briefly).
 */
export class VehicleDirectory {
  private cache = new Map<string, { at: number; ref: VehicleRef | null }>();

  constructor(private readonly db: Db) {}

  async find(vin: string): Promise<VehicleRef | null> {
    const hit = this.cache.get(vin);
    if (hit && Date.now() - hit.at < (hit.ref ? HIT_TTL_MS : MISS_TTL_MS)) return hit.ref;
    const entity = entityByName('vehicle');
    let ref: VehicleRef | null = null;
    if (entity) {
      // The oldest live row wins should two tenants register the same VIN.
      const [row] = await queryRows<{ id: string; tenant_id: string; vin: string; plate_number: string | null }>(
        this.db,
        sql`SELECT id::text AS id, tenant_id, vin, plate_number FROM ${sql.identifier(entity.table)} WHERE vin = ${vin} AND is_deleted = 0 ORDER BY id LIMIT 1`,
      );
      if (row) ref = { tenantId: row.tenant_id, vehicleId: row.id, vin: row.vin, plate: row.plate_number ?? '' };
    }
    this.cache.set(vin, { at: Date.now(), ref });
    return ref;
  }

  invalidate(): void {
    this.cache.clear();
  }
}
