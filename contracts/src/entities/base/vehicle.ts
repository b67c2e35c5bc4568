import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { BASE } from './common.ts';
import { PLATE, VIN } from './patterns.ts';

/**
 * The master vehicle record. The VIN is the identity everything else keys on (GB/T 32960
 * frames carry it), so it is required and unique across the platform: the ingest gives a VIN's
 * frames to the one vehicle holding it, so a tenant registering another's VIN would receive them (a
 * vehicle changes tenant only by the platform administrator's transfer). The plate is neither, since stock vehicles
 * have none yet and plates are re-issued.
 */
export const vehicle = defineEntity({
  ...BASE,
  name: 'vehicle',
  caches: ['directory', 'fences', 'scopes', 'rules'],
  // Polled by every console (lists, realtime info): answered from memory between writes.
  readCache: true,
  path: 'vehicle',
  table: 'wdiov_vehicle',
  title: { zh: '车辆', en: 'Vehicle' },
  fields: {
    vin: f.text('车架号', 'VIN', { required: true, max: 17, unique: 'platform', search: 'like', ...VIN }),
    plateNumber: f.text('车牌号', 'Plate number', { max: 16, search: 'like', index: true, ...PLATE }),
    vehicleModelId: f.ref('车型', 'Vehicle model', 'vehicleModel', 'modelName', { required: '请选择车型', search: 'equal' }),
    terminalId: f.ref('终端', 'Terminal', 'terminal', 'terminalNo', { search: 'equal' }),
    orgId: f.ref('所属组织', 'Organisation', 'org', 'orgName', { required: '请选择所属组织', search: 'equal' }),
    customerId: f.ref('客户', 'Customer', 'customer', 'customerName', { search: 'equal' }),
    distributorId: f.ref('经销商', 'Distributor', 'distributor', 'distributorName', { list: false }),
    salesRegionId: f.ref('销售区域', 'Sales region', 'salesRegion', 'regionName', { list: false }),
    regionCode: f.region('所属地区', 'Region'),
    batteryPackId: f.ref('电池包', 'Battery pack', 'batteryPack', 'packCode', { list: false }),
    energyType: f.dict('能源类型', 'Energy type', 'energy_type', { numeric: true, search: 'equal' }),
    vehicleStatus: f.dict('车辆状态', 'Vehicle status', 'vehicle_status', { numeric: true, default: 1, search: 'equal' }),
    purpose: f.dict('车辆用途', 'Purpose', 'vehicle_purpose', { numeric: true, list: false }),
    engineNo: f.text('发动机号', 'Engine no.', { max: 32, list: false }),
    motorNo: f.text('电机编号', 'Motor no.', { max: 32, list: false }),
    color: f.text('车身颜色', 'Colour', { max: 16, list: false }),
    productionDate: f.date('生产日期', 'Production date', { list: false }),
    registerDate: f.date('注册日期', 'Registration date'),
    insuranceExpireDate: f.date('保险到期日', 'Insurance expiry', { list: false }),
    annualInspectionDate: f.date('年检到期日', 'Annual inspection due', { list: false }),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true, list: false }),
  },
});
