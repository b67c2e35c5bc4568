import { z } from 'zod';
import { defineAlarmRule } from './define-alarm-rule.ts';

/**
 * Entering or leaving an electronic fence bound to the vehicle. Each fence says which crossing
 * alarms and when it is valid, so the fence watch evaluates it against the fence's shape; the
 * rule gives the type its name and its handling switch.
 */
export const fenceRule = defineAlarmRule({
  type: 'platform:fence',
  name: { zh: '电子围栏报警', en: 'Electronic fence alarm' },
  level: 1,
  source: 'platform',
  kind: 'fence',
  params: z.object({}),
  unconfigured: true,
});
