import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { PM } from '../base/common.ts';

/** A vehicle moved between storages or areas (移库). */
export const movementRecord = defineEntity({
  ...PM,
  name: 'movementRecord',
  path: 'movementRecord',
  table: 'wdiov_movement_record',
  title: { zh: '移库记录', en: 'Movement record' },
  defaultSort: { column: 'move_time', asc: false },
  fields: {
    vehicleId: f.ref('车辆', 'Vehicle', 'vehicle', 'vin', { required: '请选择车辆', search: 'equal' }),
    fromStorageId: f.ref('原仓库', 'From storage', 'storage', 'storageName', { search: 'equal' }),
    fromAreaId: f.ref('原库区', 'From area', 'storageArea', 'areaName', { list: false }),
    toStorageId: f.ref('目标仓库', 'To storage', 'storage', 'storageName', { required: '请选择目标仓库', search: 'equal' }),
    toAreaId: f.ref('目标库区', 'To area', 'storageArea', 'areaName', { list: false }),
    moveTime: f.datetime('移库时间', 'Moved at', { required: true, search: 'datege' }),
    handlerName: f.text('经办人', 'Handled by', { max: 32 }),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true, list: false }),
  },
});
