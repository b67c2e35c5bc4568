import { and, desc, eq, ne } from 'drizzle-orm';
import type { Repository } from '../../crud/repository.ts';
import type { Principal } from '../../crud/principal.ts';

/**
 * "Enabled" for oss and sms configurations, on the `status` column (1 enabled, 0 disabled).
 *
 * The generic engine stores status 1 on every add, so several rows can carry 1 at once (a fresh
 * add, or rows written before any enable). The rule that settles it: the active configuration
 * of a tenant is the status-1 row with the latest update_time. `enable` writes status 0 on all the
 * tenant's other rows and 1 (with a fresh update_time) on the chosen one, so after an enable the
 * chosen row is the only one marked 1; a later add becomes the active one until another enable.
 */

/** Enables one configuration of the caller's tenant and disables the rest; false when the id is not visible. */
export async function enableConfig(repo: Repository, principal: Principal, id: string): Promise<boolean> {
  // Visibility (tenant, logical delete, data scope) and the write guard, as the generic routes apply them.
  if (!(await repo.findRow(principal, id))) return false;
  await repo.scope(principal, true);
  const c = repo.columns;
  const stamp = { updateUser: principal.userId, updateTime: new Date() };
  // One transaction: a failure half-way must not leave the tenant with nothing (or two things) enabled.
  await repo.db.transaction(async (tx) => {
    await tx.update(repo.table).set({ status: 0, ...stamp }).where(and(repo.tenantScope(principal), ne(c.id!, id), eq(c.status!, 1)));
    await tx.update(repo.table).set({ status: 1, ...stamp }).where(and(repo.tenantScope(principal), eq(c.id!, id)));
  });
  repo.record({ principal, action: 'enable', id, changes: { status: 1 } });
  return true;
}

/** The active configuration of the caller's tenant, or undefined (the built-in provider is used then). */
export async function activeConfig(repo: Repository, principal: Principal): Promise<Record<string, unknown> | undefined> {
  const c = repo.columns;
  const [row] = await repo.db.select().from(repo.table)
    .where(and(repo.tenantScope(principal), eq(c.status!, 1)))
    .orderBy(desc(c.updateTime!), desc(c.id!))
    .limit(1);
  return row as Record<string, unknown> | undefined;
}
