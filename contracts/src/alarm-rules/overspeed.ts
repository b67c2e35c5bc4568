import { z } from 'zod';
import { f } from '../entity/fields.ts';
import { configured, configuredLevel, configuredOr, defineAlarmRule, reading } from './define-alarm-rule.ts';

/** Faster than the organisation's limit, for at least the configured seconds. */
export const overspeedRule = defineAlarmRule({
  type: 'platform:overspeed',
  name: { zh: '超速报警', en: 'Overspeed alarm' },
  level: 2,
  source: 'platform',
  kind: 'frame',
  params: z.object({
    overspeedKmh: configured(z.number().int().min(1).max(220)),
    overspeedSeconds: configuredOr(z.number().int().min(0).max(3600), 0),
    alarmLevel: configuredLevel(2),
  }),
  fields: {
    overspeedKmh: f.int('超速阈值(km/h)', 'Overspeed (km/h)', { min: 1, max: 220 }),
    overspeedSeconds: f.int('超速持续(秒)', 'Overspeed lasting (s)', { min: 0, max: 3600, list: false }),
  },
  evaluate: ({ snapshot }, p) => {
    const speed = reading(snapshot.speedKmh);
    return speed !== undefined && speed > p.overspeedKmh ? p.alarmLevel : false;
  },
  holdMs: (p) => p.overspeedSeconds * 1000,
});
