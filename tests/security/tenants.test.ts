import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecurityServer, type SecurityServer } from './security-server.ts';

/** A tenant added through the console can sign in at once, and tenants never see each other's rows. */
let server: SecurityServer;
beforeAll(async () => {
  server = await startSecurityServer();
});
afterAll(() => server.stop());

describe('a new tenant', () => {
  let tenantId: string;
  let other: string;

  beforeAll(async () => {
    const add = await server.call('POST', '/api/wdiov-system/tenant/submit', { token: server.admin, body: { tenantName: '第二租户', linkman: '李四' } });
    expect(add.body).toMatchObject({ code: 200 });
    const page = await server.call('GET', '/api/wdiov-system/tenant/page?tenantName_equal=第二租户', { token: server.admin });
    tenantId = page.body.data.records[0].tenantId;
  });

  it('gets a generated six-digit id', () => {
    expect(tenantId).toMatch(/^\d{6}$/);
    expect(tenantId).not.toBe('000000');
  });

  it('has an admin account with the initial password, and its screens', async () => {
    other = await server.signIn('admin', '123456', tenantId);
    const routes = await server.call('GET', '/api/wdiov-system/menu/routes', { token: other });
    const text = JSON.stringify(routes.body.data);
    expect(text).toContain('/system/user');
    expect(text).not.toContain('/system/tenant');
    expect((await server.call('GET', '/api/wdiov-base/vehicle/page', { token: other })).body.code).toBe(200);
    expect((await server.call('GET', '/api/wdiov-system/param/page', { token: other })).status).toBe(403);
    expect((await server.call('GET', '/api/wdiov-system/tenant/page', { token: other })).status).toBe(403);
  });

  it('and the platform tenant never see each other\'s rows', async () => {
    const add = await server.call('POST', '/api/wdiov-system/post/submit', { token: other, body: { category: 1, postCode: 'b001', postName: '第二租户岗位' } });
    expect(add.body.code).toBe(200);
    const theirs = (await server.call('GET', '/api/wdiov-system/post/page?size=100', { token: other })).body.data.records.map((p: { postCode: string }) => p.postCode);
    const ours = (await server.call('GET', '/api/wdiov-system/post/page?size=100', { token: server.admin })).body.data.records.map((p: { postCode: string }) => p.postCode);
    expect(theirs).toContain('b001');
    expect(ours).not.toContain('b001');
    const theirUsers = (await server.call('GET', '/api/wdiov-user/page?size=100', { token: other })).body.data.records.map((u: { tenantId: string }) => u.tenantId);
    expect(new Set(theirUsers)).toEqual(new Set([tenantId]));
    const ourUsers = (await server.call('GET', '/api/wdiov-user/page?size=100', { token: server.admin })).body.data.records.map((u: { tenantId: string }) => u.tenantId);
    expect(ourUsers).not.toContain(tenantId);
  });

  it('an update of a tenant still goes through the generic route', async () => {
    const page = await server.call('GET', '/api/wdiov-system/tenant/page?tenantName_equal=第二租户', { token: server.admin });
    const r = await server.call('POST', '/api/wdiov-system/tenant/submit', { token: server.admin, body: { id: page.body.data.records[0].id, linkman: '王五' } });
    expect(r.body.code).toBe(200);
  });
});
