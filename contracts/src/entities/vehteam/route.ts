import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { VEHTEAM } from '../base/common.ts';
import { LAT, LNG } from '../base/patterns.ts';

/** A planned route dispatches follow; `waypoints` is `[[lng,lat],…]` between start and end. */
export const route = defineEntity({
  ...VEHTEAM,
  name: 'route',
  path: 'route',
  table: 'wdiov_route',
  title: { zh: '线路', en: 'Route' },
  fields: {
    routeName: f.text('线路名称', 'Route name', { required: true, max: 64, search: 'like' }),
    startAddress: f.text('起点', 'From', { required: true, max: 255, search: 'like' }),
    startLng: f.decimal('起点经度', 'From longitude', LNG),
    startLat: f.decimal('起点纬度', 'From latitude', LAT),
    endAddress: f.text('终点', 'To', { required: true, max: 255, search: 'like' }),
    endLng: f.decimal('终点经度', 'To longitude', LNG),
    endLat: f.decimal('终点纬度', 'To latitude', LAT),
    waypoints: f.json('途经点', 'Waypoints', { list: false }),
    distanceKm: f.decimal('里程(km)', 'Distance (km)', { min: 0, max: 100000, scale: 1 }),
    estimatedMinutes: f.int('预计时长(分钟)', 'Estimated time (min)', { min: 0, max: 100000 }),
    orgId: f.ref('所属车队', 'Fleet', 'org', 'orgName', { search: 'equal' }),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true, list: false }),
  },
});
