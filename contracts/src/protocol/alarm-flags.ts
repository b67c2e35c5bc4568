/**
 * General alarm flags (通用报警标志): 2016 table 18 (bits 0–18), 2025 table 24 (bits 0–27;
 * bits 5/6/10/11 renamed). Bit n set = alarm n active; a flag stays set until the
 * condition clears. Also the alarm levels of the "highest alarm level" byte.
 */
import type { Edition } from './constants.ts';
import type { AlarmData } from './realtime-alarm.ts';

export interface AlarmFlagInfo {
  bit: number;
  key: string;
  zh: string;
  en: string;
  /** The 2016 edition does not define bits 19–27. */
  since: Edition;
  /** 2025 names where they differ from 2016. */
  zh2025?: string;
  en2025?: string;
  /** A level the standard fixes for this alarm (bit 23 thermal event is always level 4). */
  fixedLevel?: number;
}

export const ALARM_FLAGS: readonly AlarmFlagInfo[] = [
  { bit: 0, key: 'temperatureDifference', zh: '温度差异报警', en: 'temperature difference', since: '2016' },
  { bit: 1, key: 'batteryHighTemperature', zh: '电池高温报警', en: 'battery high temperature', since: '2016' },
  { bit: 2, key: 'ressOverVoltage', zh: '车载储能装置类型过压报警', en: 'RESS over-voltage', since: '2016' },
  { bit: 3, key: 'ressUnderVoltage', zh: '车载储能装置类型欠压报警', en: 'RESS under-voltage', since: '2016' },
  { bit: 4, key: 'socLow', zh: 'SOC低报警', en: 'SOC low', since: '2016' },
  {
    bit: 5, key: 'cellOverVoltage', zh: '单体电池过压报警', en: 'cell over-voltage', since: '2016',
    zh2025: '最小并联单元过压报警', en2025: 'min parallel unit over-voltage',
  },
  {
    bit: 6, key: 'cellUnderVoltage', zh: '单体电池欠压报警', en: 'cell under-voltage', since: '2016',
    zh2025: '最小并联单元欠压报警', en2025: 'min parallel unit under-voltage',
  },
  { bit: 7, key: 'socHigh', zh: 'SOC过高报警', en: 'SOC too high', since: '2016' },
  { bit: 8, key: 'socJump', zh: 'SOC跳变报警', en: 'SOC jump', since: '2016' },
  { bit: 9, key: 'ressMismatch', zh: '可充电储能系统不匹配报警', en: 'RESS mismatch', since: '2016' },
  {
    bit: 10, key: 'cellConsistency', zh: '电池单体一致性差报警', en: 'poor cell consistency', since: '2016',
    zh2025: '最小并联单元一致性差报警', en2025: 'poor min parallel unit consistency',
  },
  {
    bit: 11, key: 'insulation', zh: '绝缘报警', en: 'insulation', since: '2016',
    zh2025: '绝缘电阻失效报警', en2025: 'insulation resistance failure',
  },
  { bit: 12, key: 'dcdcTemperature', zh: 'DC-DC温度报警', en: 'DC-DC temperature', since: '2016' },
  { bit: 13, key: 'brakeSystem', zh: '制动系统报警', en: 'brake system', since: '2016' },
  { bit: 14, key: 'dcdcState', zh: 'DC-DC状态报警', en: 'DC-DC state', since: '2016' },
  { bit: 15, key: 'motorControllerTemperature', zh: '驱动电机控制器温度报警', en: 'motor controller temperature', since: '2016' },
  { bit: 16, key: 'hvInterlock', zh: '高压互锁状态报警', en: 'HV interlock', since: '2016' },
  { bit: 17, key: 'motorTemperature', zh: '驱动电机温度报警', en: 'drive motor temperature', since: '2016' },
  {
    bit: 18, key: 'ressOverCharge', zh: '车载储能装置类型过充', en: 'RESS over-charge', since: '2016',
    zh2025: '车载储能装置类型过充报警',
  },
  { bit: 19, key: 'motorOverSpeed', zh: '驱动电机超速报警', en: 'drive motor over-speed', since: '2025' },
  { bit: 20, key: 'motorOverCurrent', zh: '驱动电机过流报警', en: 'drive motor over-current', since: '2025' },
  { bit: 21, key: 'supercapOverTemperature', zh: '超级电容过温报警', en: 'supercapacitor over-temperature', since: '2025' },
  { bit: 22, key: 'supercapOverVoltage', zh: '超级电容过压报警', en: 'supercapacitor over-voltage', since: '2025' },
  {
    bit: 23, key: 'ressThermalEvent', zh: '可充电储能装置热事件报警', en: 'RESS thermal event', since: '2025', fixedLevel: 4,
  },
  { bit: 24, key: 'hydrogenLeak', zh: '氢气泄漏异常报警', en: 'hydrogen leak', since: '2025' },
  { bit: 25, key: 'hydrogenPressure', zh: '车载氢系统压力异常报警', en: 'hydrogen system pressure abnormal', since: '2025' },
  { bit: 26, key: 'hydrogenTemperature', zh: '车载氢系统温度异常报警', en: 'hydrogen system temperature abnormal', since: '2025' },
  { bit: 27, key: 'fuelCellStackOverTemperature', zh: '燃料电池电堆超温报警', en: 'fuel cell stack over-temperature', since: '2025' },
];

export interface AlarmLevelInfo {
  level: number;
  zh: string;
  en: string;
  since: Edition;
}

/** Levels of the "highest alarm level" byte (2016 table 17, 2025 table 23). */
export const ALARM_LEVELS: readonly AlarmLevelInfo[] = [
  { level: 0, zh: '无故障', en: 'no fault', since: '2016' },
  { level: 1, zh: '1级故障：不影响车辆正常行驶', en: 'level 1: does not affect normal driving', since: '2016' },
  { level: 2, zh: '2级故障：影响车辆性能，需驾驶员限制行驶', en: 'level 2: affects performance, driver must limit driving', since: '2016' },
  { level: 3, zh: '3级故障：驾驶员应立即停车处理或请求救援', en: 'level 3: stop immediately or call for rescue', since: '2016' },
  { level: 4, zh: '热事件故障（GB 38031）', en: 'level 4: thermal event (GB 38031)', since: '2025' },
];

export interface ActiveAlarm {
  bit: number;
  key: string;
  zh: string;
  en: string;
  /** Level from the 2025 (bit, level) list or the standard's fixed level; undefined when not given. */
  level?: number;
}

/** Names of a flag bit in an edition, or undefined for a reserved bit. */
export function alarmFlagInfo(bit: number, edition: Edition): { key: string; zh: string; en: string } | undefined {
  const info = ALARM_FLAGS[bit];
  if (!info || (info.since === '2025' && edition === '2016')) return undefined;
  if (edition === '2025') return { key: info.key, zh: info.zh2025 ?? info.zh, en: info.en2025 ?? info.en };
  return { key: info.key, zh: info.zh, en: info.en };
}

/** The alarms an alarm block reports as active (set flag bits the edition defines), with their levels. */
export function activeAlarms(alarm: AlarmData, edition: Edition): readonly ActiveAlarm[] {
  const out: ActiveAlarm[] = [];
  for (let bit = 0; bit < 32; bit++) {
    if (((alarm.flags >>> bit) & 1) === 0) continue;
    let level = ALARM_FLAGS[bit]?.fixedLevel;
    if (alarm.flagLevels) for (const l of alarm.flagLevels) if (l.bit === bit) level = l.level;
    const a = activeAlarm(bit, edition, level);
    if (a) out.push(a);
  }
  return out;
}

/** One frozen entry per edition, bit and level: the live ingest asks for these on every frame. */
const activeCache: Record<Edition, Array<Map<number | undefined, ActiveAlarm | null>>> = { '2016': [], '2025': [] };
function activeAlarm(bit: number, edition: Edition, level: number | undefined): ActiveAlarm | undefined {
  const byLevel = (activeCache[edition][bit] ??= new Map());
  let a = byLevel.get(level);
  if (a === undefined) {
    const names = alarmFlagInfo(bit, edition);
    a = names ? Object.freeze(level === undefined ? { bit, ...names } : { bit, ...names, level }) : null;
    // Levels are a byte: at most 256 entries per bit, kept for good.
    byLevel.set(level, a);
  }
  return a ?? undefined;
}

/** Bits set in `flags` that the edition reserves (kept on re-encode, reported for data-quality checks). */
export function reservedAlarmBits(flags: number, edition: Edition): number[] {
  const out: number[] = [];
  for (let bit = 0; bit < 32; bit++) if ((flags >>> bit) & 1 && !alarmFlagInfo(bit, edition)) out.push(bit);
  return out;
}
