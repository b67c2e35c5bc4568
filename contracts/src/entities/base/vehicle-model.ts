import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { BASE } from './common.ts';

/** A vehicle type (公告车型): the defaults vehicles of that type share. */
export const vehicleModel = defineEntity({
  ...BASE,
  name: 'vehicleModel',
  path: 'vehicleModel',
  table: 'wdiov_vehicle_model',
  title: { zh: '车型', en: 'Vehicle model' },
  fields: {
    modelName: f.text('车型名称', 'Model name', { required: true, max: 64, search: 'like' }),
    modelCode: f.text('车型编码', 'Model code', { required: true, max: 32, unique: true, search: 'like' }),
    brand: f.text('品牌', 'Brand', { max: 32, search: 'like' }),
    manufacturer: f.text('生产厂家', 'Manufacturer', { max: 64, list: false }),
    /** Model number in the MIIT vehicle announcement, which compliance forwarding reports. */
    announcementNo: f.text('公告型号', 'Announcement no.', { max: 32, list: false }),
    vehicleType: f.dict('车辆类型', 'Vehicle type', 'vehicle_type', { numeric: true, search: 'equal' }),
    energyType: f.dict('能源类型', 'Energy type', 'energy_type', { numeric: true, search: 'equal' }),
    motorModelId: f.ref('电机型号', 'Motor model', 'motorModel', 'modelName', { list: false }),
    batteryModelId: f.ref('电池型号', 'Battery model', 'batteryModel', 'modelName', { list: false }),
    curbWeightKg: f.int('整备质量(kg)', 'Curb weight (kg)', { min: 0, max: 100000, list: false }),
    totalMassKg: f.int('总质量(kg)', 'Gross mass (kg)', { min: 0, max: 100000, list: false }),
    maxSpeedKmh: f.int('最高车速(km/h)', 'Top speed (km/h)', { min: 0, max: 500, list: false }),
    rangeKm: f.int('续航里程(km)', 'Range (km)', { min: 0, max: 5000 }),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true, list: false }),
  },
});

/**
 * The ECUs fitted to a vehicle model, so CAN/UDS fault codes of its vehicles are read with the
 * right ECU. Served by vehicleModel/modelEcuList, modelEcuPage and saveEcu (spec §7) on top
 * of these plain routes.
 */
export const vehicleModelEcu = defineEntity({
  ...BASE,
  name: 'vehicleModelEcu',
  path: 'vehicleModelEcu',
  table: 'wdiov_vehicle_model_ecu',
  title: { zh: '车型ECU', en: 'Vehicle model ECU' },
  defaultSort: { column: 'sort', asc: true },
  fields: {
    vehicleModelId: f.ref('车型', 'Vehicle model', 'vehicleModel', 'modelName', { required: '请选择车型', search: 'equal' }),
    ecuId: f.ref('ECU', 'ECU', 'ecuManage', 'ecuName', { required: '请选择ECU', search: 'equal' }),
    sort: f.int('排序', 'Sort', { default: 1 }),
    remark: f.text('备注', 'Remark', { max: 255, list: false }),
  },
});
