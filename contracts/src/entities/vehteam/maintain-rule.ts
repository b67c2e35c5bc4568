import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { VEHTEAM } from '../base/common.ts';

/** When vehicles of a model are due for maintenance (by mileage or by days, whichever first). */
export const maintainRule = defineEntity({
  ...VEHTEAM,
  name: 'maintainRule',
  path: 'maintainRule',
  table: 'wdiov_maintain_rule',
  title: { zh: '保养规则', en: 'Maintenance rule' },
  fields: {
    ruleName: f.text('规则名称', 'Rule name', { required: true, max: 64, search: 'like' }),
    vehicleModelId: f.ref('适用车型', 'Vehicle model', 'vehicleModel', 'modelName', { search: 'equal' }),
    maintainType: f.dict('保养类型', 'Maintenance type', 'maintain_type', { numeric: true, required: '请选择保养类型', search: 'equal' }),
    intervalKm: f.int('间隔里程(km)', 'Every (km)', { min: 0, max: 1000000 }),
    intervalDays: f.int('间隔天数', 'Every (days)', { min: 0, max: 3650 }),
    remindBeforeKm: f.int('提前提醒里程(km)', 'Remind before (km)', { min: 0, max: 100000, list: false }),
    remindBeforeDays: f.int('提前提醒天数', 'Remind before (days)', { min: 0, max: 365, list: false }),
    maintainItems: f.text('保养项目', 'Items', { max: 1000, multiline: true, list: false }),
    isEnabled: f.bool('启用', 'Enabled', { default: 1, search: 'equal' }),
    remark: f.text('备注', 'Remark', { max: 255, list: false }),
  },
});
