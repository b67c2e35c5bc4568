import type { LRUCache } from 'lru-cache';
import type { Principal } from '../crud/principal.ts';
import { ttlCache } from '../lib/ttl-cache.ts';

const MAX_ENTRIES = 20_000;
/** A bound on memory only: a token answers until its own `exp` (checked on every read). */
const MAX_TOKEN_LIFE_MS = 24 * 3_600_000;

/**
 * Access tokens already verified, remembered until they expire: checking an HS512 signature
 * and parsing claims on every call costs more than the call itself. Only the signature check
 * is skipped; revocation is still asked on every request, so a sign-out counts at once.
 */
export class TokenCache {
  private readonly byToken: LRUCache<string, Principal> = ttlCache({ ttlMs: MAX_TOKEN_LIFE_MS, max: MAX_ENTRIES });

  /** The principal of a token verified before and not yet expired (by its own `exp`). */
  get(token: string, nowS = Date.now() / 1000): Principal | undefined {
    const hit = this.byToken.get(token);
    if (!hit) return undefined;
    if (hit.exp > nowS) return hit;
    this.byToken.delete(token);
    return undefined;
  }

  set(token: string, principal: Principal): void {
    // Shared by every request of the token: nobody may change it.
    Object.freeze(principal.roleIds);
    Object.freeze(principal.deptIds);
    Object.freeze(principal.roleAliases);
    this.byToken.set(token, Object.freeze(principal));
  }

  get size(): number {
    return this.byToken.size;
  }
}
