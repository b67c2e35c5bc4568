import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { PM } from '../base/common.ts';

/** A vehicle entering or leaving a storage. */
export const storageRecord = defineEntity({
  ...PM,
  name: 'storageRecord',
  path: 'storageRecord',
  table: 'wdiov_storage_record',
  title: { zh: '出入库记录', en: 'Storage record' },
  defaultSort: { column: 'record_time', asc: false },
  fields: {
    vehicleId: f.ref('车辆', 'Vehicle', 'vehicle', 'vin', { required: '请选择车辆', search: 'equal' }),
    recordType: f.dict('出入库类型', 'In / out', 'storage_record_type', { numeric: true, required: '请选择出入库类型', search: 'equal' }),
    storageId: f.ref('仓库', 'Storage', 'storage', 'storageName', { required: '请选择仓库', search: 'equal' }),
    storageAreaId: f.ref('库区', 'Area', 'storageArea', 'areaName'),
    recordTime: f.datetime('出入库时间', 'At', { required: true, search: 'datege' }),
    handlerName: f.text('经办人', 'Handled by', { max: 32 }),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true, list: false }),
  },
});
