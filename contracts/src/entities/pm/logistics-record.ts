import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { PM } from '../base/common.ts';
import { PLATE } from '../base/patterns.ts';

/**
 * A vehicle's transfer by a carrier (spec §7: logisticsRecord/transferRecord). Its status moves
 * only through the transitions of logistics.workflow.ts, so a save cannot set it.
 */
export const logisticsRecord = defineEntity({
  ...PM,
  name: 'logisticsRecord',
  path: 'logisticsRecord/transferRecord',
  table: 'wdiov_logistics_record',
  title: { zh: '转运记录', en: 'Transfer record' },
  fields: {
    transferNo: f.text('转运单号', 'Transfer no.', { required: true, max: 32, unique: true, search: 'like' }),
    vehicleId: f.ref('车辆', 'Vehicle', 'vehicle', 'vin', { required: '请选择车辆', search: 'equal' }),
    enterpriseId: f.ref('物流企业', 'Carrier', 'logisticsEnterprise', 'enterpriseName', { search: 'equal' }),
    driverId: f.ref('物流司机', 'Carrier driver', 'logisticsDriver', 'driverName', { list: false }),
    insuranceId: f.ref('物流保险', 'Insurance', 'logisticsInsurance', 'policyNo', { list: false }),
    carrierPlate: f.text('运输车车牌', 'Carrier truck plate', { max: 16, list: false, ...PLATE }),
    fromStorageId: f.ref('起运仓库', 'From storage', 'storage', 'storageName'),
    fromAddress: f.text('起运地', 'From', { max: 255 }),
    toStorageId: f.ref('目的仓库', 'To storage', 'storage', 'storageName'),
    toAddress: f.text('目的地', 'To', { max: 255 }),
    departTime: f.datetime('发运时间', 'Departed at', { search: 'datege' }),
    arriveTime: f.datetime('到达时间', 'Arrived at'),
    transferStatus: f.dict('转运状态', 'Status', 'transfer_status', { numeric: true, default: 1, readOnly: true, form: false, search: 'equal' }),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true, list: false }),
  },
});
