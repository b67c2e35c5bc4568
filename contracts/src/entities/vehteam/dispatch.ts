import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { VEHTEAM } from '../base/common.ts';

/**
 * A dispatch order. Its status moves only through the actions submit, toDeploy, revoke and
 * close (spec §4), so a submit cannot set it: a new order starts as a draft.
 */
export const dispatch = defineEntity({
  ...VEHTEAM,
  name: 'dispatch',
  path: 'dispatch',
  table: 'wdiov_dispatch',
  title: { zh: '派车单', en: 'Dispatch' },
  fields: {
    dispatchNo: f.text('派车单号', 'Dispatch no.', { required: true, max: 32, unique: true, search: 'like' }),
    vehicleId: f.ref('车辆', 'Vehicle', 'vehicle', 'vin', { required: '请选择车辆', search: 'equal' }),
    driverId: f.ref('司机', 'Driver', 'driver', 'driverName', { required: '请选择司机', search: 'equal' }),
    routeId: f.ref('线路', 'Route', 'route', 'routeName', { search: 'equal' }),
    orgId: f.ref('所属车队', 'Fleet', 'org', 'orgName', { search: 'equal' }),
    planStart: f.datetime('计划出车时间', 'Planned start', { required: true, search: 'datege' }),
    planEnd: f.datetime('计划返回时间', 'Planned end'),
    cargoName: f.text('货物名称', 'Cargo', { max: 64, list: false }),
    cargoWeightKg: f.decimal('货物重量(kg)', 'Cargo weight (kg)', { min: 0, max: 100000, list: false }),
    // Written by the moves: the vehicle leaves on deploy and is back on close.
    departTime: f.datetime('出车时间', 'Departed at', { readOnly: true, form: false }),
    departOdometer: f.decimal('出车里程(km)', 'Odometer out (km)', { min: 0, max: 99999999, scale: 1, form: false, list: false }),
    returnTime: f.datetime('返回时间', 'Returned at', { readOnly: true, form: false }),
    returnOdometer: f.decimal('返回里程(km)', 'Odometer back (km)', { min: 0, max: 99999999, scale: 1, form: false, list: false }),
    dispatchStatus: f.dict('派车状态', 'Status', 'dispatch_status', { numeric: true, default: 1, readOnly: true, form: false, search: 'equal' }),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true, list: false }),
  },
});
