import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { BASE } from './common.ts';
import { LAT, LNG, PHONE } from './patterns.ts';

/** A charging site; piles and tariffs belong to it. */
export const chargeStation = defineEntity({
  ...BASE,
  name: 'chargeStation',
  path: 'chargeStation',
  table: 'wdiov_charge_station',
  caches: ['places'],
  title: { zh: '充电站', en: 'Charging station' },
  fields: {
    stationName: f.text('充电站名称', 'Station name', { required: true, max: 64, search: 'like' }),
    stationCode: f.text('充电站编号', 'Station code', { required: true, max: 32, unique: true, search: 'like' }),
    stationType: f.dict('充电站类型', 'Station type', 'station_type', { numeric: true, search: 'equal' }),
    operatorName: f.text('运营商', 'Operator', { max: 64, search: 'like' }),
    address: f.text('地址', 'Address', { max: 255 }),
    lng: f.decimal('经度', 'Longitude', LNG),
    lat: f.decimal('纬度', 'Latitude', LAT),
    contactPhone: f.text('联系电话', 'Phone', { max: 20, list: false, ...PHONE }),
    openHours: f.text('营业时间', 'Opening hours', { max: 64, list: false }),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true, list: false }),
  },
});
