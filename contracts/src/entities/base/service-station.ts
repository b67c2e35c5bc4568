import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { BASE } from './common.ts';
import { LAT, LNG, PHONE } from './patterns.ts';

/**
 * An after-sales service station. Province/city/district are picked level by level from the
 * administrative divisions (spec §7: region lookup by regionLevel).
 */
export const serviceStation = defineEntity({
  ...BASE,
  name: 'serviceStation',
  path: 'serviceStation',
  table: 'wdiov_service_station',
  caches: ['places'],
  title: { zh: '服务站', en: 'Service station' },
  fields: {
    stationName: f.text('服务站名称', 'Station name', { required: true, max: 64, search: 'like' }),
    stationCode: f.text('服务站编码', 'Station code', { required: true, max: 32, unique: true, search: 'like' }),
    stationType: f.dict('服务站类型', 'Station type', 'service_station_type', { numeric: true, search: 'equal' }),
    provinceId: f.ref('省份', 'Province', 'region', 'name', { search: 'equal' }),
    cityId: f.ref('城市', 'City', 'region', 'name', { search: 'equal' }),
    districtId: f.ref('区县', 'District', 'region', 'name', { list: false }),
    address: f.text('详细地址', 'Address', { max: 255 }),
    lng: f.decimal('经度', 'Longitude', LNG),
    lat: f.decimal('纬度', 'Latitude', LAT),
    contactName: f.text('联系人', 'Contact', { max: 32 }),
    contactPhone: f.text('联系电话', 'Phone', { max: 20, ...PHONE }),
    businessHours: f.text('营业时间', 'Business hours', { max: 64, list: false }),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true, list: false }),
  },
});
