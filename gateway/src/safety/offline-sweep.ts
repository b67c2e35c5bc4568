import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { HIDDEN_DANGER_ITEMS, clustered, standingDaysLeft, type ParkedVehicle, type SafetySettings } from '@wdiov/contracts';
import { queryRows, type Db } from '../db/client.ts';
import type { SafetySettingsSource } from './settings-source.ts';
import type { WarningWriter } from './warning-writer.ts';

/** How often the sweep looks for vehicles that went quiet. */
export const SAFETY_SWEEP_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** vehicle_purpose 私人: the private vehicles of C.11b's 90 days. */
export const PRIVATE_PURPOSE = 7;
const C11 = HIDDEN_DANGER_ITEMS.find((i) => i.code === 'C11')!;
const C12 = HIDDEN_DANGER_ITEMS.find((i) => i.code === 'C12')!;

interface Latest {
  tenant_id: string; vin: string; plate: string | null; purpose: number | null; last_time: string | Date | null; last_soc: number | null;
  off_since: string | Date | null; last_lng: number | null; last_lat: number | null;
}

/**
 * C.11 and C.12 on the vehicles' newest day rows. C.11: long offline (no data for more than 60 days, 90 for
 * private vehicles, by the data's own time) and over-discharge after long parking (switched
 * off for a day or more with SOC / self-discharge at most 5 days). C.12: vehicles switched off
 * over 60 days with SOC over 80 % standing together, within 500 m of each other, ten or more of
 * one tenant (an enterprise platform sees its own fleet). Silence cannot show in a frame, so
 * this runs on a timer; the writer keeps one open warning per vehicle and item.
 */
export class OfflineSweep {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly settings: SafetySettingsSource,
    private readonly writer: WarningWriter,
    private readonly logger?: Logger,
  ) {}

  start(everyMs = SAFETY_SWEEP_MS): void {
    this.timer = setInterval(() => void this.run().catch((err) => this.logger?.error({ err }, 'safety sweep failed')), everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** One pass at `now`; answers how many warnings it wrote. */
  async run(now = Date.now()): Promise<number> {
    const s = this.settings.current();
    const rows = await queryRows<Latest>(this.db, sql`SELECT DISTINCT ON (d.tenant_id, d.vin) d.tenant_id, d.vin, v.plate_number AS plate,
        v.purpose, d.last_time, d.last_soc, d.off_since, d.last_lng, d.last_lat
      FROM wdiov_safety_daily d JOIN wdiov_vehicle v ON v.tenant_id = d.tenant_id AND v.vin = d.vin AND v.is_deleted = 0
      WHERE d.last_time IS NOT NULL ORDER BY d.tenant_id, d.vin, d.day DESC`);
    let written = 0;
    for (const r of rows) {
      const last = new Date(r.last_time!).getTime();
      const offlineDays = (now - last) / DAY_MS;
      const limit = Number(r.purpose) === PRIVATE_PURPOSE ? s['C11.offlineDaysPrivate'] : s['C11.offlineDaysCommercial'];
      let detail: string | undefined;
      if (offlineDays > limit) detail = `offline=${offlineDays.toFixed(1)} d > ${limit} d`;
      else if (r.off_since !== null && r.last_soc !== null) {
        const offDays = (now - new Date(r.off_since).getTime()) / DAY_MS;
        const left = standingDaysLeft(Number(r.last_soc), s['C11.selfDischargePerDay']);
        if (offDays >= s['C11.offDays'] && left <= s['C11.standDays']) detail = `off=${offDays.toFixed(1)} d, t=${left.toFixed(1)} d ≤ ${s['C11.standDays']} d`;
      }
      if (!detail) continue;
      const ok = await this.writer.raise({ tenantId: r.tenant_id, vin: r.vin, plate: r.plate ?? '', item: 'C11', itemName: C11.name.zh, raisedAt: now, detail });
      if (ok) written++;
    }
    return written + (await this.clusters(rows, s, now));
  }

  /** C.12 per tenant over its set X. */
  private async clusters(rows: readonly Latest[], s: SafetySettings, now: number): Promise<number> {
    const byTenant = new Map<string, (ParkedVehicle & { row: Latest })[]>();
    for (const r of rows) {
      if (r.off_since === null || r.last_soc === null || r.last_lng === null || r.last_lat === null) continue;
      if ((now - new Date(r.off_since).getTime()) / DAY_MS <= s['C12.parkedDays'] || Number(r.last_soc) <= s['C12.socPercent']) continue;
      const list = byTenant.get(r.tenant_id) ?? [];
      list.push({ key: r.vin, lng: Number(r.last_lng), lat: Number(r.last_lat), row: r });
      byTenant.set(r.tenant_id, list);
    }
    let written = 0;
    for (const set of byTenant.values()) {
      const found = clustered(set, s['C12.radiusM'], s['C12.minVehicles']);
      for (const x of set) {
        const num = found.get(x.key);
        if (num === undefined) continue;
        const detail = `Num=${num} ≥ ${s['C12.minVehicles']}, d < ${s['C12.radiusM']} m`;
        if (await this.writer.raise({ tenantId: x.row.tenant_id, vin: x.row.vin, plate: x.row.plate ?? '', item: 'C12', itemName: C12.name.zh, raisedAt: now, detail })) written++;
      }
    }
    return written;
  }
}
