import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { VEHTEAM } from '../base/common.ts';

/** A maintenance done on a vehicle, and when the next one is due (feeds the expiry reminder). */
export const maintainRecord = defineEntity({
  ...VEHTEAM,
  name: 'maintainRecord',
  path: 'maintainRecord',
  table: 'wdiov_maintain_record',
  title: { zh: '保养记录', en: 'Maintenance record' },
  defaultSort: { column: 'maintain_date', asc: false },
  fields: {
    vehicleId: f.ref('车辆', 'Vehicle', 'vehicle', 'vin', { required: '请选择车辆', search: 'equal' }),
    maintainType: f.dict('保养类型', 'Maintenance type', 'maintain_type', { numeric: true, required: '请选择保养类型', search: 'equal' }),
    maintainRuleId: f.ref('保养规则', 'Rule', 'maintainRule', 'ruleName', { list: false }),
    maintainDate: f.date('保养日期', 'Date', { required: true, search: 'datege' }),
    mileageKm: f.decimal('保养时里程(km)', 'Odometer (km)', { min: 0, max: 9999999, scale: 1 }),
    serviceStationId: f.ref('服务站', 'Service station', 'serviceStation', 'stationName', { search: 'equal' }),
    maintainItems: f.text('保养项目', 'Items', { max: 1000, multiline: true, list: false }),
    cost: f.decimal('费用(元)', 'Cost (CNY)', { min: 0, max: 10000000 }),
    nextMaintainDate: f.date('下次保养日期', 'Next due date'),
    nextMaintainMileageKm: f.decimal('下次保养里程(km)', 'Next due odometer (km)', { min: 0, max: 9999999, scale: 1, list: false }),
    handlerName: f.text('经办人', 'Handled by', { max: 32, list: false }),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true, list: false }),
  },
});
