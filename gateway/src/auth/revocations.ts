import { gt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { revokedAccessTokens } from '../db/schema/auth.ts';

const REFRESH_MS = 5_000;

/**
 * Access tokens signed out before they expire, held in memory and reloaded every few seconds,
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

  private async reload(): Promise<void> {
    const rows = await this.db.select({ jti: revokedAccessTokens.jti }).from(revokedAccessTokens).where(gt(revokedAccessTokens.expiresAt, new Date()));
    const next = new Set(rows.map((r) => r.jti));
    this.jtis = next;
    this.loadedAt = Date.now();
  }

  async isRevoked(jti: string): Promise<boolean> {
    if (Date.now() - this.loadedAt > REFRESH_MS) {
      this.loading ??= this.reload().finally(() => (this.loading = undefined));
      await this.loading;
    }
    return this.jtis.has(jti);
  }
}
