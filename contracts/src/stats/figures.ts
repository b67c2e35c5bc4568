/**
 * The statistics calls' answers (wdiov-base statistics, dataBoard, largeScreenStatistics), shared
 * by the gateway that computes them from the daily rollups and the screens that draw them.
 */

/**
 * CO₂ avoided by driving electric, in kg: what a petrol car would have emitted over the same
 * distance, less what the grid emitted for the energy used.
 * - petrol car: 8 L/100 km × 2.36 kg CO₂/L = 0.1888 kg/km;
 * - grid: 0.5703 kg CO₂/kWh, China's national grid average emission factor (MEE, 2022 figure).
 */
export const CO2_PETROL_KG_PER_KM = 0.1888;
export const CO2_GRID_KG_PER_KWH = 0.5703;
export const co2AvoidedKg = (mileageKm: number, energyUsedKwh: number) =>
  Math.max(0, mileageKm * CO2_PETROL_KG_PER_KM - energyUsedKwh * CO2_GRID_KG_PER_KWH);

/** Longest range a statistics call accepts, in days. */
export const STATS_MAX_DAYS = 366;

/** A day's figures over the caller's fleet. */
export interface StatsDay {
  date: string;
  mileage: number;
  energyUsed: number;
  energyCharged: number;
  drivingHours: number;
  chargingHours: number;
  onlineHours: number;
  /** Vehicles with any online time that day. */
  onlineVehicles: number;
  /** Vehicles of the fleet (today's count). */
  vehicles: number;
  /** onlineVehicles / vehicles, percent. */
  onlineRate: number;
  offlineVehicles: number;
  frames: number;
  invalidCount: number;
  abnormalCount: number;
  hopCount: number;
  hopKm: number;
  alarmCount: number;
  alarmLevel1: number;
  alarmLevel2: number;
  alarmLevel3: number;
  faultCount: number;
  reduceEmission: number;
}

/** A vehicle's figures summed over a range. */
export interface StatsVehicle {
  vin: string;
  plateNumber: string;
  days: number;
  onlineDays: number;
  offlineDays: number;
  mileage: number;
  energyUsed: number;
  energyCharged: number;
  /** kWh per 100 km (0 without mileage). */
  energyPer100Km: number;
  drivingHours: number;
  chargingHours: number;
  onlineHours: number;
  offlineHours: number;
  frames: number;
  invalidCount: number;
  abnormalCount: number;
  invalidRate: number;
  hopCount: number;
  hopKm: number;
  resetCount: number;
  alarmCount: number;
  faultCount: number;
}

/** The large screen's and data board's one-day summary. */
export interface StatsSummary {
  date: string;
  mileage: number;
  energyUsed: number;
  energyCharged: number;
  reduceEmission: number;
  onlineVehicles: number;
  vehicles: number;
  alarmCount: number;
  faultCount: number;
}

/** Fleet total mileage: the sum of the vehicles' last valid odometer readings. */
export interface StatsTotalMile {
  totalMileage: number;
  todayMileage: number;
  vehicles: number;
  top: { vin: string; plateNumber: string; mileage: number; alarmCount: number }[];
}
