import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PUBLIC_PATHS } from '../../auth/auth-middleware.ts';
import { createTestGateway, postJson, type TestGateway } from '../../../test/test-gateway.ts';
import { dayOf } from '../../stats/day-figures.ts';
import { StatsRollup } from '../../stats/rollup-job.ts';
import { ShareLinks } from '../../stats/share-links.ts';
import { addAlarm, addPositions, addVehicleRow } from '../../stats/stats-fixture.ts';
import { snapshot } from '../../../test/telemetry-fixture.ts';
import { otherTenant } from './test-support.ts';

// The large screen's figures, signed in and through a share link, and what a share link cannot open.
const OFFSET = 480;
const now = Date.now();
const yesterday = dayOf(now - 86_400_000, OFFSET);
const today = dayOf(now, OFFSET);
const MORNING = Date.parse(`${yesterday}T10:00:00Z`) - OFFSET * 60_000;
const A = 'LSCREEN0000000001';
const OTHER = 'LSCREEN0000000002';
const B = 'LSCREEN0000000003';

let gw: TestGateway;
let token: string;
let boss: string;
const board = (query: string, init: { token?: string } = {}) => gw.json(`/api/wdiov-base/largeScreenShare/board?${query}`, init);
const mint = async (body: unknown = { hours: 2 }) => (await gw.json('/api/wdiov-base/largeScreenShare/create', postJson(body, token))).body;

beforeAll(async () => {
  gw = await createTestGateway();
  token = await gw.signIn();
  boss = await otherTenant(gw);
  const db = gw.database.db;
  await addVehicleRow(db, '000000', A, '京C00001');
  await addVehicleRow(db, '000001', OTHER, '沪C00001');
  await addVehicleRow(db, '000000', B, '京C00003');
  // 5 km yesterday and one alarm; the other tenant's vehicle drove 50 km.
  await addPositions(db, '000000', A, Array.from({ length: 51 }, (_, i) => ({ ts: MORNING + i * 10_000, speed: 36, mileage: 100 + i / 10, state: 1 })));
  await addPositions(db, '000001', OTHER, Array.from({ length: 51 }, (_, i) => ({ ts: MORNING + i * 10_000, speed: 36, mileage: i, state: 1 })));
  await addAlarm(db, '000000', A, MORNING, 2);
  await new StatsRollup(db, { utcOffsetMin: OFFSET }).runOnce(now);
  // Today's rankings read today's rollup rows: written straight away (no position of today need exist yet at midnight).
  await db.execute(sql`INSERT INTO wdiov_stats_daily (tenant_id, vin, day, mileage_km, alarm_l2) VALUES
    ('000000', ${A}, ${today}::date, 7, 2), ('000000', ${B}, ${today}::date, 9, 0), ('000001', ${OTHER}, ${today}::date, 70, 5)`);
});
afterAll(() => gw.dispose());

describe('large screen', () => {
  it('answers the board signed in: yesterday, the week, today\'s top vehicles, the fleet', async () => {
    const { body } = await gw.json('/api/wdiov-base/largeScreenStatistics/board', { token });
    expect(body.code).toBe(200);
    expect(body.data.yesterday).toMatchObject({ date: yesterday, mileage: 5, alarmCount: 1, onlineVehicles: 1 });
    expect(body.data.trend).toHaveLength(7);
    expect(body.data.trend.find((d: any) => d.date === yesterday)).toMatchObject({ mileage: 5, alarmCount: 1 });
    expect(body.data.topMileage.map((r: any) => [r.vin, r.mileage])).toEqual([[B, 9], [A, 7]]);
    expect(body.data.topAlarm).toEqual([{ vin: A, plateNumber: '京C00001', alarmCount: 2 }]);
    expect(body.data.fleet.total).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(body.data)).not.toContain(OTHER);
  });

  it('counts and maps the caller\'s vehicles online now, and sums their odometers', async () => {
    const at = Date.now();
    gw.latest.put(snapshot(A, at, { state: 1, alarmLevel: 2, lng: 116.123456, lat: 39.987654 }));
    gw.latest.put(snapshot(B, at, { state: 3, lng: undefined, lat: undefined }));
    // Another tenant's vehicle, one without a vehicle row, and one not heard from for an hour: none of them counts.
    gw.latest.put(snapshot(OTHER, at, { tenantId: '000001', state: 1 }));
    gw.latest.put(snapshot('LSCREEN0000000009', at, { state: 1 }));
    await addVehicleRow(gw.database.db, '000000', 'LSCREEN0000000004', '京C00004');
    gw.latest.put(snapshot('LSCREEN0000000004', at - 3_600_000, { state: 1 }));
    const { body } = await gw.json('/api/wdiov-base/largeScreenStatistics/board', { token });
    // The same counts as the monitor's, which reads the caller's vehicles row by row.
    const monitor = (await gw.json('/api/wdiov-base/dataBoard/getRealTimeData', { token })).body.data;
    expect(body.data.fleet).toEqual(monitor);
    expect(body.data.fleet).toMatchObject({ online: 2, driving: 1, charging: 1, alarm: 1 });
    expect(body.data.points).toEqual([[116.1235, 39.9877, 1, 2]]);
    // A's odometer as the job last read it (100 km, then 50 frames of 0.1 km); the other tenant's is not added.
    expect(body.data.totalMileage).toBe(105);
  });

  it('a share link shows the board of its tenant without signing in, until it is revoked', async () => {
    const link = await mint({ hours: 2, remark: '大厅屏' });
    expect(link.data.path).toBe(`/largeScreen?share=${link.data.token}`);
    const shared = await board(`share=${link.data.token}`);
    expect(shared.body.code).toBe(200);
    expect(shared.body.data.yesterday).toMatchObject({ mileage: 5, alarmCount: 1 });
    expect(JSON.stringify(shared.body.data)).not.toContain(OTHER);
    const listed = await gw.json('/api/wdiov-base/largeScreenShare/list', { token });
    expect(listed.body.data.find((s: any) => s.id === link.data.id)).toMatchObject({ remark: '大厅屏', active: true, revoked: false });
    // Another tenant can neither see nor revoke it.
    expect((await gw.json('/api/wdiov-base/largeScreenShare/list', { token: boss })).body.data.map((s: any) => s.id)).not.toContain(link.data.id);
    expect((await gw.json(`/api/wdiov-base/largeScreenShare/revoke?id=${link.data.id}`, { method: 'POST', token: boss })).body.code).toBe(404);
    expect((await gw.json(`/api/wdiov-base/largeScreenShare/revoke?id=${link.data.id}`, { method: 'POST', token })).body.code).toBe(200);
    expect((await board(`share=${link.data.token}`)).body.code).toBe(401);
  });

  it('refuses a missing, forged, expired link and an access token in its place', async () => {
    expect((await board('')).body.code).toBe(401);
    expect((await board('share=abc.def.ghi')).body.code).toBe(401);
    expect((await board(`share=${token}`)).body.code).toBe(401);
    const links = new ShareLinks(gw.database.db, 'another-secret');
    const forged = await links.mint('000000', '1', 1, undefined);
    expect((await board(`share=${forged.token}`)).body.code).toBe(401);
    const old = await links.mint('000000', '1', 1, undefined, now - 7_200_000);
    expect(await links.tenantOf(old.token)).toBeNull();
    expect(await links.tenantOf((await links.mint('000000', '1', 1, undefined)).token)).toBe('000000');
    // A link works no longer than its tenant: disabled or expired, its links show nothing.
    const closed = new ShareLinks(gw.database.db, 'another-secret', async () => false);
    expect(await closed.tenantOf((await closed.mint('000000', '1', 1, undefined)).token)).toBeNull();
  });

  it('a share token opens no other route, as a bearer token or a query parameter', async () => {
    const { data } = await mint();
    const routes = new Map<string, string>();
    for (const r of gw.app.routes) {
      if (!r.path.startsWith('/api/') || !['GET', 'POST'].includes(r.method)) continue;
      const path = r.path.replace(/:\w+\{[^}]*\}|:\w+/g, '1').replace(/\*$/, 'x');
      if (PUBLIC_PATHS.some((p) => p.test(path))) continue;
      routes.set(`${r.method} ${path}`, path);
    }
    expect(routes.size).toBeGreaterThan(200);
    for (const [key, path] of routes) {
      const method = key.split(' ')[0]!;
      const asBearer = await gw.request(path, { method, token: data.token });
      expect(asBearer.status, key).toBe(401);
      const asQuery = await gw.request(`${path}?share=${data.token}&token=${data.token}`, { method });
      expect(asQuery.status, key).toBe(401);
    }
  });

  it('creates links for 1 to 720 hours only', async () => {
    for (const hours of [0, 721, 'x', 1.5]) {
      const r = await mint({ hours });
      expect(r.code, String(hours)).toBe(400);
      expect(r.msg).toContain('[hours]');
    }
  });
});
