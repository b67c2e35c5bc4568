import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { BASE } from './common.ts';

export const chargePile = defineEntity({
  ...BASE,
  name: 'chargePile',
  path: 'chargePile',
  table: 'wdiov_charge_pile',
  title: { zh: '充电桩', en: 'Charging pile' },
  fields: {
    pileCode: f.text('桩编号', 'Pile code', { required: true, max: 32, unique: true, search: 'like' }),
    pileName: f.text('桩名称', 'Pile name', { max: 64, search: 'like' }),
    chargeStationId: f.ref('所属充电站', 'Station', 'chargeStation', 'stationName', { required: '请选择所属充电站', search: 'equal' }),
    pileType: f.dict('充电桩类型', 'Pile type', 'pile_type', { numeric: true, required: '请选择充电桩类型', search: 'equal' }),
    ratedPowerKw: f.decimal('额定功率(kW)', 'Rated power (kW)', { min: 0, max: 1000 }),
    gunCount: f.int('充电枪数', 'Connectors', { min: 1, max: 16, default: 1 }),
    pileStatus: f.dict('充电桩状态', 'Pile status', 'pile_status', { numeric: true, default: 1, search: 'equal' }),
    manufacturer: f.text('生产厂家', 'Manufacturer', { max: 64, list: false }),
    installDate: f.date('安装日期', 'Install date', { list: false }),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true, list: false }),
  },
});
