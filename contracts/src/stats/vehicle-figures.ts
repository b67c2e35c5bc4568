/**
 * Answers of the statistics calls about one vehicle (vehicleConditionStatis,
 * energyStorageStatis, routeTimeline, vehicleReport), shared by the gateway and the screens.
 */

/** One cell's voltages over the window, ranked by mean (energyStorageStatis/singleVoltageRank). */
export interface CellRank {
  rank: number;
  packNo: number;
  cellNo: number;
  avgVoltage: number;
  minVoltage: number;
  maxVoltage: number;
  /** Mean minus the pack's mean of cell means, mV. */
  deviationMv: number;
  samples: number;
}

/** The newest frame's cell voltages (energyStorageStatis/singleVoltageScatter). */
export interface CellScatter {
  ts: number | null;
  points: { packNo: number; cellNo: number; voltage: number }[];
}

/** Share of frames whose highest-to-lowest cell spread falls in [fromMv, toMv) (diffVoltageProbabi). */
export interface DiffVoltageBucket {
  fromMv: number;
  toMv: number;
  count: number;
  /** Percent of the frames with cell voltages. */
  probability: number;
}

/** A probe reading that jumped between consecutive frames (energyStorageStatis/temperatureHop). */
export interface TemperatureHop {
  ts: number;
  previousTs: number;
  packNo: number;
  probeNo: number;
  fromC: number;
  toC: number;
  deltaC: number;
}

/** A stretch of a vehicle's timeline (routeTimeline/page). */
export interface RouteSegment {
  kind: 'drive' | 'stop' | 'silence';
  start: number;
  end: number;
  durationS: number;
  distanceKm: number;
  maxSpeed: number;
  avgSpeed: number;
  startLng: number | null;
  startLat: number | null;
  endLng: number | null;
  endLat: number | null;
}

/**
 * The statistics calls of wdiov-base that take a query (no body), each with a query that
 * answers 200 for a vehicle the caller sees (`{vin}` stands for its VIN). The gateway's route
 * walks and bad-input walks run over this list.
 */
export const STATS_CALLS: { path: string; query: string }[] = [
  ...['mileageStatistics/list', 'mileageStatistics/dashboard', 'vehicleOnlineDaily/page', 'vehicleOnlineDaily/statistics',
    'vehicleOfflineStatistics/page', 'vehicleOfflineStatistics/statistics', 'invalidDataStatistics/page', 'invalidDataStatistics/statistics',
    'energyConsumptionStatistics/page', 'energyConsumptionStatistics/statistics', 'vehicleHopStatistics/infoPage',
    'vehicleHopStatistics/statistics', 'vehicleConditionStatis/vehicleList', 'vehicleReport/page', 'dataBoard/getAlarmAndFaultDate',
    'dataBoard/getMileAndReduceEnergyEmissionData', 'dataBoard/getVehicleTotalMile'].map((path) => ({ path, query: 'days=7' })),
  ...['vehicleConditionStatis/getStartEnd', 'vehicleConditionStatis/detail'].map((path) => ({ path, query: 'vin={vin}&days=7' })),
  ...['energyStorageStatis/singleVoltageRank', 'energyStorageStatis/singleVoltageScatter', 'energyStorageStatis/diffVoltageProbabi',
    'energyStorageStatis/temperatureHop', 'routeTimeline/page', 'vehicleHopStatistics/detail', 'vehicleConditionStatis/driverBehavior'].map((path) => ({ path, query: 'vin={vin}' })),
];
