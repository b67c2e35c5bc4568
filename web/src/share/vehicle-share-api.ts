import type { HttpClient } from '../api/http';

/** The query parameter a share link carries its token in. */
export const SHARE_PARAM = 'share';
/** How often the shared page asks for the vehicle's latest position. */
export const SHARED_POLL_MS = 5_000;

export interface VehicleShareLink { id: string; vehicleId: string; vin: string; remark: string; createTime: string; expiresAt: string; revoked: boolean; active: boolean }

export interface SharedPosition {
  vin: string;
  plateNumber: string;
  lng: number | null;
  lat: number | null;
  speedKmh: number | null;
  heading: number;
  state: number;
  online: boolean;
  time: string;
  expiresAt: string;
}

/** Query keys: a vehicle's links, and the position a token opens. */
export const shareKeys = {
  links: (vehicleId: string) => ['vehicleShare', 'links', vehicleId] as const,
  position: (token: string) => ['vehicleShare', 'position', token] as const,
};

const dataOf = <T>(body: unknown) => (body as { data: T }).data;

/** The signed-in calls: a vehicle's links, a new one, revoking one. */
export const vehicleShares = {
  list: async (http: HttpClient, vehicleId: string) =>
    dataOf<VehicleShareLink[]>(await http.get('/wdiov-base/vehicleShare/list', { vehicleId }, { quiet: true })),
  create: async (http: HttpClient, vehicleId: string, hours: number) =>
    dataOf<{ id: string; path: string; expiresAt: string }>(await http.post('/wdiov-base/vehicleShare/create', { vehicleId, hours })),
  revoke: (http: HttpClient, id: string) => http.post(`/wdiov-base/vehicleShare/revoke?id=${encodeURIComponent(id)}`),
};

/** The position a share token opens, over plain fetch: the page has no session, and a refused link signs no one out. */
export async function loadSharedPosition(token: string, fetcher: typeof fetch = fetch): Promise<SharedPosition> {
  const res = await fetcher(`/api/wdiov-base/vehicleShare/position?${SHARE_PARAM}=${encodeURIComponent(token)}`);
  const body = (await res.json().catch(() => ({}))) as { code?: number; msg?: string; data?: SharedPosition };
  if (body.code !== 200 || !body.data) throw new Error(body.msg || `HTTP ${res.status}`);
  return body.data;
}
