import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { vehicleShare } from '../db/schema/index.ts';
import { nextId } from '../lib/ids.ts';
import { signShareToken, verifyShareToken } from '../lib/share-token.ts';

/**
 * Read-only share links of one vehicle's live position. The token is an HS512 JWT of its own
 * type (`vehicle_share`), so it is never taken for an access token or a large-screen link (nor
 * they for it); it names a row of wdiov_vehicle_share, which decides whether the link still
 * works (revoked, expired). A valid link gives one vehicle of one tenant, nothing more.
 */
const TYPE = 'vehicle_share';
/** Longest life of a link, hours (30 days). */
export const VEHICLE_SHARE_MAX_HOURS = 720;

export interface VehicleShareRow {
  id: string; tenantId: string; vehicleId: string; vin: string; createTime: Date; expiresAt: Date; revokedAt: Date | null; remark: string | null;
}

/** What a working link opens: its vehicle, and until when. */
export interface SharedVehicle { tenantId: string; vehicleId: string; vin: string; expiresAt: Date }

export class VehicleShares {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
    /** Whether the link's tenant is still enabled and unexpired (a link works no longer than its tenant). */
    private readonly tenantUsable: (tenantId: string) => Promise<boolean> = async () => true,
  ) {}

  async mint(link: { tenantId: string; userId: string; vehicleId: string; vin: string; hours: number; remark?: string | undefined }, now = Date.now()) {
    const id = nextId();
    const expiresAt = new Date(now + link.hours * 3_600_000);
    await this.db.insert(vehicleShare).values({
      id, tenantId: link.tenantId, vehicleId: link.vehicleId, vin: link.vin, createUser: link.userId, createTime: new Date(now), expiresAt, remark: link.remark ?? null,
    });
    const token = await signShareToken(this.secret, TYPE, { sid: id, tenantId: link.tenantId, expiresAt, now, extra: { vin: link.vin } });
    return { id, token, expiresAt };
  }

  /** The vehicle of a working link; null for a bad, expired or revoked token. */
  async vehicleOf(token: string | undefined, now = Date.now()): Promise<SharedVehicle | null> {
    const claims = await verifyShareToken(this.secret, TYPE, token);
    if (!claims || typeof claims.vin !== 'string') return null;
    const [row] = await this.db.select().from(vehicleShare)
      .where(and(eq(vehicleShare.id, claims.sid), eq(vehicleShare.tenantId, claims.tenant_id), eq(vehicleShare.vin, claims.vin),
        isNull(vehicleShare.revokedAt), gt(vehicleShare.expiresAt, new Date(now))));
    if (!row || !(await this.tenantUsable(row.tenantId))) return null;
    return { tenantId: row.tenantId, vehicleId: String(row.vehicleId), vin: row.vin, expiresAt: row.expiresAt };
  }

  /** The tenant's links, newest first; of one vehicle when named. */
  list(tenantId: string, vehicleId?: string): Promise<VehicleShareRow[]> {
    return this.db.select().from(vehicleShare)
      .where(and(eq(vehicleShare.tenantId, tenantId), vehicleId ? eq(vehicleShare.vehicleId, vehicleId) : undefined))
      .orderBy(desc(vehicleShare.createTime)).limit(200) as Promise<VehicleShareRow[]>;
  }

  /** Revokes a link of the tenant; false when there is none with that id (or it is revoked already). */
  async revoke(tenantId: string, id: string, now = Date.now()): Promise<boolean> {
    const rows = await this.db.update(vehicleShare).set({ revokedAt: new Date(now) })
      .where(and(eq(vehicleShare.id, id), eq(vehicleShare.tenantId, tenantId), isNull(vehicleShare.revokedAt))).returning({ id: vehicleShare.id });
    return rows.length > 0;
  }
}
