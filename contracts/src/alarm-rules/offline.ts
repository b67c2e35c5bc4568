import { z } from 'zod';
import { f } from '../entity/fields.ts';
import { configured, configuredLevel, defineAlarmRule } from './define-alarm-rule.ts';

/**
 * A vehicle that has sent nothing for the configured minutes (the platform's clock, not the
 * terminal's); the vehicle's next frame clears it.
 */
export const offlineRule = defineAlarmRule({
  type: 'platform:offline',
  name: { zh: '离线超时报警', en: 'Offline timeout alarm' },
  level: 1,
  source: 'platform',
  kind: 'silence',
  params: z.object({ offlineMinutes: configured(z.number().int().min(1).max(43200)), alarmLevel: configuredLevel(1) }),
  fields: { offlineMinutes: f.int('离线时长阈值(分钟)', 'Offline after (min)', { min: 1, max: 43200 }) },
  levelOf: (p) => p.alarmLevel,
  silenceMs: (p) => p.offlineMinutes * 60_000,
});
