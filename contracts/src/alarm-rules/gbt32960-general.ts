import { z } from 'zod';
import { ALARM_FLAGS, type AlarmFlagInfo } from '../protocol/alarm-flags.ts';
import { defineAlarmRule, type AlarmRule, type VehicleState } from './define-alarm-rule.ts';

const NO_PARAMS = z.object({});
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The level of a reported alarm: its own, else the frame's highest, else 1; never above 4. */
function reportedLevel(state: VehicleState, key: string): number | false {
  for (const a of state.reported) {
    if (a.key === key) return Math.max(1, Math.min(4, a.level ?? state.reportedLevel ?? 1));
  }
  return false;
}

function generalAlarm(flag: AlarmFlagInfo): AlarmRule<z.infer<typeof NO_PARAMS>> {
  return defineAlarmRule({
    type: `gb:${flag.key}`,
    // The 2025 names where the edition renamed a flag: the newer wording covers both editions' meaning.
    name: { zh: flag.zh2025 ?? flag.zh, en: `${capitalised(flag.en2025 ?? flag.en)} alarm` },
    level: flag.fixedLevel ?? 1,
    source: 'gbt32960',
    kind: 'frame',
    params: NO_PARAMS,
    // The vehicle raises these itself: they hold whether or not an organisation configured anything.
    unconfigured: true,
    reports: flag.key,
    evaluate: (state) => reportedLevel(state, flag.key),
  });
}

/** GB/T 32960 general alarm flags (2016 table 18, 2025 table 24), one rule per flag, under `gb:<flag key>`. */
export const GBT32960_GENERAL_ALARMS: readonly AlarmRule[] = ALARM_FLAGS.map(generalAlarm);
