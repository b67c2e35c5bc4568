import type { Language } from '../entity/validation-text.ts';
import { fmiText } from './j1939-dm1.ts';

type Named = Readonly<{ zh: string; en: string }>;

/**
 * Fault categories as stored with each fault: the four code lists of the GB/T 32960 alarm block
 * (RESS, drive motor, engine, other), J1939 DM1 faults and UDS trouble codes.
 */
export const FAULT_CATEGORIES: Readonly<Record<string, Named>> = {
  ress: { zh: '可充电储能装置故障', en: 'Traction battery (RESS) fault' },
  motor: { zh: '驱动电机故障', en: 'Drive motor fault' },
  engine: { zh: '发动机故障', en: 'Engine fault' },
  other: { zh: '其他故障', en: 'Other fault' },
  dm1: { zh: 'CAN总线故障(J1939 DM1)', en: 'CAN bus fault (J1939 DM1)' },
  uds: { zh: 'UDS诊断故障码', en: 'UDS trouble code' },
};

/** A fault category by its name; a category the platform does not know shows as stored. */
export function faultCategoryName(category: string, language: Language): string {
  return FAULT_CATEGORIES[category]?.[language] ?? category;
}

/** J1939-73 failure mode identifiers in Chinese, in FMI order (the English are FMI_TEXT). */
const FMI_TEXT_ZH: readonly string[] = [
  '数据有效但高于正常范围(最严重)',
  '数据有效但低于正常范围(最严重)',
  '数据不稳定、间歇或不正确',
  '电压高于正常值或对高电平短路',
  '电压低于正常值或对低电平短路',
  '电流低于正常值或开路',
  '电流高于正常值或对地短路',
  '机械系统无响应或失调',
  '频率、脉宽或周期异常',
  '更新速率异常',
  '变化速率异常',
  '原因未知',
  '智能设备或部件故障',
  '未标定',
  '特殊说明',
  '数据有效但高于正常范围(最轻)',
  '数据有效但高于正常范围(中等)',
  '数据有效但低于正常范围(最轻)',
  '数据有效但低于正常范围(中等)',
  '接收的网络数据错误',
  '数据向高漂移',
  '数据向低漂移',
];

/** A failure mode in a language. */
export function fmiName(fmi: number, language: Language): string {
  if (language === 'en') return fmiText(fmi);
  if (fmi === 31) return '条件存在/不可用';
  return FMI_TEXT_ZH[fmi] ?? '保留';
}

/**
 * Suspect parameters (J1939-71) an electric or hybrid fleet reports most, by SPN: what a DM1
 * fault is about. A tenant names its own (canMessageFaultCode rows), which take precedence.
 */
export const SPN_NAMES: Readonly<Record<number, Named>> = {
  84: { zh: '车速(轮速)', en: 'Wheel-based vehicle speed' },
  91: { zh: '加速踏板位置', en: 'Accelerator pedal position' },
  96: { zh: '燃油液位', en: 'Fuel level' },
  100: { zh: '机油压力', en: 'Engine oil pressure' },
  110: { zh: '冷却液温度', en: 'Engine coolant temperature' },
  114: { zh: '电池净电流', en: 'Net battery current' },
  158: { zh: '钥匙开关电池电压', en: 'Keyswitch battery potential' },
  168: { zh: '蓄电池电压(12V)', en: 'Battery potential (12 V)' },
  171: { zh: '环境温度', en: 'Ambient air temperature' },
  190: { zh: '发动机转速', en: 'Engine speed' },
  597: { zh: '制动开关', en: 'Brake switch' },
  629: { zh: '控制器1', en: 'Controller #1' },
  639: { zh: 'J1939网络1', en: 'J1939 network #1' },
  1800: { zh: '电池1温度', en: 'Battery 1 temperature' },
  3226: { zh: '后处理出口NOx', en: 'Aftertreatment outlet NOx' },
  4990: { zh: '电池充电机1', en: 'Battery charger 1' },
  5246: { zh: 'SCR驾驶员警示', en: 'SCR operator inducement' },
};

/** A DM1 fault by what it is about and how it fails: "蓄电池电压(12V): 电压低于正常值或对低电平短路". */
export function j1939FaultName(spn: number, fmi: number, language: Language): string {
  const about = SPN_NAMES[spn]?.[language] ?? `SPN ${spn}`;
  return `${about}: ${fmiName(fmi, language)}`;
}

export interface FaultRecord {
  category?: unknown;
  faultCode?: unknown;
  faultName?: unknown;
  spn?: unknown;
  fmi?: unknown;
  /** The tenant's own name of the fault (canMessageFaultCode by SPN/FMI, udsDiagnoseFaultCode by DTC), answered beside it. */
  codeName?: unknown;
}

const present = (v: unknown) => v !== null && v !== undefined && v !== '';

/**
 * The name a fault is shown by: the tenant's own name of its code, else for a DM1 code the
 * J1939 names of its SPN and FMI, else the name it was stored with, else its code.
 */
export function faultDisplayName(fault: FaultRecord, language: Language): string {
  if (present(fault.codeName)) return String(fault.codeName);
  if (present(fault.spn) && present(fault.fmi)) return j1939FaultName(Number(fault.spn), Number(fault.fmi), language);
  const stored = present(fault.faultName) ? String(fault.faultName) : '';
  return stored || String(fault.faultCode ?? '');
}
