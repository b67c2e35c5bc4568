import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { VEHTEAM } from '../base/common.ts';
import { PLATE, VIN } from '../base/patterns.ts';

/** A semi-trailer (no terminal of its own), hitched to a tractor from the vehicle list. */
export const trailerVehicle = defineEntity({
  ...VEHTEAM,
  name: 'trailerVehicle',
  path: 'trailerVehicle',
  table: 'wdiov_trailer_vehicle',
  title: { zh: '挂车', en: 'Trailer' },
  fields: {
    trailerPlate: f.text('挂车车牌', 'Trailer plate', { required: true, max: 16, unique: true, search: 'like', ...PLATE }),
    trailerVin: f.text('挂车车架号', 'Trailer VIN', { max: 17, search: 'like', list: false, ...VIN }),
    trailerType: f.dict('挂车类型', 'Trailer type', 'trailer_type', { numeric: true, search: 'equal' }),
    tractorVehicleId: f.ref('牵引车', 'Tractor', 'vehicle', 'vin', { search: 'equal' }),
    orgId: f.ref('所属车队', 'Fleet', 'org', 'orgName', { search: 'equal' }),
    loadCapacityKg: f.int('核定载质量(kg)', 'Payload (kg)', { min: 0, max: 100000 }),
    axleCount: f.int('轴数', 'Axles', { min: 1, max: 6, list: false }),
    registerDate: f.date('注册日期', 'Registration date', { list: false }),
    annualInspectionDate: f.date('年检到期日', 'Annual inspection due'),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true, list: false }),
  },
});
