import { gt } from 'drizzle-orm';
import { entities } from '@wdiov/contracts';
import type { Db } from '../db/client.ts';
import { revokedAccessTokens } from '../db/schema/auth.ts';

const REFRESH_MS = 5_000;
/** An ended family is marked by one row under this prefix instead of one per access token. */
const FAMILY = 'fam:';
/** The longest an access token can live (the client setting's bound): a family mark outlives them all. */
const LONGEST_ACCESS_MS = (entities.client.fields.accessTokenValidity.max ?? 86400 * 30) * 1000;

/**
 * Access tokens signed out before they expire (one by one, or a whole refresh family), held in memory and reloaded every few seconds,
 * so checking a request costs no query. A sign-out on this gateway counts at once; on another
 * replica within the reload interval.
 */
export class Revocations {
  private jtis = new Set<string>();
  private loadedAt = 0;
  private loading?: Promise<void>;

  constructor(private readonly db: Db) {}

  add(jti: string): void {
    this.jtis.add(jti);
  }

  /** Ends every access token issued from a refresh family (sign-out, reuse of a spent refresh token). */
  endFamily(familyId: string, reason: string): Promise<void> {
    return this.endFamilies([familyId], reason);
  }

  /** Ends the access tokens of several refresh families at once (a forced logout of every sign-in of a user). */
  async endFamilies(familyIds: readonly string[], reason: string): Promise<void> {
    if (familyIds.length === 0) return;
    const expiresAt = new Date(Date.now() + LONGEST_ACCESS_MS);
    await this.db.insert(revokedAccessTokens).values(familyIds.map((f) => ({ jti: FAMILY + f, expiresAt, reason }))).onConflictDoNothing();
    for (const f of familyIds) this.jtis.add(FAMILY + f);
  }

  private async reload(): Promise<void> {
    const rows = await this.db.select({ jti: revokedAccessTokens.jti }).from(revokedAccessTokens).where(gt(revokedAccessTokens.expiresAt, new Date()));
    const next = new Set(rows.map((r) => r.jti));
    this.jtis = next;
    this.loadedAt = Date.now();
  }

  /** Whether an access token was signed out, or its refresh family ended. */
  async isRevoked(jti: string, familyId?: string): Promise<boolean> {
    if (Date.now() - this.loadedAt > REFRESH_MS) {
      this.loading ??= this.reload().finally(() => (this.loading = undefined));
      await this.loading;
    }
    return this.jtis.has(jti) || (familyId !== undefined && this.jtis.has(FAMILY + familyId));
  }
}
