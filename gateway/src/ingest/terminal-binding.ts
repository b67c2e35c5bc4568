import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { entities } from '@wdiov/contracts';
import { ICCID } from '@wdiov/contracts/entities/base/patterns';
import { queryRows, type Db } from '../db/client.ts';
import type { VehicleRef } from './vehicle-directory.ts';

/** The ICCID field of a login as the terminal entity takes it (the codec reads any 20 bytes). */
const IccidSchema = z.string().refine((v) => ICCID.pattern?.regex.test(v) === true);

const BINDING_TABLE = 'wdiov_vehicle_terminal_binding';
/**
 * How long a verdict on another ICCID stands: a terminal retrying (or a script repeating) a refused
 * login costs no query meanwhile, and a terminal change an operator records counts within this.
 */
const VERDICT_TTL_MS = 10_000;
const MAX_VERDICTS = 10_000;

export interface TerminalBindingStats {
  /** First logins whose ICCID was recorded. */
  recorded: number;
  /** Logins accepted with another ICCID: after a recorded terminal change, or while binding is off. */
  changed: number;
  /** Logins refused for their ICCID (binding on). */
  refused: number;
}

/**
 * Which terminal may log a vehicle in: the one whose ICCID the vehicle's first login brought, until an
 * operator records a terminal change (terminalChange naming a terminal of the new ICCID, recorded after
 * the binding). With `enforce` off the ICCID is recorded and a different one only counted.
 * A login of the bound terminal is answered from the directory's row, without a query.
 */
export class TerminalBindings {
  readonly stats: TerminalBindingStats = { recorded: 0, changed: 0, refused: 0 };
  /** Recent verdicts on ICCIDs other than the bound one, by vehicle id and ICCID. */
  private readonly verdicts = new Map<string, { at: number; admitted: boolean }>();

  constructor(
    private readonly db: Db,
    readonly enforce: boolean,
    /** Told of each refusal decided (not of those repeated from a standing verdict). */
    private readonly onRefused?: (vehicle: VehicleRef, iccid: string) => void,
  ) {}

  /** true: the login may go on; a promise only when the ICCID is not the one already known. */
  admits(vehicle: VehicleRef, iccid: string): boolean | Promise<boolean> {
    if (vehicle.terminalIccid === iccid) return true;
    const key = `${vehicle.vehicleId}:${iccid}`;
    const standing = this.verdicts.get(key);
    if (standing && Date.now() - standing.at < VERDICT_TTL_MS) return this.changed(standing.admitted);
    return this.decide(vehicle, iccid).then((admitted) => {
      if (vehicle.terminalIccid === iccid) return admitted;
      if (this.verdicts.size >= MAX_VERDICTS) this.verdicts.clear();
      this.verdicts.set(key, { at: Date.now(), admitted });
      if (!admitted) this.onRefused?.(vehicle, iccid);
      return admitted;
    });
  }

  /** A vehicle, terminal or terminal change was written: verdicts are decided again. */
  invalidate(): void {
    this.verdicts.clear();
  }

  private async decide(vehicle: VehicleRef, iccid: string): Promise<boolean> {
    // An ICCID no terminal could have is neither recorded nor, while binding is on, let in.
    if (!IccidSchema.safeParse(iccid).success) return this.changed(!this.enforce);
    const bound = await this.recordFirst(vehicle, iccid);
    vehicle.terminalIccid = bound.iccid;
    if (bound.iccid === iccid) return true;
    if (!this.enforce) return this.changed(true);
    if (!(await this.changeRecorded(vehicle, iccid, bound.boundAt))) return this.changed(false);
    await queryRows(this.db, sql`UPDATE ${sql.identifier(BINDING_TABLE)} SET iccid = ${iccid}, bound_at = now() WHERE vehicle_id = ${vehicle.vehicleId}::bigint`);
    vehicle.terminalIccid = iccid;
    return this.changed(true);
  }

  private changed(admitted: boolean): boolean {
    if (admitted) this.stats.changed++;
    else this.stats.refused++;
    return admitted;
  }

  /** The vehicle's binding: this ICCID when it had none (another gateway may have recorded one first). */
  private async recordFirst(vehicle: VehicleRef, iccid: string): Promise<{ iccid: string; boundAt: Date }> {
    const table = sql.identifier(BINDING_TABLE);
    const [row] = await queryRows<{ iccid: string; bound_at: Date | string; fresh: boolean }>(this.db, sql`
      WITH added AS (
        INSERT INTO ${table} (vehicle_id, vin, iccid, bound_at)
        VALUES (${vehicle.vehicleId}::bigint, ${vehicle.vin}, ${iccid}, now())
        ON CONFLICT (vehicle_id) DO NOTHING RETURNING iccid, bound_at
      )
      SELECT iccid, bound_at, true AS fresh FROM added
      UNION ALL SELECT iccid, bound_at, false AS fresh FROM ${table} WHERE vehicle_id = ${vehicle.vehicleId}::bigint
      LIMIT 1`);
    if (!row) throw new Error(`terminal binding of ${vehicle.vin} not recorded`);
    if (row.fresh) this.stats.recorded++;
    return { iccid: row.iccid, boundAt: new Date(row.bound_at) };
  }

  /** Whether an operator recorded, since the binding, that the vehicle now carries a terminal of this ICCID. */
  private async changeRecorded(vehicle: VehicleRef, iccid: string, since: Date): Promise<boolean> {
    const rows = await queryRows(this.db, sql`
      SELECT 1 FROM ${sql.identifier(entities.terminalChange.table)} c
      JOIN ${sql.identifier(entities.terminal.table)} t ON t.id = c.new_terminal_id AND t.tenant_id = c.tenant_id AND t.is_deleted = 0
      WHERE c.vehicle_id = ${vehicle.vehicleId}::bigint AND c.tenant_id = ${vehicle.tenantId} AND c.is_deleted = 0
        AND t.iccid = ${iccid} AND c.create_time > ${since.toISOString()}::timestamptz
      LIMIT 1`);
    return rows.length > 0;
  }
}
