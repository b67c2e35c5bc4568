import type { StatsTotalMile } from '@wdiov/contracts';
import type { HttpClient } from '../api/http';

/** What the data board draws, read from the statistics calls (answers from the daily rollups). */

export interface AlarmDay { date: string; alarmCount: number; faultCount: number }
export interface TrendDay { date: string; mileage: number; energyUsed: number; energyCharged: number; reduceEmission: number; onlineRate: number }
export interface FleetState { total: number; online: number; driving: number; parked: number; charging: number; offline: number; alarm: number; onlineRate: number }

export interface DataBoardData {
  alarms: AlarmDay[];
  trend: TrendDay[];
  totals: { mileage: number; energyUsed: number; reduceEmission: number };
  totalMile: StatsTotalMile;
  fleet: FleetState;
  /** Vehicles with the most alarms in the range, most first. */
  topAlarms: { vin: string; plateNumber: string; alarmCount: number }[];
}

const BASE = '/wdiov-base';
const data = <T>(body: unknown) => (body as { data: T }).data;
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** The last 30 days of the caller's fleet (the 7-day views are the tail of it). */
export async function loadDataBoard(http: HttpClient, days = 30): Promise<DataBoardData> {
  const [alarms, energy, totalMile, fleet] = await Promise.all([
    http.get(`${BASE}/dataBoard/getAlarmAndFaultDate`, { days }, { quiet: true }),
    http.get(`${BASE}/dataBoard/getMileAndReduceEnergyEmissionData`, { days }, { quiet: true }),
    http.get(`${BASE}/dataBoard/getVehicleTotalMile`, { days }, { quiet: true }),
    http.get(`${BASE}/dataBoard/getRealTimeData`, undefined, { quiet: true }),
  ]);
  const e = data<{ days: TrendDay[]; total: DataBoardData['totals'] }>(energy);
  const f = data<Record<string, unknown>>(fleet);
  return {
    alarms: data<AlarmDay[]>(alarms),
    trend: e.days,
    totals: { mileage: num(e.total.mileage), energyUsed: num(e.total.energyUsed), reduceEmission: num(e.total.reduceEmission) },
    totalMile: data<StatsTotalMile>(totalMile),
    topAlarms: data<StatsTotalMile>(totalMile).top.map((v) => ({ vin: v.vin, plateNumber: v.plateNumber, alarmCount: v.alarmCount })),
    fleet: {
      total: num(f.total), online: num(f.online), driving: num(f.driving), parked: num(f.parked), charging: num(f.charging),
      offline: num(f.offline), alarm: num(f.alarm), onlineRate: num(f.onlineRate),
    },
  };
}

/** True when the fleet has nothing to draw yet (no vehicle, or no data in the range). */
export const boardIsEmpty = (d: DataBoardData) =>
  d.fleet.total === 0 && d.totalMile.vehicles === 0 && d.alarms.every((a) => a.alarmCount + a.faultCount === 0) && d.trend.every((t) => t.mileage === 0);
