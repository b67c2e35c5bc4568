import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { BASE } from './common.ts';

/** Drive-motor type data: ratings checked against realtime speed and torque. */
export const motorModel = defineEntity({
  ...BASE,
  name: 'motorModel',
  path: 'motorModel',
  table: 'wdiov_motor_model',
  title: { zh: '电机型号', en: 'Motor model' },
  fields: {
    modelName: f.text('型号名称', 'Model name', { required: true, max: 64, search: 'like' }),
    modelCode: f.text('型号编码', 'Model code', { required: true, max: 32, unique: true, search: 'like' }),
    manufacturer: f.text('生产厂家', 'Manufacturer', { max: 64, search: 'like' }),
    motorType: f.dict('电机类型', 'Motor type', 'motor_type', { numeric: true, search: 'equal' }),
    ratedPowerKw: f.decimal('额定功率(kW)', 'Rated power (kW)', { min: 0, max: 2000 }),
    peakPowerKw: f.decimal('峰值功率(kW)', 'Peak power (kW)', { min: 0, max: 2000 }),
    ratedTorqueNm: f.decimal('额定转矩(N·m)', 'Rated torque (N·m)', { min: 0, max: 20000, list: false }),
    peakTorqueNm: f.decimal('峰值转矩(N·m)', 'Peak torque (N·m)', { min: 0, max: 20000, list: false }),
    maxSpeedRpm: f.int('最高转速(r/min)', 'Max speed (r/min)', { min: 0, max: 40000, list: false }),
    ratedVoltageV: f.decimal('额定电压(V)', 'Rated voltage (V)', { min: 0, max: 6000, list: false }),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true, list: false }),
  },
});
