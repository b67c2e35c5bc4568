/** The forwarding calls the console makes (wdiov-base), beside the generic entity routes. */
import type { HttpClient } from '../api/http';
import { dataOf, toPage, type Row } from '../crud/crud-api';

const BASE = '/wdiov-base';

export const forwardApi = (http: HttpClient) => ({
  /** Every platform with its link state (a short poll keeps the console current). */
  platforms: async () => toPage(dataOf(await http.get(`${BASE}/forwardPlatform/page`, { current: 1, size: 100 }))).records,
  /** Frames sent per platform, summed over its vehicles' records. */
  framesSent: async () => {
    const records = toPage(dataOf(await http.get(`${BASE}/forwardRecord/page`, { current: 1, size: 500 }))).records;
    const sent = new Map<string, number>();
    for (const r of records) sent.set(String(r.forwardPlatformId), (sent.get(String(r.forwardPlatformId)) ?? 0) + Number(r.framesSent ?? 0));
    return sent;
  },
  setStatus: (id: string, forwardStatus: 0 | 1) => http.post(`${BASE}/forwardPlatform/update`, { id, forwardStatus }),
  boundVehicles: async (forwardPlatformId: string) => dataOf(await http.get(`${BASE}/forwardPlatformVehicle/vehicleList`, { forwardPlatformId })) as Row[],
  bind: (forwardPlatformId: string, vehicleIds: string[], startDate?: string) =>
    http.post(`${BASE}/forwardPlatformVehicle/save`, { forwardPlatformId, vehicleIds, startDate: startDate || undefined }),
  searchVehicles: async (keyword: string) => {
    const k = keyword.trim();
    const page = (q: Record<string, string | number | undefined>) => http.get(`${BASE}/vehicle/page`, { current: 1, size: 100, ...q });
    const byVin = toPage(dataOf(await page({ vin: k || undefined }))).records;
    return byVin.length || !k ? byVin : toPage(dataOf(await page({ plateNumber: k }))).records;
  },
  blacklisted: async (forwardPlatformId: string) => dataOf(await http.get(`${BASE}/forwardBlacklist/vehicleList`, { forwardPlatformId })) as Row[],
  blacklist: (forwardPlatformId: string, vehicleIds: string[], reason: string) =>
    http.post(`${BASE}/forwardBlacklist/save`, { forwardPlatformId, vehicleIds, reason: reason || undefined }),
  /** The forwarding records summed per platform, with each platform's link. */
  recordSummary: async (forwardPlatformId?: string) =>
    dataOf(await http.get(`${BASE}/forwardRecord/summary`, { forwardPlatformId: forwardPlatformId || undefined })) as Row[],
  /** One vehicle's forwarding to every platform it is bound to. */
  vehicleLog: async (vin: string) => dataOf(await http.get(`${BASE}/forwardLog/getVehicle`, { vin })) as { vin: string; plateNumber: string | null; platforms: Row[] },
  unblacklist: (blacklistId: string) => http.post(`${BASE}/forwardBlacklist/remove?ids=${encodeURIComponent(blacklistId)}`),
});

export type ForwardApi = ReturnType<typeof forwardApi>;
