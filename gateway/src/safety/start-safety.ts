import type { Logger } from 'pino';
import type { Repositories } from '../crud/repositories.ts';
import type { Db } from '../db/client.ts';
import { ModelLevelJob } from './model-level-job.ts';
import { OfflineSweep } from './offline-sweep.ts';
import { SafetyMonitor } from './safety-monitor.ts';
import { SafetySettingsSource } from './settings-source.ts';
import { WarningWriter } from './warning-writer.ts';

/**
 * The GB/T 45688 safety monitor (an ingest sink), its C.11 sweep and the daily model-level
 * escalations (notices through the tenant's notice repository), running until `stop`.
 */
export function startSafety(db: Db, utcOffsetMin: number, logger: Logger, repos: Repositories) {
  const settings = new SafetySettingsSource(db, (err) => logger.error({ err }, 'safety settings not read'));
  const writer = new WarningWriter(db, utcOffsetMin);
  const monitor = new SafetyMonitor(db, settings, writer, utcOffsetMin, logger);
  const sweep = new OfflineSweep(db, settings, writer, logger);
  const modelLevel = new ModelLevelJob(db, repos, settings, utcOffsetMin, logger);
  monitor.start();
  sweep.start();
  modelLevel.start();
  return {
    monitor, sweep, modelLevel,
    async stop() {
      sweep.stop();
      modelLevel.stop();
      await modelLevel.running;
      await monitor.stop();
    },
  };
}
