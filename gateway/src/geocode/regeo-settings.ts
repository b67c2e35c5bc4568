import { GEOCODE_PARAMS } from '@wdiov/contracts';
import { BASEMAP_PARAMS, tileOriginOf } from '@wdiov/contracts/geo/basemap-presets';
import { paramValue } from '../auth/params.ts';
import type { Repositories } from '../crud/repositories.ts';
import type { Outbound } from '../outbound/outbound-policy.ts';
import { amapRegeo, tiandituRegeo, type RegeoService } from './regeo-services.ts';

const TTL_MS = 30_000;

/**
 * The online geocoder the platform parameters name (GEOCODE_PARAMS): AMap with `map.amapKey`,
 * else Tianditu with the basemap's key, else none (the offline wording). Read again after
 * TTL_MS or when a parameter is written.
 */
export class RegeoSettings {
  private cached?: { at: number; service: Promise<RegeoService | undefined> };

  constructor(private readonly repos: Repositories, private readonly outbound: Outbound) {}

  current(now = Date.now()): Promise<RegeoService | undefined> {
    if (this.cached && now - this.cached.at < TTL_MS) return this.cached.service;
    const service = this.read().catch(() => undefined);
    this.cached = { at: now, service };
    return service;
  }

  invalidate(): void {
    this.cached = undefined;
  }

  private async read(): Promise<RegeoService | undefined> {
    const [amapKey, tiandituKey, origin] = await Promise.all([
      paramValue(this.repos, GEOCODE_PARAMS.amapKey),
      paramValue(this.repos, BASEMAP_PARAMS.tiandituKey),
      paramValue(this.repos, GEOCODE_PARAMS.origin),
    ]);
    const base = tileOriginOf(origin) || undefined;
    if (amapKey?.trim()) return amapRegeo(this.outbound, amapKey.trim(), base);
    if (tiandituKey?.trim()) return tiandituRegeo(this.outbound, tiandituKey.trim(), base);
    return undefined;
  }
}
