import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { BASE } from './common.ts';

/**
 * A rechargeable energy-storage pack (GB/T 34014 code, as the 2025 login frame reports it).
 * A pack outlives vehicles (swaps, second life), so the vehicle points at the pack.
 * Remove takes one `id` (spec §7).
 */
export const batteryPack = defineEntity({
  ...BASE,
  name: 'batteryPack',
  path: 'batteryPack',
  table: 'wdiov_battery_pack',
  title: { zh: '电池包', en: 'Battery pack' },
  removeBy: 'id',
  fields: {
    packCode: f.text('电池包编码', 'Pack code', { required: true, max: 32, unique: true, search: 'like' }),
    batteryModelId: f.ref('电池型号', 'Battery model', 'batteryModel', 'modelName', { search: 'equal' }),
    chemistry: f.dict('电池类型', 'Chemistry', 'battery_chemistry', { search: 'equal' }),
    ratedCapacityAh: f.decimal('额定容量(Ah)', 'Rated capacity (Ah)', { min: 0, max: 100000 }),
    ratedVoltageV: f.decimal('额定电压(V)', 'Rated voltage (V)', { min: 0, max: 6000 }),
    cellCount: f.int('单体数量', 'Cell count', { min: 1, max: 65531 }),
    probeCount: f.int('温度探针数', 'Probe count', { min: 0, max: 65531 }),
    manufacturer: f.text('生产厂家', 'Manufacturer', { max: 64, list: false }),
    productionDate: f.date('生产日期', 'Production date', { list: false }),
    sohPercent: f.decimal('健康度SOH(%)', 'SOH (%)', { min: 0, max: 100, scale: 1 }),
    batteryStatus: f.dict('电池状态', 'Battery status', 'battery_status', { numeric: true, default: 1, search: 'equal' }),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true, list: false }),
  },
});
