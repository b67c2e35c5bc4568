import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { PM } from '../base/common.ts';

/** One inventory operation on a vehicle (the operate stream: in, out, move, ship, sell, return). */
export const operateRecord = defineEntity({
  ...PM,
  name: 'operateRecord',
  path: 'operateRecord',
  table: 'wdiov_operate_record',
  title: { zh: '作业记录', en: 'Operation record' },
  defaultSort: { column: 'operate_time', asc: false },
  fields: {
    vehicleId: f.ref('车辆', 'Vehicle', 'vehicle', 'vin', { required: '请选择车辆', search: 'equal' }),
    operateType: f.dict('作业类型', 'Operation', 'operate_type', { numeric: true, required: '请选择作业类型', search: 'equal' }),
    operateTime: f.datetime('作业时间', 'At', { required: true, search: 'datege' }),
    storageId: f.ref('仓库', 'Storage', 'storage', 'storageName', { search: 'equal' }),
    handlerName: f.text('经办人', 'Handled by', { max: 32 }),
    content: f.text('作业内容', 'Details', { max: 1000, multiline: true, list: false }),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true, list: false }),
  },
});
