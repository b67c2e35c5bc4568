import { entityByName } from '@wdiov/contracts';
import { systemPrincipal } from '../crud/principal.ts';
import type { Repositories } from '../crud/repositories.ts';
import type { PlatformRules } from './alarm-tracker.ts';
import { TenantCached } from './tenant-cache.ts';

const TTL_MS = 30_000;
const num = (v: unknown): number | undefined => (v === null || v === undefined || v === '' || !Number.isFinite(Number(v)) ? undefined : Number(v));

/** Platform thresholds per tenant, read without waiting once the tenant is loaded. */
export interface RulesProvider {
  ready(tenantId: string): Promise<void>;
  loaded(tenantId: string): boolean;
  /** undefined: no platform rule (or not loaded yet). */
  current(tenantId: string): PlatformRules | undefined;
}

/**
 * Platform alarm thresholds per tenant from the alarm config entity (the strictest row wins
 * when several exist). Held in memory: thresholds change rarely, frames arrive constantly.
 */
export class AlarmConfigRules extends TenantCached<PlatformRules | undefined> implements RulesProvider {

  constructor(private readonly repos: Repositories, onError: (err: unknown, tenantId: string) => void = () => {}) {
    super(TTL_MS, onError);
  }

  current(tenantId: string): PlatformRules | undefined {
    return this.cached(tenantId);
  }

  protected async load(tenantId: string): Promise<PlatformRules | undefined> {
    if (!entityByName('alarmConfig')) return undefined;
    let rules: PlatformRules | undefined;
    const rows = await this.repos.get('alarmConfig').all(systemPrincipal(tenantId), { filters: [], ascs: [], descs: [] });
    for (const r of rows) {
      const pick = (...keys: string[]) => keys.map((k) => num(r[k])).find((v) => v !== undefined);
      const next: PlatformRules = {
        overspeedKmh: pick('overspeedKmh', 'speedLimit', 'overspeed', 'overSpeed'),
        lowSocPercent: pick('lowSocPercent', 'socLow', 'lowSoc'),
        cellSpreadMv: pick('cellSpreadMv', 'voltageDiffMv', 'cellVoltageDiff'),
        maxTempC: pick('maxTempC', 'temperatureLimit', 'maxTemperature'),
        level: pick('level', 'alarmLevel') ?? 2,
      };
      rules = rules
        ? {
            overspeedKmh: minDefined(rules.overspeedKmh, next.overspeedKmh),
            lowSocPercent: maxDefined(rules.lowSocPercent, next.lowSocPercent),
            cellSpreadMv: minDefined(rules.cellSpreadMv, next.cellSpreadMv),
            maxTempC: minDefined(rules.maxTempC, next.maxTempC),
            level: Math.max(rules.level, next.level),
          }
        : next;
    }
    return rules;
  }
}

const minDefined = (a?: number, b?: number) => (a === undefined ? b : b === undefined ? a : Math.min(a, b));
const maxDefined = (a?: number, b?: number) => (a === undefined ? b : b === undefined ? a : Math.max(a, b));
