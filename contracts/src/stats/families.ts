import type { StatsDay, StatsVehicle } from './figures.ts';

/**
 * The statistics families with a per-vehicle list (wdiov-base), one definition each: the list
 * call and its default order, the per-day call drawn above it, the columns (list, export) and
 * the series of the chart. The gateway's routes and exports and the console's statistics
 * screens are all made from these.
 */
export interface StatsColumn {
  field: keyof StatsVehicle;
  zh: string;
  en: string;
}

export interface StatsFamily {
  /** Service path: /api/wdiov-base/<path>/<list>. */
  path: string;
  list: string;
  /** Per-day call over the fleet, when the family has one. */
  daily?: string;
  sortBy: keyof StatsVehicle;
  title: { zh: string; en: string };
  /** Console route of the screen. */
  route: string;
  columns: StatsColumn[];
  /** Per-day figures drawn as bars (first) and a line (second). */
  chart: (keyof StatsDay)[];
  /** Detail screens a row opens for its vehicle (`?vin=` and the list's dates). */
  details?: StatsDetail[];
}

/** The specification's statistics detail routes (one vehicle each). */
export const STATS_DETAIL_ROUTES = {
  hop: '/vehicleHopStatisticsDetails/index',
  changes: '/vehicleChangesAnalysisDetails/index',
  driverBehavior: '/driverBehaviorDetail/index',
} as const;

export interface StatsDetail {
  route: (typeof STATS_DETAIL_ROUTES)[keyof typeof STATS_DETAIL_ROUTES];
  zh: string;
  en: string;
}

const HOP_DETAIL: StatsDetail = { route: STATS_DETAIL_ROUTES.hop, zh: '跳变详情', en: 'Hop details' };
const CHANGES_DETAIL: StatsDetail = { route: STATS_DETAIL_ROUTES.changes, zh: '变化分析', en: 'Change analysis' };
const BEHAVIOR_DETAIL: StatsDetail = { route: STATS_DETAIL_ROUTES.driverBehavior, zh: '驾驶行为', en: 'Driver behaviour' };

const col = (field: keyof StatsVehicle, zh: string, en: string): StatsColumn => ({ field, zh, en });
const VEHICLE = [col('vin', '车架号', 'VIN'), col('plateNumber', '车牌号', 'Plate')];

export const STATS_FAMILIES: StatsFamily[] = [
  {
    path: 'mileageStatistics', list: 'list', daily: 'dashboard', sortBy: 'mileage', route: '/statistics/mileage',
    title: { zh: '里程统计', en: 'Mileage statistics' }, chart: ['mileage', 'drivingHours'], details: [CHANGES_DETAIL, BEHAVIOR_DETAIL],
    columns: [...VEHICLE, col('mileage', '里程(km)', 'Mileage (km)'), col('drivingHours', '行驶时长(h)', 'Driving (h)'), col('resetCount', '里程清零次数', 'Odometer resets')],
  },
  {
    path: 'vehicleOnlineDaily', list: 'page', daily: 'statistics', sortBy: 'onlineHours', route: '/statistics/onlineDaily',
    title: { zh: '车辆在线日统计', en: 'Daily online statistics' }, chart: ['onlineVehicles', 'onlineRate'],
    columns: [...VEHICLE, col('onlineDays', '在线天数', 'Days online'), col('onlineHours', '在线时长(h)', 'Online (h)'), col('frames', '上报帧数', 'Frames')],
  },
  {
    path: 'vehicleOfflineStatistics', list: 'page', daily: 'statistics', sortBy: 'offlineHours', route: '/statistics/offline',
    title: { zh: '车辆离线统计', en: 'Offline statistics' }, chart: ['offlineVehicles', 'onlineRate'],
    columns: [...VEHICLE, col('offlineDays', '离线天数', 'Days offline'), col('offlineHours', '离线时长(h)', 'Offline (h)'), col('onlineDays', '在线天数', 'Days online')],
  },
  {
    path: 'invalidDataStatistics', list: 'page', daily: 'statistics', sortBy: 'invalidCount', route: '/statistics/invalidData',
    title: { zh: '无效数据统计', en: 'Invalid data statistics' }, chart: ['invalidCount', 'abnormalCount'],
    columns: [...VEHICLE, col('frames', '上报帧数', 'Frames'), col('invalidCount', '无效帧数', 'Invalid frames'), col('abnormalCount', '异常值帧数', 'Abnormal frames'), col('invalidRate', '无效率(%)', 'Invalid (%)')],
  },
  {
    path: 'vehicleHopStatistics', list: 'infoPage', daily: 'statistics', sortBy: 'hopCount', route: '/statistics/hop',
    title: { zh: '里程跳变统计', en: 'Mileage hop statistics' }, chart: ['hopCount', 'hopKm'], details: [HOP_DETAIL],
    columns: [...VEHICLE, col('hopCount', '跳变次数', 'Hops'), col('hopKm', '跳变里程(km)', 'Hop distance (km)'), col('mileage', '里程(km)', 'Mileage (km)')],
  },
  {
    path: 'energyConsumptionStatistics', list: 'page', daily: 'statistics', sortBy: 'energyUsed', route: '/statistics/energyConsumption',
    title: { zh: '能耗统计', en: 'Energy consumption' }, chart: ['energyUsed', 'energyCharged'],
    columns: [...VEHICLE, col('mileage', '里程(km)', 'Mileage (km)'), col('energyUsed', '耗电量(kWh)', 'Used (kWh)'), col('energyCharged', '充电量(kWh)', 'Charged (kWh)'), col('energyPer100Km', '百公里能耗(kWh)', 'kWh per 100 km')],
  },
  {
    path: 'vehicleConditionStatis', list: 'vehicleList', sortBy: 'mileage', route: '/statistics/vehicleCondition',
    title: { zh: '车况统计', en: 'Vehicle condition' }, chart: ['mileage', 'alarmCount'], details: [CHANGES_DETAIL, BEHAVIOR_DETAIL],
    columns: [...VEHICLE, col('mileage', '里程(km)', 'Mileage (km)'), col('drivingHours', '行驶时长(h)', 'Driving (h)'), col('chargingHours', '充电时长(h)', 'Charging (h)'), col('alarmCount', '报警数', 'Alarms'), col('faultCount', '故障数', 'Faults')],
  },
];

export const statsFamily = (path: string) => STATS_FAMILIES.find((f) => f.path === path);

/** The energy storage screen (per-cell analytics of one vehicle: energyStorageStatis). */
export const ENERGY_STORAGE_ROUTE = '/statistics/energyStorage';
