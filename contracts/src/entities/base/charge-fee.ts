import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { BASE } from './common.ts';
import { TIME_OF_DAY } from './patterns.ts';

/**
 * One time-of-use tariff period of a station (sharp/peak/flat/valley): energy price plus
 * service fee per kWh, priced to 4 decimals as grid tariffs are.
 */
export const chargeFee = defineEntity({
  ...BASE,
  name: 'chargeFee',
  path: 'chargeFee',
  table: 'wdiov_charge_fee',
  title: { zh: '充电费用', en: 'Charging tariff' },
  fields: {
    chargeStationId: f.ref('充电站', 'Station', 'chargeStation', 'stationName', { required: '请选择充电站', search: 'equal' }),
    periodType: f.dict('电价时段', 'Period', 'charge_period', { numeric: true, required: '请选择电价时段', search: 'equal' }),
    startTime: f.text('开始时间', 'From', { required: true, max: 5, ...TIME_OF_DAY }),
    endTime: f.text('结束时间', 'To', { required: true, max: 5, ...TIME_OF_DAY }),
    electricityPrice: f.decimal('电费(元/kWh)', 'Energy price (CNY/kWh)', { required: true, min: 0, max: 100, scale: 4 }),
    servicePrice: f.decimal('服务费(元/kWh)', 'Service fee (CNY/kWh)', { min: 0, max: 100, scale: 4, default: 0 }),
    effectiveDate: f.date('生效日期', 'Effective from'),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true, list: false }),
  },
});
