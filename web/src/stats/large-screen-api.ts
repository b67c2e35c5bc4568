import type { HttpClient } from '../api/http';
import type { FleetState } from './stats-api';

/** What the large screen draws: largeScreenStatistics/board signed in, largeScreenShare/board through a share link. */
export interface DaySummary { date: string; mileage: number; energyUsed: number; reduceEmission: number; onlineVehicles: number; alarmCount: number; faultCount: number }
export interface LargeScreenData {
  time: string;
  today: DaySummary;
  yesterday: DaySummary;
  fleet: FleetState;
  totalMileage: number;
  trend: { date: string; alarmCount: number; faultCount: number; mileage: number; onlineRate: number }[];
  topAlarm: { vin: string; plateNumber: string; alarmCount: number }[];
  topMileage: { vin: string; plateNumber: string; mileage: number }[];
  /** [lng, lat, state, alarmLevel] of the vehicles online. */
  points: [number, number, number, number][];
}

export interface ShareLinkRow { id: string; remark: string; createTime: string; expiresAt: string; revoked: boolean; active: boolean }

/** How often the wall display refreshes its figures. */
export const REFRESH_MS = 30_000;
export const SHARE_PARAM = 'share';

/** A board source: the signed-in client, or a share token over plain fetch (no session, so a refused link never signs anyone out). */
export type BoardSource = { kind: 'session'; http: HttpClient } | { kind: 'share'; token: string; fetch?: typeof fetch };

export async function loadLargeScreen(source: BoardSource): Promise<LargeScreenData> {
  if (source.kind === 'session') {
    const body = await source.http.get('/wdiov-base/largeScreenStatistics/board', undefined, { quiet: true });
    return (body as { data: LargeScreenData }).data;
  }
  const res = await (source.fetch ?? fetch)(`/api/wdiov-base/largeScreenShare/board?${SHARE_PARAM}=${encodeURIComponent(source.token)}`);
  const body = (await res.json().catch(() => ({}))) as { code?: number; msg?: string; data?: LargeScreenData };
  if (body.code !== 200 || !body.data) throw new Error(body.msg || `HTTP ${res.status}`);
  return body.data;
}

export const shareLinks = {
  list: async (http: HttpClient) => ((await http.get('/wdiov-base/largeScreenShare/list', undefined, { quiet: true })) as { data: ShareLinkRow[] }).data,
  create: async (http: HttpClient, hours: number) =>
    ((await http.post('/wdiov-base/largeScreenShare/create', { hours })) as { data: { id: string; path: string; expiresAt: string } }).data,
  revoke: (http: HttpClient, id: string) => http.post(`/wdiov-base/largeScreenShare/revoke?id=${encodeURIComponent(id)}`),
};
