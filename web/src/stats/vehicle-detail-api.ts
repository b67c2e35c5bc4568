import type { RouteSegment, StatsDay } from '@wdiov/contracts';
import type { HttpClient, QueryParams } from '../api/http';

/** What the statistics detail screens of one vehicle read (wdiov-base, answered from rollups and positions). */

export interface HopRow { time: string; previousTime: string; fromKm: number; toKm: number; jumpKm: number; seconds: number; speedKmh: number }
export interface Reading { time: string; mileage: number | null; soc: number | null }
export interface StartEnd {
  vin: string; plateNumber: string; start: Reading | null; end: Reading | null;
  mileage: number; energyUsed: number; energyCharged: number; socChange: number | null;
}
export type TimelineRow = RouteSegment & { startTime: string; endTime: string };
export interface BehaviorRow {
  kind: 'harshAcceleration' | 'harshBraking' | 'speeding'; startTime: string; endTime: string; durationS: number;
  fromSpeed: number; toSpeed: number; maxSpeed: number; peakMs2: number;
}
export interface Behavior {
  vin: string; plateNumber: string; frames: number; speedLimit: number; maxSpeed: number; speedingS: number;
  counts: Record<BehaviorRow['kind'], number>; events: BehaviorRow[];
}

/** The vehicle and dates a detail screen shows (its URL's query). */
export interface DetailQuery { vin: string; startDate: string; endDate: string; date: string }

const BASE = '/wdiov-base';
const data = <T>(body: unknown) => (body as { data: T }).data;
const clean = (q: QueryParams) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== '' && v !== undefined)) as QueryParams;
/** The dates given, else the gateway's default range (the last 30 days). */
const range = (q: DetailQuery) => (q.startDate || q.endDate ? { startDate: q.startDate, endDate: q.endDate } : { days: 30 });
/** One whole day in the console's zone (the gateway reads `yyyy-MM-dd HH:mm:ss` there). */
const dayWindow = (day: string) => ({ startTime: `${day} 00:00:00`, endTime: `${day} 23:59:59` });
const get = async <T>(http: HttpClient, call: string, q: QueryParams) => data<T>(await http.get(`${BASE}/${call}`, clean(q), { quiet: true }));

/** `yyyy-MM-dd` of today in the console's zone. */
export const todayIn = (utcOffsetMin: number, now = Date.now()) => new Date(now + utcOffsetMin * 60_000).toISOString().slice(0, 10);

export const vehicleDays = async (http: HttpClient, q: DetailQuery) =>
  (await get<{ plateNumber: string; days: StatsDay[] }>(http, 'vehicleConditionStatis/detail', { vin: q.vin, ...range(q) }));

export const vehicleHops = async (http: HttpClient, vin: string, day: string) =>
  (await get<{ hops: HopRow[] }>(http, 'vehicleHopStatistics/detail', { vin, ...dayWindow(day) })).hops;

export const startEnd = (http: HttpClient, q: DetailQuery) => get<StartEnd>(http, 'vehicleConditionStatis/getStartEnd', { vin: q.vin, ...range(q) });

/** A day's drives, stops and silences (a day has far fewer than 500). */
export const timeline = async (http: HttpClient, vin: string, day: string) =>
  (await get<{ records: TimelineRow[] }>(http, 'routeTimeline/page', { vin, ...dayWindow(day), current: 1, size: 500 })).records;

export const behavior = (http: HttpClient, vin: string, day: string, speedLimit: string) =>
  get<Behavior>(http, 'vehicleConditionStatis/driverBehavior', { vin, ...dayWindow(day), speedLimit: speedLimit.trim() });

/** The detail route of a vehicle under a list's dates (what a statistics row links to). */
export function detailLink(route: string, vin: string, dates: { startDate: string; endDate: string }): string {
  const q = new URLSearchParams(clean({ vin, startDate: dates.startDate, endDate: dates.endDate }) as Record<string, string>);
  return `${route}?${q.toString()}`;
}
