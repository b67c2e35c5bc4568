import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';
import { VEHTEAM } from '../base/common.ts';

export const repairRecord = defineEntity({
  ...VEHTEAM,
  name: 'repairRecord',
  path: 'repairRecord',
  table: 'wdiov_repair_record',
  title: { zh: '维修记录', en: 'Repair record' },
  fields: {
    vehicleId: f.ref('车辆', 'Vehicle', 'vehicle', 'vin', { required: '请选择车辆', search: 'equal' }),
    repairType: f.dict('维修类型', 'Repair type', 'repair_type', { numeric: true, required: '请选择维修类型', search: 'equal' }),
    repairStatus: f.dict('维修状态', 'Repair status', 'repair_status', { numeric: true, default: 1, search: 'equal' }),
    faultTime: f.datetime('故障时间', 'Fault at'),
    faultDescription: f.text('故障描述', 'Fault description', { required: true, max: 1000, multiline: true }),
    driverId: f.ref('报修司机', 'Reported by', 'driver', 'driverName', { list: false }),
    serviceStationId: f.ref('服务站', 'Service station', 'serviceStation', 'stationName', { search: 'equal' }),
    repairDate: f.date('送修日期', 'In repair from', { search: 'datege' }),
    finishDate: f.date('完工日期', 'Finished on'),
    repairContent: f.text('维修内容', 'Work done', { max: 1000, multiline: true, list: false }),
    mileageKm: f.decimal('维修时里程(km)', 'Odometer (km)', { min: 0, max: 9999999, scale: 1, list: false }),
    cost: f.decimal('费用(元)', 'Cost (CNY)', { min: 0, max: 10000000 }),
    handlerName: f.text('经办人', 'Handled by', { max: 32, list: false }),
    remark: f.text('备注', 'Remark', { max: 500, multiline: true, list: false }),
  },
});
