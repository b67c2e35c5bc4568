import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { locationText, wgs84ToGcj02 } from '@wdiov/contracts';
import type { Repositories } from '../crud/repositories.ts';
import { createOutbound } from '../outbound/outbound-policy.ts';
import { Geocoder } from './geocoder.ts';
import { amapRegeo, tiandituRegeo } from './regeo-services.ts';
import { TenantPlaces } from './tenant-places.ts';

/** A local server answering as AMap's regeo (and Tianditu's geocoder) do; the test sets delay and status. */
const seen: URL[] = [];
let delayMs = 0;
let status = 200;
const server = http.createServer((req, res) => {
  const url = new URL(req.url!, 'http://127.0.0.1');
  seen.push(url);
  const answer = url.pathname === '/geocoder'
    ? { status: '0', msg: 'ok', result: { formatted_address: '北京市西城区西长安街' } }
    : { status: '1', info: 'OK', infocode: '10000', regeocode: { formatted_address: '广东省深圳市南山区粤海街道科技园', addressComponent: { city: [] } } };
  setTimeout(() => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer)), delayMs);
});
let origin = '';
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  seen.length = 0;
  delayMs = 0;
  status = 200;
});

const TENANT = '000000';
/** Shenzhen, Nanshan: a charging station ~320 m east of the point, a circular fence 2 km away. */
const POINT = { lng: 113.9466, lat: 22.5431 };
const rows: Record<string, Record<string, unknown>[]> = {
  chargeStation: [{ stationName: '南山充电站', lng: '113.9497', lat: '22.5431' }, { stationName: '无坐标站', lng: null, lat: null }],
  serviceStation: [{ stationName: '福田', lng: 114.055, lat: 22.54 }],
  storage: [],
  electronicFence: [{ fenceName: '科技园', fenceType: 1, geometry: JSON.stringify({ center: [113.9466, 22.5631], radius: 200 }) }],
};
const repos = { get: (name: string) => ({ pick: async () => rows[name] ?? [] }) } as unknown as Repositories;
const allowLocal = createOutbound({ allow: ['127.0.0.1'] });

function geocoder(service: 'amap' | 'tianditu' | 'none' = 'amap', outbound = allowLocal, cacheCells?: number) {
  const online = service === 'amap' ? amapRegeo(outbound, 'k-123', origin) : service === 'tianditu' ? tiandituRegeo(outbound, 'tk-9', origin) : undefined;
  return new Geocoder({ places: new TenantPlaces(repos), service: async () => online, cacheCells, failurePauseMs: 60_000 });
}

describe('geocoder', () => {
  it('asks AMap in GCJ-02 with six decimals and serves the ~100 m cell from its cache', async () => {
    const g = geocoder();
    const first = await g.locate(TENANT, POINT.lng, POINT.lat, 1000);
    expect(first.address).toBe('广东省深圳市南山区粤海街道科技园');
    expect(locationText(first, 'en')).toBe('广东省深圳市南山区粤海街道科技园');
    const [gLng, gLat] = wgs84ToGcj02(POINT.lng, POINT.lat);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.pathname).toBe('/v3/geocode/regeo');
    expect(seen[0]!.searchParams.get('key')).toBe('k-123');
    expect(seen[0]!.searchParams.get('location')).toBe(`${gLng.toFixed(6)},${gLat.toFixed(6)}`);
    // 30 m away: same cell, no second question; 300 m away: a new one.
    expect((await g.locate(TENANT, POINT.lng + 0.0003, POINT.lat, 1000)).address).toBe(first.address);
    expect(seen).toHaveLength(1);
    await g.locate(TENANT, POINT.lng + 0.003, POINT.lat, 1000);
    expect(seen).toHaveLength(2);
  });

  it('asks Tianditu with the WGS-84 point unchanged', async () => {
    const l = await geocoder('tianditu').locate(TENANT, 116.37304, 39.92594, 1000);
    expect(l.address).toBe('北京市西城区西长安街');
    expect(JSON.parse(seen[0]!.searchParams.get('postStr')!)).toEqual({ lon: 116.37304, lat: 39.92594, ver: 1 });
    expect(seen[0]!.searchParams.get('tk')).toBe('tk-9');
  });

  it('never keeps a caller past its bound: a slow answer fills the cache for the next one', async () => {
    delayMs = 600;
    const g = geocoder();
    const started = Date.now();
    const first = await g.locate(TENANT, POINT.lng, POINT.lat, 100);
    expect(Date.now() - started).toBeLessThan(400);
    expect(first.address).toBe('');
    expect(first.district).toBe('广东省深圳市');
    await new Promise((r) => setTimeout(r, 700));
    const next = await g.locate(TENANT, POINT.lng, POINT.lat, 0);
    expect(next.address).toBe('广东省深圳市南山区粤海街道科技园');
    expect(seen).toHaveLength(1);
  });

  it('words the point offline without a service: district and the nearest own place with its distance', async () => {
    const l = await geocoder('none').locate(TENANT, POINT.lng, POINT.lat);
    expect(l).toMatchObject({ address: '', district: '广东省深圳市', place: { kind: 'chargeStation', name: '南山充电站' } });
    expect(l.place!.distanceM).toBeGreaterThan(300);
    expect(l.place!.distanceM).toBeLessThan(340);
    expect(locationText(l, 'zh')).toMatch(/^广东省深圳市 近 南山充电站 3\d\d m$/);
    expect(locationText(l, 'en')).toMatch(/^3\d\d m from 南山充电站, 广东省深圳市$/);
    expect(seen).toHaveLength(0);
  });

  it('falls back offline when the service fails, and leaves it alone for a while', async () => {
    status = 500;
    const g = geocoder();
    expect((await g.locate(TENANT, POINT.lng, POINT.lat, 1000)).district).toBe('广东省深圳市');
    expect((await g.locate(TENANT, POINT.lng + 0.01, POINT.lat, 1000)).address).toBe('');
    expect(seen).toHaveLength(1);
    expect(g.failed).toBe(1);
  });

  it('sends nothing where the outbound policy refuses the host', async () => {
    const g = geocoder('amap', createOutbound({ allow: [] }));
    const l = await g.locate(TENANT, POINT.lng, POINT.lat, 1000);
    expect(l.address).toBe('');
    expect(l.place?.name).toBe('南山充电站');
    expect(seen).toHaveLength(0);
  });

  it('holds a bounded number of cells', async () => {
    const g = geocoder('amap', allowLocal, 2);
    for (const dLng of [0, 0.01, 0.02]) await g.locate(TENANT, POINT.lng + dLng, POINT.lat, 1000);
    expect(g.cachedCells).toBe(2);
    await g.locate(TENANT, POINT.lng, POINT.lat, 1000);
    expect(seen).toHaveLength(4);
  });
});

describe('nearest own place', () => {
  const places = new TenantPlaces(repos);
  beforeAll(() => places.ready(TENANT));

  it('is 0 m inside a fence and measured to its edge outside it', () => {
    expect(places.nearest(TENANT, 113.9466, 22.5631)).toEqual({ kind: 'fence', name: '科技园', distanceM: 0 });
    // ~1 km north of the fence's centre: 1 km less its 200 m radius; the station is farther.
    const near = places.nearest(TENANT, 113.9466, 22.5721)!;
    expect(near.kind).toBe('fence');
    expect(near.distanceM).toBeGreaterThan(780);
    expect(near.distanceM).toBeLessThan(820);
  });

  it('names no place farther than 20 km, nor one of a tenant not loaded', () => {
    expect(places.nearest(TENANT, 114.6, 22.9)).toBeUndefined();
    expect(places.nearest('999999', POINT.lng, POINT.lat)).toBeUndefined();
  });
});
