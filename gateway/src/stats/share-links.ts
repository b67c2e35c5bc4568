import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { statsShare } from '../db/schema/index.ts';
import { nextId } from '../lib/ids.ts';
import { signShareToken, verifyShareToken } from '../lib/share-token.ts';

/**
 * Read-only share links of the large screen. The token is an HS512 JWT of its own type
 * (`large_screen_share`), so it is never taken for an access token (and an access token never
 * for it); it names a row of wdiov_stats_share, which decides whether the link still works
 * (revoked, expired). A valid link gives its tenant, nothing more.
 */
const TYPE = 'large_screen_share';
/** Longest life of a link, hours (30 days). */
export const SHARE_MAX_HOURS = 720;

export interface ShareLink { id: string; tenantId: string; createTime: Date; expiresAt: Date; revokedAt: Date | null; remark: string | null }

export class ShareLinks {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
    /** Whether the link's tenant is still enabled and unexpired (a link works no longer than its tenant). */
    private readonly tenantUsable: (tenantId: string) => Promise<boolean> = async () => true,
  ) {}

  async mint(tenantId: string, userId: string, hours: number, remark: string | undefined, now = Date.now()): Promise<{ id: string; token: string; expiresAt: Date }> {
    const id = nextId();
    const expiresAt = new Date(now + hours * 3_600_000);
    await this.db.insert(statsShare).values({ id, tenantId, createUser: userId, createTime: new Date(now), expiresAt, remark: remark ?? null });
    return { id, token: await signShareToken(this.secret, TYPE, { sid: id, tenantId, expiresAt, now }), expiresAt };
  }

  /** The tenant of a working link; null for a bad, expired or revoked token. */
  async tenantOf(token: string | undefined, now = Date.now()): Promise<string | null> {
    const claims = await verifyShareToken(this.secret, TYPE, token);
    if (!claims) return null;
    const [row] = await this.db.select({ tenantId: statsShare.tenantId }).from(statsShare)
      .where(and(eq(statsShare.id, claims.sid), eq(statsShare.tenantId, claims.tenant_id), isNull(statsShare.revokedAt), gt(statsShare.expiresAt, new Date(now))));
    return row && (await this.tenantUsable(row.tenantId)) ? row.tenantId : null;
  }

  list(tenantId: string): Promise<ShareLink[]> {
    return this.db.select().from(statsShare).where(eq(statsShare.tenantId, tenantId)).orderBy(desc(statsShare.createTime)).limit(200) as Promise<ShareLink[]>;
  }

  /** Revokes a link of the tenant; false when there is none with that id. */
  async revoke(tenantId: string, id: string, now = Date.now()): Promise<boolean> {
    const rows = await this.db.update(statsShare).set({ revokedAt: new Date(now) })
      .where(and(eq(statsShare.id, id), eq(statsShare.tenantId, tenantId), isNull(statsShare.revokedAt))).returning({ id: statsShare.id });
    return rows.length > 0;
  }
}
