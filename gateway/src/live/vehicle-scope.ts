import { AlarmCardType } from '@wdiov/contracts';
import type { DataScopes } from '../auth/data-scope.ts';
import type { Principal } from '../crud/principal.ts';
import type { Repositories } from '../crud/repositories.ts';

/** The VINs a caller may see, or 'tenant' when their data scope does not narrow vehicles. */
export type VinScope = ReadonlySet<string> | 'tenant';

/** A resolved scope is read again after this long even without a change announced. */
const TTL_MS = 55_000;
/** Beyond this many principals, expired scopes are swept. */
const MAX_CACHED = 1000;

/** The rows each card type shows, whose data scope narrows the cards as it narrows their lists. */
export const CARD_RESOURCES: Record<number, string> = {
  [AlarmCardType.alarm]: 'vehicleAlarmData', [AlarmCardType.fault]: 'vehicleFaultData', [AlarmCardType.fence]: 'fenceAccessRecord',
};

export const inScope = (scope: VinScope, vin: string): boolean => scope === 'tenant' || scope.has(vin);

/** Where the socket asks which vehicles a principal may see (a test double stands in for it). */
export interface VinScopes {
  /** The VINs whose rows of `resource` (an alarm, fault or fence entity; the vehicles themselves by default) the principal sees. */
  vinsOf(principal: Principal, resource?: string): Promise<VinScope>;
  /** Called after the scopes were dropped: holders resolve them again. */
  onChange(listener: () => void): () => void;
  /** Something that decides scopes changed: drop them. */
  invalidate(): void;
}

/**
 * The engine's vehicle data scope held in memory, per principal: the same rows the vehicle
 * screens and REST calls read (DataScopes' condition on the vehicle table), resolved once and
 * then checked with a Set lookup per live message. Dropped when vehicles, depts, roles or data
 * scopes change (cache-invalidation.ts) and when the data-scope rules are dropped.
 */
export class VehicleScopes implements VinScopes {
  private readonly cache = new Map<string, { at: number; vins: Promise<VinScope> }>();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly repos: Repositories, private readonly dataScopes: DataScopes) {
    dataScopes.onInvalidate(() => this.drop());
  }

  private key(p: Principal): string {
    return [p.tenantId, p.userId, [...p.roleIds].sort().join(','), [...p.deptIds].sort().join(','), p.roleAliases.join(',')].join('|');
  }

  vinsOf(principal: Principal, resource = 'vehicle'): Promise<VinScope> {
    const key = `${resource}|${this.key(principal)}`;
    const now = Date.now();
    const hit = this.cache.get(key);
    if (hit && now - hit.at < TTL_MS) return hit.vins;
    // Principals who left keep no VIN sets alive.
    if (this.cache.size >= MAX_CACHED) for (const [k, v] of this.cache) if (now - v.at >= TTL_MS) this.cache.delete(k);
    const vins = this.resolve(principal, resource);
    this.cache.set(key, { at: Date.now(), vins });
    // A failed read is not kept: the next message asks again.
    vins.catch(() => this.cache.get(key)?.vins === vins && this.cache.delete(key));
    return vins;
  }

  private async resolve(principal: Principal, resource: string): Promise<VinScope> {
    const repo = this.repos.get('vehicle');
    const narrowed = resource === 'vehicle'
      ? await this.dataScopes.condition(repo.entity, repo.columns, principal) && await repo.scope(principal)
      : await this.dataScopes.vehiclesFor(resource, principal);
    if (!narrowed) return 'tenant';
    const rows = await repo.db.select({ vin: repo.columns.vin! }).from(repo.table).where(narrowed);
    return new Set(rows.map((r) => String(r.vin)));
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Drops every resolved scope without telling the data-scope rules (they told us). */
  private drop(): void {
    this.cache.clear();
    for (const l of this.listeners) l();
  }

  /** A vehicle, dept, role or data scope changed somewhere: rules and scopes are read again. */
  invalidate(): void {
    this.dataScopes.invalidate();
  }
}
