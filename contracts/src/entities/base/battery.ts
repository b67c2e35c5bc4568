import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { BASE } from './common.ts';

/** A battery module (a traceable unit inside a pack), tracked for swaps, repair and second life. */
export const battery = defineEntity({
  ...BASE,
  name: 'battery',
  path: 'battery',
  table: 'wdiov_battery',
  title: { zh: '电池', en: 'Battery' },
  fields: {
    batteryCode: f.text('电池编码', 'Battery code', { required: true, max: 32, unique: true, search: 'like' }),
    batteryModelId: f.ref('电池型号', 'Battery model', 'batteryModel', 'modelName', { search: 'equal' }),
    batteryPackId: f.ref('所属电池包', 'Battery pack', 'batteryPack', 'packCode', { search: 'equal' }),
    positionNo: f.int('包内位置', 'Position in pack', { min: 1, max: 250 }),
    productionDate: f.date('生产日期', 'Production date'),
    sohPercent: f.decimal('健康度SOH(%)', 'SOH (%)', { min: 0, max: 100, scale: 1 }),
    batteryStatus: f.dict('电池状态', 'Battery status', 'battery_status', { numeric: true, default: 1, search: 'equal' }),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true, list: false }),
  },
});
