import type { AccessPolicy } from '../../auth/access-policy.ts';
import { MemoCache } from '../../crud/memo-cache.ts';
import type { Principal } from '../../crud/principal.ts';

/** Other replicas' grant changes reach this one within the access policy's own TTL. */
const TTL_MS = 30_000;

/**
 * Answers that depend only on the caller's tenant and role set (menu routes, buttons), built once
 * per role set: a shift of operators signing in shares a handful of role sets. Dropped whenever
 * the access policy drops its caches (a grant, menu, role, top menu, tenant or package written).
 */
export class RoleSetCache<T> extends MemoCache<T> {
  constructor(policy: AccessPolicy) {
    super(TTL_MS);
    policy.onInvalidate(() => this.clear());
  }

  static keyOf(principal: Principal, ...parts: string[]): string {
    return [principal.tenantId, principal.roleIds.slice().sort().join(','), principal.roleAliases.slice().sort().join(','), ...parts].join('|');
  }
}
