import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { OfflineSweep } from './offline-sweep.ts';
import { SafetyMonitor } from './safety-monitor.ts';
import { SafetySettingsSource } from './settings-source.ts';
import { WarningWriter } from './warning-writer.ts';

/** The GB/T 45688 safety monitor (an ingest sink) and its C.11 sweep, running until `stop`. */
export function startSafety(db: Db, utcOffsetMin: number, logger: Logger) {
  const settings = new SafetySettingsSource(db, (err) => logger.error({ err }, 'safety settings not read'));
  const writer = new WarningWriter(db, utcOffsetMin);
  const monitor = new SafetyMonitor(db, settings, writer, utcOffsetMin, logger);
  const sweep = new OfflineSweep(db, settings, writer, logger);
  monitor.start();
  sweep.start();
  return {
    monitor, sweep,
    async stop() {
      sweep.stop();
      await monitor.stop();
    },
  };
}
