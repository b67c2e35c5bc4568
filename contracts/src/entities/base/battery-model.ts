import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { BASE } from './common.ts';

/** Battery type data; cell and probe counts are what the RESS voltage/temperature blocks should report. */
export const batteryModel = defineEntity({
  ...BASE,
  name: 'batteryModel',
  path: 'batteryModel',
  table: 'wdiov_battery_model',
  title: { zh: '电池型号', en: 'Battery model' },
  fields: {
    modelName: f.text('型号名称', 'Model name', { required: true, max: 64, search: 'like' }),
    modelCode: f.text('型号编码', 'Model code', { required: true, max: 32, unique: true, search: 'like' }),
    manufacturer: f.text('生产厂家', 'Manufacturer', { max: 64, search: 'like' }),
    chemistry: f.dict('电池类型', 'Chemistry', 'battery_chemistry', { search: 'equal' }),
    ratedCapacityAh: f.decimal('额定容量(Ah)', 'Rated capacity (Ah)', { min: 0, max: 100000 }),
    ratedVoltageV: f.decimal('额定电压(V)', 'Rated voltage (V)', { min: 0, max: 6000 }),
    ratedEnergyKwh: f.decimal('额定能量(kWh)', 'Rated energy (kWh)', { min: 0, max: 100000 }),
    cellCount: f.int('单体数量', 'Cell count', { min: 1, max: 65531, list: false }),
    probeCount: f.int('温度探针数', 'Probe count', { min: 0, max: 65531, list: false }),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true, list: false }),
  },
});
