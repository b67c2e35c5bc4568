import { mapGeoReGeoCodeRoute } from '@wdiov/contracts/api/map-geo.route';
import { callRoute } from '../api/call-route';
import type { HttpClient } from '../api/http';
import { normaliseTree, type VehTreeNode } from './vehicle-tree';
import { asArray, asRecord, pickReading, pickText, readData } from './wire-parse';

export interface ActiveAlarm {
  name: string;
  level: number;
  time: string;
}

/** vehicleMonitor/realtimeInfo, read leniently: the route is being built in parallel. */
export interface RealtimeInfo {
  vin: string;
  plate: string;
  time: string;
  lng: number | null;
  lat: number | null;
  /** km/h or the sentinels −0.1 invalid / −0.2 abnormal. */
  speed: number | null;
  soc: number | null;
  voltage: number | null;
  current: number | null;
  mileage: number | null;
  state: number | null;
  alarmLevel: number;
  alarms: ActiveAlarm[];
  /** Cell voltages (V) when the answer carries them. */
  cells: number[];
}

export function readRealtimeInfo(body: unknown, vin: string): RealtimeInfo {
  // The gateway answers {vehicle, realtime, alarms}; a flat object is read the same way.
  const raw = asRecord(readData(body));
  const d = { ...asRecord(raw.vehicle), ...raw, ...asRecord(raw.realtime) };
  const alarms = asArray(d.alarms ?? d.activeAlarms ?? d.alarmList).map((a) => {
    const r = asRecord(a);
    return { name: pickText(r, 'alarmName', 'name', 'alarmType'), level: pickReading(r, 'level', 'alarmLevel') ?? 0, time: pickText(r, 'startTime', 'time') };
  });
  const cells = asArray(d.cellVoltages ?? d.cellVoltagesV ?? d.cells).map(Number).filter(Number.isFinite);
  return {
    vin: pickText(d, 'vin') || vin,
    plate: pickText(d, 'plate', 'plateNumber', 'carPlate'),
    time: pickText(d, 'lastTime', 'time', 'gpsTime', 'receivedTime'),
    lng: pickReading(d, 'lng', 'longitude'),
    lat: pickReading(d, 'lat', 'latitude'),
    speed: pickReading(d, 'speed', 'speedKmh', 'espeed'),
    soc: pickReading(d, 'soc', 'socPercent'),
    voltage: pickReading(d, 'voltage', 'totalVoltage', 'totalVoltageV'),
    current: pickReading(d, 'current', 'totalCurrent', 'totalCurrentA'),
    mileage: pickReading(d, 'mileage', 'mileageKm', 'totalMileage'),
    state: pickReading(d, 'state'),
    alarmLevel: pickReading(d, 'alarmLevel') ?? 0,
    alarms,
    cells,
  };
}

export async function fetchRealtimeInfo(http: HttpClient, vin: string, plate = ''): Promise<RealtimeInfo> {
  // carPlate lets the error catalogue prefix its toast with the plate (spec part 2 §8).
  return readRealtimeInfo(await http.get('/wdiov-base/vehicleMonitor/realtimeInfo', { vin, carPlate: plate || undefined }), vin);
}

export async function fetchVehicleTree(http: HttpClient, keyword = ''): Promise<VehTreeNode[]> {
  const body = await http.get('/wdiov-base/rdVehicleTree/getVehTree', { keyword: keyword.trim() || undefined });
  return normaliseTree(readData(body));
}

/** The point in words, in the request's language: '' when it has no address (outside China, or no data). */
export async function reverseGeocode(http: HttpClient, lng: number, lat: number): Promise<string> {
  return (await callRoute(http, mapGeoReGeoCodeRoute, { query: { location: `${lng},${lat}` } })).formattedAddress;
}

export interface BoardCounts {
  total: number;
  online: number;
  driving: number;
  parked: number;
  charging: number;
  offline: number;
  alarm: number;
}

/** The query key of the fleet's counts by live state (the map's counters, the home board). */
export const FLEET_COUNTS_KEY = ['fleetCounts', 'live'] as const;

/** dataBoard/getRealTimeData: the caller's fleet counted by live state on the gateway. */
export async function fetchBoardCounts(http: HttpClient): Promise<BoardCounts> {
  const d = asRecord(readData(await http.get('/wdiov-base/dataBoard/getRealTimeData', undefined, { quiet: true })));
  const n = (...keys: string[]) => pickReading(d, ...keys) ?? 0;
  return {
    total: n('total', 'totalCount', 'vehicleTotal'),
    online: n('online', 'onlineCount'),
    driving: n('driving', 'drivingCount', 'running'),
    parked: n('parked', 'parkedCount'),
    charging: n('charging', 'chargingCount'),
    offline: n('offline', 'offlineCount'),
    alarm: n('alarm', 'alarmCount'),
  };
}
