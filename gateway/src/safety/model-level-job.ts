import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { formatDateTime } from '@wdiov/contracts';
import { MODEL_LEVEL_DEFAULT_DAYS } from '@wdiov/contracts/api/safety-model-level.route';
import type { Repositories } from '../crud/repositories.ts';
import { systemPrincipal } from '../crud/principal.ts';
import { queryRows, type Db } from '../db/client.ts';
import { safetyModelEscalation } from '../db/schema/index.ts';
import type { Schedule } from '../notify/alarm-notifier.ts';
import { dayOf } from '../stats/day-figures.ts';
import { escalationThresholds, modelLevelCounts, modelLevelPeriod, modelLevelRows, tenantModelScope } from './model-level.ts';
import { MODEL_NOTICE_CATEGORY, modelNoticeText, type EscalationKind } from './model-level-notice.ts';
import type { SafetySettingsSource } from './settings-source.ts';

export const MODEL_LEVEL_JOB_MS = 86_400_000;
/** The first run after a start: soon, so a gateway restarted daily still judges every day, but not in the start's rush. */
export const MODEL_LEVEL_FIRST_RUN_MS = 120_000;

export interface JobClock { now: () => number; schedule: Schedule }
const realClock: JobClock = {
  now: Date.now,
  schedule: (run, ms) => {
    const t = setTimeout(run, ms);
    t.unref();
    return { cancel: () => clearTimeout(t) };
  },
};

/**
 * The model-level escalations of GB/T 45688 Annex D, once a day: per tenant the same figures
 * as the list call (the year ending today, all the tenant's live vehicles), and for each model
 * that passes its percent now but did not at the previous run, a notice in the tenant's notice
 * box. What is escalated is kept in wdiov_safety_model_escalation; a model that falls back is
 * removed from it, so crossing again notifies again.
 */
export class ModelLevelJob {
  private next?: { cancel(): void };
  private stopped = false;
  /** The run under way (or the last one), for a test or a shutdown to wait on. */
  running: Promise<number> = Promise.resolve(0);

  constructor(
    private readonly db: Db,
    private readonly repos: Repositories,
    private readonly settings: SafetySettingsSource,
    private readonly utcOffsetMin: number,
    private readonly logger?: Logger,
    private readonly clock: JobClock = realClock,
  ) {}

  start(firstMs = MODEL_LEVEL_FIRST_RUN_MS, everyMs = MODEL_LEVEL_JOB_MS): void {
    const tick = (ms: number) => {
      this.next = this.clock.schedule(() => {
        this.running = this.run().catch((err) => {
          this.logger?.error({ err }, 'model-level safety run failed');
          return 0;
        });
        void this.running.then(() => { if (!this.stopped) tick(everyMs); });
      }, ms);
    };
    tick(firstMs);
  }

  stop(): void {
    this.stopped = true;
    this.next?.cancel();
  }

  /** One pass over every tenant with vehicle models; answers how many notices it wrote. */
  async run(): Promise<number> {
    const now = this.clock.now();
    const s = await this.settings.fresh();
    const period = modelLevelPeriod(dayOf(now, this.utcOffsetMin), MODEL_LEVEL_DEFAULT_DAYS, this.utcOffsetMin);
    const tenants = await queryRows<{ tenant_id: string }>(this.db, sql`SELECT DISTINCT tenant_id FROM wdiov_vehicle_model WHERE is_deleted = 0`);
    const { faultPercent, dangerPercent, inclusive } = escalationThresholds(s);
    let written = 0;
    for (const { tenant_id: tenantId } of tenants) {
      const rows = modelLevelRows(await modelLevelCounts(this.db, tenantModelScope(tenantId), period.from, period.to), s);
      const e = safetyModelEscalation;
      const before = await this.db.select({ modelId: e.vehicleModelId, kind: e.kind }).from(e).where(eq(e.tenantId, tenantId));
      const key = (modelId: string, kind: string) => `${modelId}/${kind}`;
      const escalatedNow = new Set<string>();
      for (const row of rows) {
        for (const kind of ['fault', 'danger'] as const) {
          if (!(kind === 'fault' ? row.faultEscalated : row.dangerEscalated)) continue;
          escalatedNow.add(key(row.vehicleModelId, kind));
          const ratio = kind === 'fault' ? row.faultRatio : row.dangerRatio;
          // The row decides who notifies: a second gateway running the same day inserts nothing and writes nothing.
          const [inserted] = await this.db.insert(e).values({ tenantId, vehicleModelId: row.vehicleModelId, kind, ratio, escalatedTime: new Date(now) })
            .onConflictDoNothing().returning({ kind: e.kind });
          if (!inserted) continue;
          await this.notify(tenantId, now, { row, kind, percent: kind === 'fault' ? faultPercent : dangerPercent, inclusive, ...period });
          written++;
        }
      }
      for (const gone of before.filter((b) => !escalatedNow.has(key(String(b.modelId), b.kind)))) {
        await this.db.delete(e).where(and(eq(e.tenantId, tenantId), eq(e.vehicleModelId, String(gone.modelId)), eq(e.kind, gone.kind)));
      }
    }
    return written;
  }

  private async notify(tenantId: string, now: number, judged: Parameters<typeof modelNoticeText>[0] & { kind: EscalationKind }): Promise<void> {
    const { title, content } = modelNoticeText(judged);
    await this.repos.get('notice').insert(systemPrincipal(tenantId), {
      title, content, category: MODEL_NOTICE_CATEGORY, releaseTime: formatDateTime(now, this.utcOffsetMin),
    });
  }
}
