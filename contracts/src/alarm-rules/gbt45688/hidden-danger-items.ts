import type { Label } from '../../entity/fields.ts';

/** One hidden-danger item of GB/T 45688 (§5.2, Table 2), evaluated by its Annex C model. */
export interface HiddenDangerItem {
  /** C1…C12 as Annex C numbers its models (and the 0x11 report orders its bytes). */
  code: `C${number}`;
  name: Label;
}

export const HIDDEN_DANGER_ITEMS: readonly HiddenDangerItem[] = [
  { code: 'C1', name: { zh: '动力蓄电池最高温度（充电）', en: 'Max battery temperature (charging)' } },
  { code: 'C2', name: { zh: '单体蓄电池最高电压（充电）', en: 'Max cell voltage (charging)' } },
  { code: 'C3', name: { zh: '单体蓄电池电压极差（充电）', en: 'Cell voltage range (charging)' } },
  { code: 'C4', name: { zh: '动力蓄电池最高温度（放电）', en: 'Max battery temperature (discharging)' } },
  { code: 'C5', name: { zh: '单体蓄电池最低电压（放电）', en: 'Min cell voltage (discharging)' } },
  { code: 'C6', name: { zh: '驱动电机温度', en: 'Drive motor temperature' } },
  { code: 'C7', name: { zh: '驱动电机控制器温度', en: 'Motor controller temperature' } },
  { code: 'C8', name: { zh: 'DC/DC温度', en: 'DC/DC temperature' } },
  { code: 'C9', name: { zh: '绝缘电阻', en: 'Insulation resistance' } },
  { code: 'C10', name: { zh: '电压采样异常', en: 'Voltage sampling fault' } },
  { code: 'C11', name: { zh: '久置过放/长时间离线', en: 'Over-discharge after long parking / long offline' } },
  { code: 'C12', name: { zh: '长时间聚集停放', en: 'Long parking in clusters' } },
];

export type SafetyItemCode = `F${number}` | `C${number}`;

/** F1…F12 then C1…C12: every item a safety warning can carry. */
export const SAFETY_ITEM_CODES: readonly string[] = [
  ...Array.from({ length: 12 }, (_, i) => `F${i + 1}`),
  ...HIDDEN_DANGER_ITEMS.map((h) => h.code),
];
