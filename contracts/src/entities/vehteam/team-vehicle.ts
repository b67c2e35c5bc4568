import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { VEHTEAM } from '../base/common.ts';

/**
 * The fleet team's roster entry for a master vehicle (wdiov-vehteam/vehicle in spec §7): which
 * team runs it, for what, and its default driver. A vehicle is on one roster at a time.
 */
export const teamVehicle = defineEntity({
  ...VEHTEAM,
  name: 'teamVehicle',
  path: 'vehicle',
  table: 'wdiov_team_vehicle',
  title: { zh: '车队车辆', en: 'Fleet vehicle' },
  fields: {
    vehicleId: f.ref('车辆', 'Vehicle', 'vehicle', 'vin', { required: '请选择车辆', unique: true, search: 'equal' }),
    orgId: f.ref('所属车队', 'Fleet', 'org', 'orgName', { required: '请选择所属车队', search: 'equal' }),
    driverId: f.ref('默认司机', 'Default driver', 'driver', 'driverName', { search: 'equal' }),
    usage: f.dict('车辆用途', 'Usage', 'team_vehicle_usage', { numeric: true, search: 'equal' }),
    teamVehicleStatus: f.dict('车辆状态', 'Status', 'team_vehicle_status', { numeric: true, default: 1, search: 'equal' }),
    loadCapacityKg: f.int('核定载质量(kg)', 'Payload (kg)', { min: 0, max: 100000, list: false }),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true, list: false }),
  },
});
