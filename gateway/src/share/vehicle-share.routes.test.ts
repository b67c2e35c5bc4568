import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PUBLIC_PATHS } from '../auth/auth-middleware.ts';
import { createTestGateway, postJson, type TestGateway } from '../../test/test-gateway.ts';
import { entitySamples } from '../../test/entity-samples.ts';
import { clerkWith } from '../../test/clerk.ts';
import { snapshot } from '../../test/telemetry-fixture.ts';
import { addVehicleRow } from '../stats/stats-fixture.ts';
import { otherTenant } from '../routes/base/test-support.ts';
import { VehicleShares } from './vehicle-shares.ts';

// A vehicle's live position shared by an expiring, revocable link that opens that vehicle only.
const A = 'LSHARE00000000001';
const B = 'LSHARE00000000002';
const FOREIGN = 'LSHARE00000000003';
const BASE = '/api/wdiov-base/vehicleShare';

let gw: TestGateway;
let token: string;
let boss: string;
let vehicleA: string;
let vehicleB: string;
let foreignVehicle: string;

const create = async (body: unknown, as = token) => (await gw.json(`${BASE}/create`, postJson(body, as))).body;
const position = (share: string) => gw.json(`${BASE}/position?share=${encodeURIComponent(share)}`);
const tokenOf = (path: string) => new URL(path, 'http://x').searchParams.get('share')!;

beforeAll(async () => {
  gw = await createTestGateway();
  token = await gw.signIn();
  boss = await otherTenant(gw);
  const db = gw.database.db;
  vehicleA = await addVehicleRow(db, '000000', A, '京S00001');
  vehicleB = await addVehicleRow(db, '000000', B, '京S00002');
  foreignVehicle = await addVehicleRow(db, '000001', FOREIGN, '沪S00003');
  const now = Date.now();
  gw.latest.put(snapshot(A, now, { vehicleId: vehicleA, lng: 116.4, lat: 39.9, speedKmh: 42, state: 1 }));
  gw.latest.put(snapshot(B, now, { vehicleId: vehicleB, lng: 121.5, lat: 31.2 }));
  gw.latest.put(snapshot(FOREIGN, now, { tenantId: '000001', vehicleId: foreignVehicle, lng: 100, lat: 30 }));
});
afterAll(() => gw.dispose());

describe('vehicle share links', () => {
  it('opens the vehicle\'s latest position without signing in, and follows it as it moves', async () => {
    expect(PUBLIC_PATHS.some((p) => p.test(`${BASE}/position`))).toBe(true);
    const link = await create({ vehicleId: vehicleA, hours: 2 });
    expect(link).toMatchObject({ code: 200, data: { path: expect.stringMatching(/^\/share\/vehicle\?share=/) } });
    const first = await position(tokenOf(link.data.path));
    expect(first.body).toMatchObject({ code: 200, data: { vin: A, plateNumber: '京S00001', lng: 116.4, lat: 39.9, speedKmh: 42, state: 1, online: true } });
    expect(first.body.data.expiresAt).toBe(link.data.expiresAt);
    gw.latest.put(snapshot(A, Date.now() + 1000, { vehicleId: vehicleA, lng: 116.41, lat: 39.91, speedKmh: 50, state: 1 }));
    expect((await position(tokenOf(link.data.path))).body.data).toMatchObject({ lng: 116.41, lat: 39.91, speedKmh: 50 });
    // Only that vehicle: nothing of the others reaches the answer.
    expect(JSON.stringify((await position(tokenOf(link.data.path))).body)).not.toMatch(new RegExp(`${B}|${FOREIGN}`));
  });

  it('refuses other vehicles: another tenant\'s, a forged token, a large-screen link, a removed vehicle', async () => {
    expect(await create({ vehicleId: foreignVehicle, hours: 2 })).toMatchObject({ code: 404, success: false });
    const link = await create({ vehicleId: vehicleB });
    const good = tokenOf(link.data.path);
    const [head, body, sig] = good.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...claims, vin: A })).toString('base64url')}.${sig}`;
    expect((await position(forged)).body).toMatchObject({ code: 401, success: false, msg: '分享链接无效、已过期或已撤销' });
    const screen = (await gw.json('/api/wdiov-base/largeScreenShare/create', postJson({ hours: 1 }, token))).body.data.token as string;
    expect((await position(screen)).body.code).toBe(401);
    expect((await gw.json(`/api/wdiov-base/largeScreenShare/board?share=${good}`)).body.code).toBe(401);
    expect((await position('')).body.code).toBe(401);
    expect((await gw.json(`/api/wdiov-base/vehicle/remove?ids=${vehicleB}`, { method: 'POST', token })).body.code).toBe(200);
    expect((await position(good)).body.code).toBe(401);
  });

  it('stops working once expired, by its token or by its row', async () => {
    // A token past its own expiry is refused even while its row would still let it work.
    const shares = new VehicleShares(gw.database.db, 'another-secret');
    const old = await shares.mint({ tenantId: '000000', userId: '1', vehicleId: vehicleA, vin: A, hours: 1 }, Date.now() - 2 * 3_600_000);
    await gw.database.db.execute(sql`UPDATE wdiov_vehicle_share SET expires_at = now() + interval '1 hour' WHERE id = ${old.id}`);
    expect(await shares.vehicleOf(old.token)).toBeNull();
    const fresh = await shares.mint({ tenantId: '000000', userId: '1', vehicleId: vehicleA, vin: A, hours: 1 });
    expect(await shares.vehicleOf(fresh.token)).toMatchObject({ vin: A, vehicleId: vehicleA });
    // Signed with another secret than the gateway's: refused there.
    expect((await position(fresh.token)).body.code).toBe(401);
    const link = await create({ vehicleId: vehicleA, hours: 5 });
    expect((await position(tokenOf(link.data.path))).body.code).toBe(200);
    await gw.database.db.execute(sql`UPDATE wdiov_vehicle_share SET expires_at = now() - interval '1 minute' WHERE id = ${link.data.id}`);
    expect((await position(tokenOf(link.data.path))).body.code).toBe(401);
    const listed = (await gw.json(`${BASE}/list?vehicleId=${vehicleA}`, { token })).body.data as { id: string; active: boolean }[];
    expect(listed.find((r) => r.id === link.data.id)).toMatchObject({ active: false });
  });

  it('is listed per vehicle and revoked, after which the link is refused', async () => {
    const link = await create({ vehicleId: vehicleA, hours: 24, remark: '客户查看' });
    const rows = (await gw.json(`${BASE}/list?vehicleId=${vehicleA}`, { token })).body.data as { id: string; vin: string; remark: string; active: boolean; revoked: boolean }[];
    expect(rows[0]).toMatchObject({ id: link.data.id, vin: A, remark: '客户查看', active: true, revoked: false });
    expect(rows.every((r) => r.vin === A)).toBe(true);
    expect((await gw.json(`${BASE}/list`, { token: boss })).body.data).toEqual([]);
    expect((await gw.json(`${BASE}/revoke?id=${link.data.id}`, { method: 'POST', token: boss })).body.code).toBe(404);
    expect((await gw.json(`${BASE}/revoke?id=${link.data.id}`, { method: 'POST', token })).body).toMatchObject({ code: 200, data: true });
    expect((await position(tokenOf(link.data.path))).body.code).toBe(401);
    expect((await gw.json(`${BASE}/revoke?id=${link.data.id}`, { method: 'POST', token })).body.code).toBe(404);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await gw.json('/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, unknown> } };
    for (const [path, method] of [['create', 'post'], ['list', 'get'], ['revoke', 'post'], ['position', 'get']] as const) {
      expect(doc.paths[`${BASE}/${path}`]?.[method], path).toBeDefined();
    }
    expect(JSON.stringify(doc.paths[`${BASE}/position`])).toContain('#/components/schemas/VehicleSharePosition');
    expect(JSON.stringify(doc.components.schemas.VehicleSharePosition)).toContain('plateNumber');
  });

  it('checks its input and leaves creating links to administrators', async () => {
    const hours = await gw.json(`${BASE}/create`, { ...postJson({ vehicleId: vehicleA, hours: 0 }, token), headers: { 'Content-Type': 'application/json', 'accept-language': 'en' } });
    expect(hours.body).toMatchObject({ code: 400, msg: 'The validity must be 1 to 720 hours [hours]' });
    expect((await create({ hours: 2 })).code).toBe(400);
    const clerk = await clerkWith({ gw, token, samples: entitySamples(gw, token) }, 'sharer', ['live_map']);
    expect((await create({ vehicleId: vehicleA }, clerk.token)).code).toBe(403);
    expect((await gw.json(`${BASE}/list`, { token: clerk.token })).body.code).toBe(200);
  });
});
