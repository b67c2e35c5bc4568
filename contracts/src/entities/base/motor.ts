import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { BASE } from './common.ts';

/**
 * A drive motor fitted to a vehicle. `motorSeq` is the motor's number in GB/T 32960 realtime
 * data (table 11), which links the record to the decoded motor block. Remove takes one `id` (spec §7).
 */
export const motor = defineEntity({
  ...BASE,
  name: 'motor',
  path: 'motor',
  table: 'wdiov_motor',
  title: { zh: '电机', en: 'Motor' },
  removeBy: 'id',
  fields: {
    motorNo: f.text('电机编号', 'Motor no.', { required: true, max: 32, unique: true, search: 'like' }),
    motorModelId: f.ref('电机型号', 'Motor model', 'motorModel', 'modelName', { required: '请选择电机型号', search: 'equal' }),
    vehicleId: f.ref('所属车辆', 'Vehicle', 'vehicle', 'vin', { search: 'equal' }),
    motorSeq: f.int('电机序号', 'Motor sequence', { min: 1, max: 253, default: 1 }),
    productionDate: f.date('生产日期', 'Production date'),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true, list: false }),
  },
});
