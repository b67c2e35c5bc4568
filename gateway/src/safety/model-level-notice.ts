import type { SafetyModelLevelRow } from '@wdiov/contracts/api/safety-model-level.route';

export type EscalationKind = 'fault' | 'danger';

/** Notice category 6 事务通知 (affairs notice): a platform finding, not an announcement someone released. */
export const MODEL_NOTICE_CATEGORY = 6;

const pct = (ratio: number) => `${Math.round(ratio * 1000) / 10}%`;

interface Judged { row: SafetyModelLevelRow; kind: EscalationKind; percent: number; inclusive: boolean; startDay: string; endDay: string }

/**
 * The notice of a model newly escalated under Annex D, in Chinese and in English (a notice has
 * one text for every reader): the model, its ratio with the vehicles behind it, the threshold
 * and how it was compared, the period, and the Annex's advice (tell the manufacturer's
 * responsible person; check the same production batch).
 */
export function modelNoticeText({ row, kind, percent, inclusive, startDay, endDay }: Judged): { title: string; content: string } {
  const fault = kind === 'fault';
  const ratio = pct(fault ? row.faultRatio : row.dangerRatio);
  const vehicles = fault ? row.faultVehicles : row.dangerVehicles;
  const zhWhat = fault ? '三级故障车辆占比' : '隐患车辆占比';
  const enWhat = fault ? 'vehicles with a level-3 fault' : 'vehicles with a hidden danger';
  const zhCmp = inclusive ? '达到' : '超过';
  const enCmp = inclusive ? 'at or above' : 'above';
  const row4 = fault ? 'GB/T 45688 表D.1第4行' : 'GB/T 45688 表D.2第3行';
  const enRow = fault ? 'GB/T 45688 Table D.1 row 4' : 'GB/T 45688 Table D.2 row 3';
  const title = `车型安全预警：${row.modelName} ${zhWhat} ${ratio}，${zhCmp} ${percent}% / Model-level safety: ${row.modelName}, ${enWhat} ${ratio}, ${enCmp} ${percent}%`;
  const content = [
    `${startDay} 至 ${endDay}，车型「${row.modelName}」在用车辆 ${row.inUse} 辆中有 ${vehicles} 辆${fault ? '发生三级故障' : '出现安全隐患'}，占比 ${ratio}，${zhCmp}阈值 ${percent}%（${row4}）。`
      + '请以电话、邮件等方式通知车辆生产企业相关负责人，对同批次产品进行质量核查。',
    `From ${startDay} to ${endDay}, ${vehicles} of the ${row.inUse} in-use vehicles of model "${row.modelName}" had ${fault ? 'a level-3 fault' : 'a hidden danger'}: `
      + `${ratio}, ${enCmp} the ${percent}% threshold (${enRow}). Tell the manufacturer's responsible person by phone or e-mail and have the same production batch quality-checked.`,
  ].join('\n');
  return { title: title.slice(0, 255), content: content.slice(0, 2000) };
}
