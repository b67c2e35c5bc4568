import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { checkFenceGeometry } from '../../geo/fence-geometry.ts';
import { BASE } from './common.ts';

/**
 * A geofence. `geometry` is `{center:[lng,lat], radius}` (metres) for a circle and
 * `{points:[[lng,lat],…]}` for a polygon, drawn on the map; its shape is checked against
 * `fenceType` on every add and update (geo/fence-geometry.ts).
 */
export const electronicFence = defineEntity({
  ...BASE,
  name: 'electronicFence',
  caches: ['fences', 'places'],
  path: 'electronicFence',
  table: 'wdiov_electronic_fence',
  title: { zh: '电子围栏', en: 'Geofence' },
  check: (r, language) => {
    const geometry = checkFenceGeometry(r.fenceType, r.geometry, language);
    return geometry.ok ? undefined : `${geometry.message} [geometry]`;
  },
  fields: {
    fenceName: f.text('围栏名称', 'Fence name', { required: true, max: 64, search: 'like' }),
    fenceType: f.dict('围栏类型', 'Fence type', 'fence_type', { numeric: true, required: '请选择围栏类型', search: 'equal' }),
    geometry: f.json('围栏范围', 'Geometry', { required: '请在地图上绘制围栏', list: false, example: { center: [114.06, 22.54], radius: 500 } }),
    alarmOn: f.dict('报警方式', 'Alarm on', 'fence_alarm_on', { numeric: true, required: '请选择报警方式', default: 3 }),
    speedLimitKmh: f.int('限速(km/h)', 'Speed limit (km/h)', { min: 0, max: 220, list: false }),
    validFrom: f.datetime('生效时间', 'Valid from'),
    validTo: f.datetime('失效时间', 'Valid to'),
    orgId: f.ref('所属组织', 'Organisation', 'org', 'orgName', { search: 'equal' }),
    regionCode: f.region('所在地区', 'Region'),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true, list: false }),
  },
});

/** A vehicle watched by a fence. */
export const electronicFenceVehicle = defineEntity({
  ...BASE,
  name: 'electronicFenceVehicle',
  caches: ['fences'],
  path: 'electronicFenceVehicle',
  table: 'wdiov_electronic_fence_vehicle',
  title: { zh: '围栏车辆', en: 'Fenced vehicle' },
  fields: {
    fenceId: f.ref('电子围栏', 'Geofence', 'electronicFence', 'fenceName', { required: '请选择电子围栏', search: 'equal' }),
    vehicleId: f.ref('车辆', 'Vehicle', 'vehicle', 'vin', { required: '请选择车辆', search: 'equal' }),
    remark: f.text('备注', 'Remark', { max: 255, list: false }),
  },
});
