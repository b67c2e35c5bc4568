import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { VEHTEAM } from '../base/common.ts';

/** A bill's amount: quantity × unit price, to the fen. */
export function billAmount(quantity: unknown, unitPrice: unknown): number | undefined {
  const q = Number(quantity);
  const p = Number(unitPrice);
  if (quantity == null || unitPrice == null || !Number.isFinite(q) || !Number.isFinite(p)) return undefined;
  return Math.round(q * p * 100) / 100;
}

/**
 * A fleet expense. It is audited through bill/audit (spec §4): status and audit fields are
 * set there, never by a submit, so a new bill always waits for audit.
 */
export const bill = defineEntity({
  ...VEHTEAM,
  name: 'bill',
  path: 'bill',
  table: 'wdiov_bill',
  title: { zh: '账单', en: 'Bill' },
  fields: {
    billNo: f.text('账单编号', 'Bill no.', { required: true, max: 32, unique: true, search: 'like' }),
    billType: f.dict('账单类型', 'Bill type', 'bill_type', { numeric: true, required: '请选择账单类型', search: 'equal' }),
    quantity: f.decimal('数量', 'Quantity', { required: true, min: 0, max: 1000000, scale: 3, list: false }),
    unitPrice: f.decimal('单价(元)', 'Unit price (CNY)', { required: true, min: 0, max: 1000000, list: false }),
    /** Quantity × unit price, computed on every save (billAmount): never typed. */
    amount: f.decimal('金额(元)', 'Amount (CNY)', { readOnly: true, form: false }),
    billTime: f.datetime('发生时间', 'Incurred at', { required: true, search: 'datege' }),
    vehicleId: f.ref('车辆', 'Vehicle', 'vehicle', 'vin', { required: '请选择车辆', search: 'equal' }),
    dispatchId: f.ref('派车单', 'Dispatch', 'dispatch', 'dispatchNo', { search: 'equal' }),
    driverId: f.ref('司机', 'Driver', 'driver', 'driverName', { list: false }),
    /** Receipt images: attachment links, comma-joined. */
    attachments: f.text('票据', 'Receipts', { max: 2000, list: false }),
    billStatus: f.dict('账单状态', 'Status', 'bill_status', { numeric: true, default: 1, readOnly: true, form: false, search: 'equal' }),
    auditUserId: f.ref('审核人', 'Audited by', 'user', 'realName', { readOnly: true, form: false }),
    auditTime: f.datetime('审核时间', 'Audited at', { readOnly: true, form: false }),
    auditOpinion: f.text('审核意见', 'Audit opinion', { max: 255, readOnly: true, form: false }),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true, list: false }),
  },
});
