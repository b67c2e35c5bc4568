import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { BASE } from './common.ts';

/** A dated note on a vehicle (operator observations, customer feedback). */
export const vehicleRemark = defineEntity({
  ...BASE,
  name: 'vehicleRemark',
  path: 'vehicleRemark',
  table: 'wdiov_vehicle_remark',
  title: { zh: '车辆备注', en: 'Vehicle note' },
  fields: {
    vehicleId: f.ref('车辆', 'Vehicle', 'vehicle', 'vin', { required: '请选择车辆', search: 'equal' }),
    remarkType: f.dict('备注类型', 'Note type', 'vehicle_remark_type', { numeric: true, default: 1, search: 'equal' }),
    content: f.text('备注内容', 'Content', { required: true, max: 1000, multiline: true }),
  },
});
