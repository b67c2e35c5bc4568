import { defineEntity, type EntityConfig } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';

/** What alarm and fault rows share: the service, tenancy, audit and newest-first order. */
const VEHICLE_EVENTS = {
  service: 'wdiov-base',
  tenant: true,
  audit: 'full',
  defaultSort: { column: 'start_time', asc: false },
  ofVehicle: true,
} satisfies Partial<EntityConfig>;

/** The vehicle an event belongs to, kept on the row so lists need no join. */
const vehicleOf = () => ({
  vin: f.text('车架号', 'VIN', { required: true, max: 17, search: 'like', index: true }),
  plateNumber: f.text('车牌号', 'Plate', { max: 20, search: 'like' }),
});

/**
 * Alarms raised by the alarm engine (GB/T 32960 flags and platform rules). One row per
 * occurrence: its id is derived from vehicle, type and start, so a redelivered event updates
 * the same row instead of adding one.
 */
export const vehicleAlarmData = defineEntity({
  name: 'vehicleAlarmData',
  ...VEHICLE_EVENTS,
  path: 'vehicleAlarmData',
  table: 'wdiov_vehicle_alarm_data',
  title: { zh: '车辆告警', en: 'Vehicle alarm' },
  fields: {
    ...vehicleOf(),
    alarmType: f.text('告警类型', 'Alarm type', { required: true, max: 64, search: 'equal', index: true }),
    alarmName: f.text('告警名称', 'Alarm', { max: 64, search: 'like' }),
    alarmLevel: f.int('告警等级', 'Level', { min: 0, max: 4, search: 'equal' }),
    source: f.text('来源', 'Source', { max: 16, search: 'equal' }),
    startTime: f.datetime('开始时间', 'Start', { required: true, index: true }),
    endTime: f.datetime('结束时间', 'End'),
    duration: f.int('持续时长(秒)', 'Duration (s)'),
    speed: f.decimal('车速(km/h)', 'Speed (km/h)', { scale: 1 }),
    lng: f.decimal('经度', 'Longitude', { scale: 6, list: false }),
    lat: f.decimal('纬度', 'Latitude', { scale: 6, list: false }),
    isHandle: f.bool('已处理', 'Handled', { default: false, search: 'equal' }),
    handleUser: f.text('处理人', 'Handled by', { max: 64 }),
    handleTime: f.datetime('处理时间', 'Handled at'),
    handleRemark: f.text('处理意见', 'Handling remark', { max: 500 }),
  },
});

/** Fault codes reported by vehicles (alarm-block fault lists, J1939 DM1, UDS DTCs). */
export const vehicleFaultData = defineEntity({
  name: 'vehicleFaultData',
  ...VEHICLE_EVENTS,
  path: 'vehicleFaultData',
  table: 'wdiov_vehicle_fault_data',
  title: { zh: '车辆故障', en: 'Vehicle fault' },
  fields: {
    ...vehicleOf(),
    category: f.text('故障类别', 'Category', { max: 16, search: 'equal' }),
    faultCode: f.text('故障码', 'Fault code', { required: true, max: 32, search: 'like' }),
    faultName: f.text('故障名称', 'Fault', { max: 128, search: 'like' }),
    spn: f.int('SPN', 'SPN', { search: 'equal' }),
    fmi: f.int('FMI', 'FMI', { search: 'equal' }),
    faultLevel: f.int('故障等级', 'Level', { min: 0, max: 4, search: 'equal' }),
    startTime: f.datetime('开始时间', 'Start', { required: true, index: true }),
    endTime: f.datetime('结束时间', 'End'),
    duration: f.int('持续时长(秒)', 'Duration (s)'),
    isHandle: f.bool('已处理', 'Handled', { default: false, search: 'equal' }),
    handleUser: f.text('处理人', 'Handled by', { max: 64 }),
    handleTime: f.datetime('处理时间', 'Handled at'),
  },
});

/** Entries into and exits from electronic fences. */
export const fenceAccessRecord = defineEntity({
  name: 'fenceAccessRecord',
  service: 'wdiov-base',
  path: 'fenceAccessRecord',
  table: 'wdiov_fence_access_record',
  title: { zh: '围栏进出记录', en: 'Fence access record' },
  tenant: true,
  audit: 'full',
  defaultSort: { column: 'access_time', asc: false },
  ofVehicle: true,
  fields: {
    vin: f.text('车架号', 'VIN', { required: true, max: 17, search: 'like', index: true }),
    plateNumber: f.text('车牌号', 'Plate', { max: 20, search: 'like' }),
    fenceId: f.bigint('围栏ID', 'Fence id', { search: 'equal' }),
    fenceName: f.text('围栏名称', 'Fence', { max: 64, search: 'like' }),
    accessType: f.int('进出类型', 'Access', { min: 1, max: 2, search: 'equal' }),
    accessTime: f.datetime('进出时间', 'Time', { required: true, index: true }),
    speed: f.decimal('车速(km/h)', 'Speed (km/h)', { scale: 1 }),
    lng: f.decimal('经度', 'Longitude', { scale: 6 }),
    lat: f.decimal('纬度', 'Latitude', { scale: 6 }),
  },
});
