import type { FieldDef, Label } from '../entity/fields.ts';
import type { AlarmRule } from './define-alarm-rule.ts';
import { cellSpreadRule, overTemperatureRule, socLowRule } from './battery-thresholds.ts';
import { fenceRule } from './fence.ts';
import { GBT32960_GENERAL_ALARMS } from './gbt32960-general.ts';
import { GBT45688_FAULT_RULES } from './gbt45688/fault-items.ts';
import { offlineRule } from './offline.ts';
import { overspeedRule } from './overspeed.ts';

/**
 * Every alarm rule of the platform, in the order the dictionary lists them. A new rule is one
 * file and one line here: the alarm_type dictionary, the alarm configuration's fields, the
 * handling switches and the engine follow.
 */
export const ALARM_RULES: readonly AlarmRule[] = [
  ...GBT32960_GENERAL_ALARMS,
  overspeedRule as AlarmRule,
  socLowRule as AlarmRule,
  cellSpreadRule as AlarmRule,
  overTemperatureRule as AlarmRule,
  offlineRule as AlarmRule,
  fenceRule as AlarmRule,
];

/**
 * The rules of GB/T 45688's fault-monitoring items (F1…F12): evaluated by the safety monitor into
 * safety warnings, never alarms, so they are no alarm type of the dictionary.
 */
export const SAFETY_RULES: readonly AlarmRule[] = GBT45688_FAULT_RULES as readonly AlarmRule[];

const byType = new Map([...ALARM_RULES, ...SAFETY_RULES].map((r) => [r.type, r]));
if (byType.size !== ALARM_RULES.length + SAFETY_RULES.length) throw new Error('two alarm rules share a type');

export function alarmRule(type: string): AlarmRule | undefined {
  return byType.get(type);
}

/** The name of an alarm type in a language; undefined for a type no rule defines. */
export function alarmTypeName(type: string, language: keyof Label): string | undefined {
  return byType.get(type)?.name[language];
}

/** The alarm configuration fields the rules read, in the registry's order. */
export const ALARM_RULE_FIELDS: Record<string, FieldDef> = Object.assign({}, ...ALARM_RULES.map((r) => r.fields ?? {}));
