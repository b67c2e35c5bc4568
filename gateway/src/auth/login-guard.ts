import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loginFailures } from '../db/schema/auth.ts';

export const MAX_FAILURES = 5;
/** The default lock (LOGIN_LOCK_MINUTES). */
export const LOCK_MS = 30 * 60_000;

export interface FailureRecord {
  failures: number;
  lockedUntil: Date | null;
}

/** Until when a record locks its account (null: not locked). */
export const lockedUntil = (record: FailureRecord | undefined): Date | null =>
  record?.lockedUntil && record.lockedUntil.getTime() > Date.now() ? record.lockedUntil : null;

/**
 * Counts consecutive failed sign-ins per tenant and account. The fifth failure in a row locks
 * the account for `lockMs` (30 minutes by default); while locked, no password is even checked.
 * The lock ends on its own; a success resets the count.
 */
export class LoginGuard {
  constructor(
    private readonly db: Db,
    private readonly lockMs = LOCK_MS,
  ) {}

  private key(tenantId: string, account: string) {
    return `${tenantId}:${account.toLowerCase()}`;
  }

  /** The account's failures since its last success (undefined when there are none). */
  async record(tenantId: string, account: string): Promise<FailureRecord | undefined> {
    const [row] = await this.db.select({ failures: loginFailures.failures, lockedUntil: loginFailures.lockedUntil })
      .from(loginFailures).where(eq(loginFailures.tenantAccount, this.key(tenantId, account)));
    return row;
  }

  async lockedUntil(tenantId: string, account: string): Promise<Date | null> {
    return lockedUntil(await this.record(tenantId, account));
  }

  /** Records a failure atomically (concurrent wrong tries all count); answers whether it now locks. */
  async fail(tenantId: string, account: string): Promise<boolean> {
    const key = this.key(tenantId, account);
    const now = new Date();
    const [row] = await this.db
      .insert(loginFailures)
      .values({ tenantAccount: key, failures: 1, lastFailureAt: now })
      .onConflictDoUpdate({
        target: loginFailures.tenantAccount,
        // An expired lock starts a fresh count.
        set: {
          failures: sql`CASE WHEN ${loginFailures.lockedUntil} IS NOT NULL AND ${loginFailures.lockedUntil} <= now() THEN 1 ELSE ${loginFailures.failures} + 1 END`,
          lockedUntil: sql`CASE WHEN ${loginFailures.lockedUntil} IS NOT NULL AND ${loginFailures.lockedUntil} <= now() THEN NULL ELSE ${loginFailures.lockedUntil} END`,
          lastFailureAt: now,
        },
      })
      .returning();
    if (row && row.failures >= MAX_FAILURES) {
      await this.db.update(loginFailures).set({ lockedUntil: new Date(Date.now() + this.lockMs) }).where(eq(loginFailures.tenantAccount, key));
      return true;
    }
    return false;
  }

  async reset(tenantId: string, account: string): Promise<void> {
    await this.db.delete(loginFailures).where(eq(loginFailures.tenantAccount, this.key(tenantId, account)));
  }
}
