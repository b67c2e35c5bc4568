import { z } from 'zod';
import type { Label } from '../../entity/fields.ts';
import { defineAlarmRule, type AlarmRule } from '../define-alarm-rule.ts';

/**
 * One fault-monitoring item of GB/T 45688 (§5.1, Table 1): the general alarm flag it reads and
 * the level the enterprise gives it (§6.2.1 leaves the item → level table to the enterprise).
 */
export interface FaultItem {
  /** F1…F12 in the order of Table 1 (and of the 0x10 report's bytes). */
  code: `F${number}`;
  name: Label;
  /** Key of the GB/T 32960 general alarm flag (protocol/alarm-flags.ts). */
  flag: string;
  /** The level when the settings give none: 1 within 7 days, 2 within 1 day, 3 stop now. */
  defaultLevel: 1 | 2 | 3;
}

/**
 * Table 1 with the console's default levels: the flags that precede a thermal event or an
 * electric shock (battery temperature, insulation, HV interlock) stop the vehicle; those that
 * limit how it may be driven are level 2; the rest wait for the next service.
 */
export const FAULT_ITEMS: readonly FaultItem[] = [
  { code: 'F1', name: { zh: '动力蓄电池温度', en: 'Traction battery temperature' }, flag: 'batteryHighTemperature', defaultLevel: 3 },
  { code: 'F2', name: { zh: '动力蓄电池温差', en: 'Battery temperature difference' }, flag: 'temperatureDifference', defaultLevel: 2 },
  { code: 'F3', name: { zh: '单体蓄电池最高电压', en: 'Maximum cell voltage' }, flag: 'cellOverVoltage', defaultLevel: 2 },
  { code: 'F4', name: { zh: '单体蓄电池最低电压', en: 'Minimum cell voltage' }, flag: 'cellUnderVoltage', defaultLevel: 2 },
  { code: 'F5', name: { zh: '单体蓄电池电压一致性', en: 'Cell voltage consistency' }, flag: 'cellConsistency', defaultLevel: 1 },
  { code: 'F6', name: { zh: 'SOC异常', en: 'SOC abnormal' }, flag: 'socJump', defaultLevel: 1 },
  { code: 'F7', name: { zh: '驱动电机温度', en: 'Drive motor temperature' }, flag: 'motorTemperature', defaultLevel: 2 },
  { code: 'F8', name: { zh: '驱动电机控制器温度', en: 'Motor controller temperature' }, flag: 'motorControllerTemperature', defaultLevel: 2 },
  { code: 'F9', name: { zh: 'DC/DC温度', en: 'DC/DC temperature' }, flag: 'dcdcTemperature', defaultLevel: 1 },
  { code: 'F10', name: { zh: 'DC/DC状态', en: 'DC/DC status' }, flag: 'dcdcState', defaultLevel: 2 },
  { code: 'F11', name: { zh: '绝缘电阻', en: 'Insulation resistance' }, flag: 'insulation', defaultLevel: 3 },
  { code: 'F12', name: { zh: '高压互锁状态', en: 'HV interlock status' }, flag: 'hvInterlock', defaultLevel: 3 },
];

/**
 * The enterprise levels are 1–3 only: level 4 is the 2025 edition's thermal event
 * (gb:ressThermalEvent), which GB/T 45688 has no item for and which stays above every item.
 */
export const FAULT_ITEM_LEVEL = z.coerce.number().int().min(1).max(3);

const faultParams = (fallback: number) => z.object({ level: FAULT_ITEM_LEVEL.default(fallback) });
export type FaultItemParams = z.infer<ReturnType<typeof faultParams>>;

function faultRule(item: FaultItem): AlarmRule<FaultItemParams> {
  return defineAlarmRule({
    type: `gbt45688:${item.code}`,
    name: { zh: `${item.code} ${item.name.zh}故障`, en: `${item.code} ${item.name.en} fault` },
    level: item.defaultLevel,
    source: 'gbt32960',
    // Safety warnings, not alarms: the safety monitor evaluates these and the alarm engine leaves them out.
    kind: 'safety',
    params: faultParams(item.defaultLevel),
    unconfigured: true,
    reports: item.flag,
    evaluate: (state, p) => (state.reported.some((a) => a.key === item.flag) ? p.level : false),
    levelOf: (p) => p.level,
  });
}

/** The 12 fault-monitoring items as rules, under `gbt45688:F1` … `gbt45688:F12`. */
export const GBT45688_FAULT_RULES: readonly AlarmRule<FaultItemParams>[] = FAULT_ITEMS.map(faultRule);
