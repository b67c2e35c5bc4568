import { sql } from 'drizzle-orm';
import { entityByName } from '@wdiov/contracts';
import { queryRows, type Db } from '../db/client.ts';

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

interface Waiter {
  resolve(ref: VehicleRef | null): void;
  reject(err: unknown): void;
}

/**
 * VIN → vehicle, for terminals logging in. Answers from a short cache: a fleet of terminals
 * reconnecting after a gateway restart must not become a query storm, and a VIN added in the
 * console is known within seconds (misses are cached only briefly). VINs asked for in the same
 * turn of the event loop are looked up together, in one query.
 */
export class VehicleDirectory {
  private cache = new Map<string, { at: number; ref: VehicleRef | null }>();
  private waiting = new Map<string, Waiter[]>();
  private scheduled = false;
  /** Look-up queries run (for tests and the benchmark). */
  queries = 0;

  constructor(private readonly db: Db) {}

  find(vin: string): Promise<VehicleRef | null> {
    const hit = this.cache.get(vin);
    if (hit && Date.now() - hit.at < (hit.ref ? HIT_TTL_MS : MISS_TTL_MS)) return Promise.resolve(hit.ref);
    return new Promise((resolve, reject) => {
      const list = this.waiting.get(vin);
      if (list) list.push({ resolve, reject });
      else this.waiting.set(vin, [{ resolve, reject }]);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.lookUp());
      }
    });
  }

  invalidate(): void {
    this.cache.clear();
  }

  private async lookUp(): Promise<void> {
    this.scheduled = false;
    const batch = this.waiting;
    this.waiting = new Map();
    const vins = [...batch.keys()];
    for (let i = 0; i < vins.length; i += LOOKUP_CHUNK) {
      const chunk = vins.slice(i, i + LOOKUP_CHUNK);
      try {
        const found = await this.query(chunk);
        const at = Date.now();
        for (const vin of chunk) {
          const ref = found.get(vin) ?? null;
          this.cache.set(vin, { at, ref });
          for (const w of batch.get(vin)!) w.resolve(ref);
        }
      } catch (err) {
        for (const vin of chunk) for (const w of batch.get(vin)!) w.reject(err);
      }
    }
  }

  private async query(vins: string[]): Promise<Map<string, VehicleRef>> {
    const found = new Map<string, VehicleRef>();
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
