import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities } from '@wdiov/contracts';
import { DEMO_FLEET, demoFleet } from '@wdiov/contracts/simulation/index';
import { queryRows } from '../../gateway/src/db/client.ts';
import { entitySamples } from '../../gateway/test/entity-samples.ts';
import { startSecurityServer, type SecurityServer } from './security-server.ts';

/**
 * A VIN is a physical identity: registered once across the platform. A tenant registering
 * another's VIN first would receive that vehicle's frames and command it; it is refused
 * instead, without telling who holds it, and the vehicle changes tenant only by the platform
 * administrator's transfer.
 */
let server: SecurityServer;
const tenants: Record<'b' | 'c', { id: string; admin: string }> = {} as never;
const VIN = 'LSVAT000000000001';

async function addTenant(name: string) {
  const add = await server.call('POST', '/api/wdiov-system/tenant/submit', { token: server.admin, body: { tenantName: name, linkman: '钱七' } });
  expect(add.body.code).toBe(200);
  const id = (await server.call('GET', `/api/wdiov-system/tenant/page?tenantName_equal=${encodeURIComponent(name)}`, { token: server.admin })).body.data.records[0].tenantId;
  return { id, admin: await server.signIn('admin', '123456', id) };
}

const samplers = new Map<string, ReturnType<typeof entitySamples>>();
/** A valid vehicle body of the caller's tenant (its organisation, model … created there), terminal-less. */
const vehicleSample = async (token: string): Promise<Record<string, unknown> & { orgId?: unknown; vehicleModelId?: unknown }> => {
  if (!samplers.has(token)) samplers.set(token, entitySamples(server.gw, token));
  return { ...(await samplers.get(token)!.sample(entities.vehicle)), terminalId: null };
};
const submitVehicle = (token: string, body: Record<string, unknown>, lang?: string) =>
  server.call('POST', '/api/wdiov-base/vehicle/submit', { token, body, headers: lang ? { 'Accept-Language': lang } : {} });
const vehiclesOf = async (token: string, vin: string) =>
  (await server.call('GET', `/api/wdiov-base/vehicle/page?vin=${vin}&size=10`, { token })).body.data.records as { id: string; vin: string; orgId: string }[];

beforeAll(async () => {
  server = await startSecurityServer();
  tenants.b = await addTenant('抢注租户');
  tenants.c = await addTenant('车主租户');
});
afterAll(() => server?.stop());

describe('a VIN', () => {
  it('registered in one tenant is refused in every other, naming the VIN but not its holder', async () => {
    const squatted = await submitVehicle(tenants.b.admin, { ...(await vehicleSample(tenants.b.admin)), vin: VIN, terminalId: null });
    expect(squatted.body).toMatchObject({ code: 200 });
    const body = { ...(await vehicleSample(tenants.c.admin)), vin: VIN, terminalId: null };
    for (const [token, who] of [[tenants.c.admin, 'another tenant'], [server.admin, 'the platform tenant']] as const) {
      const zh = await submitVehicle(token, token === server.admin ? { ...(await vehicleSample(server.admin)), vin: VIN, terminalId: null } : body);
      expect(zh.body, who).toMatchObject({ code: 400, success: false, data: {} });
      expect(zh.body.msg, who).toContain(VIN);
      expect(zh.body.msg, who).toContain('已被注册');
      expect(zh.body.msg, who).not.toMatch(new RegExp(`(^|\\D)${tenants.b.id}(\\D|$)|抢注`));
    }
    const en = await submitVehicle(tenants.c.admin, body, 'en');
    expect(en.body.msg).toContain(`VIN ${VIN} is already registered`);
    // An update of a vehicle of its own to that VIN too.
    const own = await submitVehicle(tenants.c.admin, { ...body, vin: 'LSVWN000000000001' });
    expect(own.body.code).toBe(200);
    const [mine] = await vehiclesOf(tenants.c.admin, 'LSVWN000000000001');
    const update = await submitVehicle(tenants.c.admin, { id: mine!.id, vin: VIN });
    expect(update.body).toMatchObject({ code: 400 });
    expect(update.body.msg).toContain(VIN);
    expect(await vehiclesOf(tenants.c.admin, VIN)).toEqual([]);
  });

  it('is unique in the database itself, whatever tenant a row names', async () => {
    const [held] = await queryRows<{ id: string }>(server.gw.database.db, sql`SELECT id::text AS id FROM wdiov_vehicle WHERE vin = ${VIN} AND is_deleted = 0`);
    expect(held).toBeDefined();
    const refusal = await server.gw.database.db.execute(sql`INSERT INTO wdiov_vehicle (id, tenant_id, vin, is_deleted) VALUES (987654321012, ${tenants.c.id}, ${VIN}, 0)`)
      .then(() => 'stored', (e: Error & { cause?: Error }) => String(e.cause?.message ?? e.message));
    expect(refusal).toMatch(/wdiov_vehicle_vin_uq/);
    // A removed registration does not block the next one.
    await server.gw.database.db.execute(sql`INSERT INTO wdiov_vehicle (id, tenant_id, vin, is_deleted) VALUES (987654321013, ${tenants.c.id}, ${VIN}, 1)`);
  });

  it('of the demo fleet held by another tenant is left to it by the demo registration', async () => {
    const fleet = demoFleet(DEMO_FLEET.seed, DEMO_FLEET.count + 3);
    const taken = fleet[DEMO_FLEET.count + 1]!.vin;
    expect((await submitVehicle(tenants.b.admin, { ...(await vehicleSample(tenants.b.admin)), vin: taken, terminalId: null })).body.code).toBe(200);
    const res = await server.call('POST', '/api/wdiov-base/demoFleet/register', { body: { seed: DEMO_FLEET.seed, from: DEMO_FLEET.count, to: DEMO_FLEET.count + 3 } });
    expect(res.body).toMatchObject({ code: 200, data: { registered: 2, alreadyKnown: 1 } });
    expect((await vehiclesOf(tenants.b.admin, taken)).map((v) => v.vin)).toEqual([taken]);
    expect(await vehiclesOf(server.admin, taken)).toEqual([]);
  });
});

describe('moving a vehicle to another tenant', () => {
  const transfer = (token: string, body: unknown, lang?: string) =>
    server.call('POST', '/api/wdiov-base/vehicle/transfer', { token, body, headers: lang ? { 'Accept-Language': lang } : {} });

  it('is the platform administrator\'s: a tenant administrator, even with a role aliased administrator, is refused', async () => {
    const [held] = await vehiclesOf(tenants.b.admin, VIN);
    const target = await vehicleSample(tenants.c.admin);
    const body = { id: held!.id, tenantId: tenants.c.id, orgId: target.orgId, vehicleModelId: target.vehicleModelId };
    expect((await transfer(tenants.b.admin, body)).status).toBe(403);
    expect((await transfer(tenants.c.admin, body)).status).toBe(403);
    // Tenant C's administrator names a role of its own `administrator` and takes it.
    const role = await server.call('POST', '/api/wdiov-system/role/submit', { token: tenants.c.admin, body: { roleName: '超级管理员', roleAlias: 'administrator', parentId: '0', sort: 2 } });
    expect(role.body).toMatchObject({ code: 200 });
    const roles = (await server.call('GET', '/api/wdiov-system/role/list', { token: tenants.c.admin })).body.data as { id: string; roleAlias: string; children?: unknown[] }[];
    const roleId = roles.find((r) => r.roleAlias === 'administrator')!.id;
    const me = (await server.call('GET', '/api/wdiov-user/page?account=admin&size=10', { token: tenants.c.admin })).body.data.records[0];
    const grant = await server.call('POST', `/api/wdiov-user/grant?userIds=${me.id}&roleIds=${me.roleId},${roleId}`, { token: tenants.c.admin });
    expect(grant.body).toMatchObject({ code: 200 });
    const elevated = await server.signIn('admin', '123456', tenants.c.id);
    expect((await transfer(elevated, body)).status).toBe(403);
    expect((await vehiclesOf(tenants.b.admin, VIN)).map((v) => v.id)).toEqual([held!.id]);
  });

  it('refuses bad input with a 400 naming the field, moving nothing', async () => {
    const [held] = await vehiclesOf(tenants.b.admin, VIN);
    const target = await vehicleSample(tenants.c.admin);
    const ofB = await vehicleSample(tenants.b.admin);
    const good = { id: held!.id, tenantId: tenants.c.id, orgId: target.orgId, vehicleModelId: target.vehicleModelId };
    for (const [body, field] of [
      [{ ...good, tenantId: 'abc' }, 'tenantId'],
      [{ ...good, tenantId: '999998' }, 'tenantId'],
      [{ ...good, tenantId: tenants.b.id }, 'tenantId'],
      [{ ...good, id: 'x' }, 'id'],
      [{ ...good, orgId: ofB.orgId }, 'orgId'],
      [{ ...good, vehicleModelId: undefined }, 'vehicleModelId'],
    ] as const) {
      const res = await transfer(server.admin, body, 'en');
      expect(res.body, field).toMatchObject({ code: 400, success: false });
      expect(res.body.msg, field).toContain(field);
    }
    expect((await vehiclesOf(tenants.b.admin, VIN)).map((v) => v.id)).toEqual([held!.id]);
  });

  it('moves it with its organisation and model in the new tenant, leaving the old tenant\'s bindings behind', async () => {
    const [held] = await vehiclesOf(tenants.b.admin, VIN);
    const platform = await server.call('POST', '/api/wdiov-base/forwardPlatform/submit', { token: tenants.b.admin, body: {
      platformName: 'B平台', platformType: 2, host: '127.0.0.1', port: 9, protocol: 1, platformCode: 'BPLATFORM00000001', encryption: 1,
    } });
    expect(platform.body.code).toBe(200);
    const platformId = (await server.call('GET', '/api/wdiov-base/forwardPlatform/page?platformName=B平台', { token: tenants.b.admin })).body.data.records[0].id;
    expect((await server.call('POST', '/api/wdiov-base/forwardPlatformVehicle/save', { token: tenants.b.admin, body: { forwardPlatformId: platformId, vehicleIds: [held!.id] } })).body.code).toBe(200);
    const target = await vehicleSample(tenants.c.admin);
    const moved = await transfer(server.admin, { id: held!.id, tenantId: tenants.c.id, orgId: target.orgId, vehicleModelId: target.vehicleModelId });
    expect(moved.body).toMatchObject({ code: 200, data: { id: held!.id, tenantId: tenants.c.id } });
    expect(await vehiclesOf(tenants.b.admin, VIN)).toEqual([]);
    const there = await vehiclesOf(tenants.c.admin, VIN);
    expect(there).toMatchObject([{ id: held!.id, orgId: target.orgId }]);
    const bound = (await server.call('GET', `/api/wdiov-base/forwardPlatformVehicle/vehicleList?forwardPlatformId=${platformId}`, { token: tenants.b.admin })).body.data;
    expect(bound).toEqual([]);
  });
});
