import { entityByName } from '@wdiov/contracts';
import { systemPrincipal } from '../crud/principal.ts';
import type { Repositories } from '../crud/repositories.ts';
import type { PlatformRules } from './alarm-tracker.ts';
import type { RulesProvider } from './alarm-engine.ts';

const TTL_MS = 30_000;
const num = (v: unknown): number | undefined => (v === null || v === undefined || v === '' || !Number.isFinite(Number(v)) ? undefined : Number(v));

/**
 * Platform alarm thresholds per tenant from the alarm config entity (the strictest row wins
 * when several exist). Cached briefly: thresholds change rarely, frames arrive constantly.
 */
export class AlarmConfigRules implements RulesProvider {
  private cache = new Map<string, { at: number; rules: PlatformRules | undefined }>();

  constructor(private readonly repos: Repositories) {}

  invalidate(): void {
    this.cache.clear();
  }

  async rulesFor(tenantId: string): Promise<PlatformRules | undefined> {
    const hit = this.cache.get(tenantId);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.rules;
    let rules: PlatformRules | undefined;
    if (entityByName('alarmConfig')) {
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
    }
    this.cache.set(tenantId, { at: Date.now(), rules });
    return rules;
  }
}

const minDefined = (a?: number, b?: number) => (a === undefined ? b : b === undefined ? a : Math.min(a, b));
const maxDefined = (a?: number, b?: number) => (a === undefined ? b : b === undefined ? a : Math.max(a, b));
