import { sql } from 'drizzle-orm';
import { entityByName } from '@wdiov/contracts';
import { queryRows, type Db } from '../db/client.ts';
import { CoalescingLoader } from '../db/coalescing-loader.ts';

export interface VehicleRef {
  tenantId: string;
  vehicleId: string;
  vin: string;
  plate: string;
  /** ICCID of the terminal the vehicle is bound to (terminal-binding.ts); absent before its first login. */
  terminalIccid?: string;
}

const HIT_TTL_MS = 60_000;
const MISS_TTL_MS = 10_000;
/** VINs per look-up query. */
const LOOKUP_CHUNK = 1000;

/**
 * VIN → vehicle, for terminals logging in. Answers from a short cache: a fleet of terminals
 * reconnecting after a gateway restart must not become a query storm, and a VIN added in the
 * console is known within seconds (misses are cached only briefly). VINs asked for while a
 * look-up runs are looked up together in the next one (see CoalescingLoader).
 */
export class VehicleDirectory {
  private cache = new Map<string, { at: number; ref: VehicleRef | null }>();
  private readonly loader = new CoalescingLoader<string, VehicleRef | null>((vin) => vin, (vins) => this.query(vins), null, LOOKUP_CHUNK);
  /** Look-up queries run (for tests and the benchmark). */
  queries = 0;

  constructor(private readonly db: Db) {}

  find(vin: string): Promise<VehicleRef | null> {
    const hit = this.cache.get(vin);
    if (hit && Date.now() - hit.at < (hit.ref ? HIT_TTL_MS : MISS_TTL_MS)) return Promise.resolve(hit.ref);
    return this.loader.load(vin).then((ref) => {
      this.cache.set(vin, { at: Date.now(), ref });
      return ref;
    });
  }

  invalidate(): void {
    this.cache.clear();
  }

  private async query(vins: string[]): Promise<Map<string, VehicleRef | null>> {
    const found = new Map<string, VehicleRef | null>();
    const entity = entityByName('vehicle');
    if (!entity) return found;
    this.queries++;
    // A VIN has one live row across the platform (unique index); the order keeps the answer stable regardless.
    const rows = await queryRows<{ id: string; tenant_id: string; vin: string; plate_number: string | null; iccid?: string | null }>(
      this.db,
      sql`SELECT v.id::text AS id, v.tenant_id, v.vin, v.plate_number, b.iccid FROM ${sql.identifier(entity.table)} v
        LEFT JOIN wdiov_vehicle_terminal_binding b ON b.vehicle_id = v.id
        WHERE v.vin = ANY(${sql.param(vins)}::text[]) AND v.is_deleted = 0 ORDER BY v.id`,
    );
    for (const row of rows) {
      if (found.has(row.vin)) continue;
      const ref: VehicleRef = { tenantId: row.tenant_id, vehicleId: row.id, vin: row.vin, plate: row.plate_number ?? '' };
      if (row.iccid) ref.terminalIccid = row.iccid;
      found.set(row.vin, ref);
    }
    return found;
  }
}
