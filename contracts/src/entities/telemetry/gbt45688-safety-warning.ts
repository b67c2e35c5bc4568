import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';

/** Status of a safety warning: not handled (B.4's 0x01 未处置) until someone records what was done. */
export const SafetyWarningStatus = { open: 0, handled: 1 } as const;

/**
 * Safety warnings of GB/T 45688: a fault item (F1…F12, §5.1) or hidden danger (C1…C12, Annex
 * C) found on a vehicle, with the handling deadline of Annex D and, once handled, who did what
 * with which result. Written by the safety monitor only: a vehicle has at most one open warning
 * per item, and its id is derived from vehicle, item and the day it was raised, so a second
 * gateway raising the same one finds the row.
 */
export const safetyWarning = defineEntity({
  name: 'safetyWarning',
  service: 'wdiov-base',
  path: 'safetyWarning',
  table: 'wdiov_safety_warning',
  title: { zh: '安全预警', en: 'Safety warning' },
  tenant: true,
  audit: 'full',
  defaultSort: { column: 'raised_time', asc: false },
  fields: {
    vin: f.text('车架号', 'VIN', { required: true, max: 17, search: 'equal', index: true }),
    plateNumber: f.text('车牌号', 'Plate', { max: 20, search: 'like' }),
    item: f.text('预警项', 'Item', { required: true, max: 3, search: 'equal', index: true }),
    itemName: f.text('预警名称', 'Warning', { max: 64 }),
    level: f.int('等级', 'Level', { min: 1, max: 4, search: 'equal' }),
    raisedTime: f.datetime('预警时间', 'Raised', { required: true, index: true }),
    deadline: f.datetime('处置期限', 'Handle by'),
    detail: f.text('依据', 'Evidence', { max: 255, list: false }),
    warningStatus: f.int('处置状态', 'Status', { min: 0, max: 1, default: 0, search: 'equal' }),
    handleUser: f.text('处置人', 'Handled by', { max: 64 }),
    handleTime: f.datetime('处置时间', 'Handled at'),
    handleAction: f.text('处置措施', 'Action taken', { max: 500, list: false }),
    handleResult: f.text('处置结果', 'Result', { max: 500, list: false }),
  },
});
