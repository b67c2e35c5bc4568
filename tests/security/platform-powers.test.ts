import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecurityServer, type SecurityServer } from './security-server.ts';

/**
 * The platform administrator's powers come from the platform tenant's own roles. A tenant's
 * administrator may name a role of its tenant `administrator` and take it: that opens its own
 * tenant to it, nothing of the platform's (params, menus, tenants, clients, scopes, transfers).
 */
let server: SecurityServer;
let tenantId: string;
let elevated: string;

const PLATFORM_READS = [
  '/api/wdiov-system/param/page?size=100',
  '/api/wdiov-system/param/list',
  '/api/wdiov-system/menu/page?size=10',
  '/api/wdiov-system/menu/list',
  '/api/wdiov-system/tenant/page',
  '/api/wdiov-system/data-scope/page',
  '/api/wdiov-system/api-scope/page',
  '/api/wdiov-system/client/page',
  '/api/wdiov-system/menu/grant-tree',
];

beforeAll(async () => {
  server = await startSecurityServer();
  const add = await server.call('POST', '/api/wdiov-system/tenant/submit', { token: server.admin, body: { tenantName: '提权租户', linkman: '孙八' } });
  expect(add.body.code).toBe(200);
  tenantId = (await server.call('GET', '/api/wdiov-system/tenant/page?tenantName_equal=提权租户', { token: server.admin })).body.data.records[0].tenantId;
  const admin = await server.signIn('admin', '123456', tenantId);
  // Everything below is what the tenant's own administrator may do on its screens.
  const role = await server.call('POST', '/api/wdiov-system/role/submit', { token: admin, body: { roleName: '超级管理员', roleAlias: 'administrator', parentId: '0', sort: 2 } });
  expect(role.body).toMatchObject({ code: 200 });
  const roles = (await server.call('GET', '/api/wdiov-system/role/list', { token: admin })).body.data as { id: string; roleAlias: string }[];
  const roleId = roles.find((r) => r.roleAlias === 'administrator')!.id;
  const me = (await server.call('GET', '/api/wdiov-user/page?account=admin&size=10', { token: admin })).body.data.records[0];
  const grant = await server.call('POST', `/api/wdiov-user/grant?userIds=${me.id}&roleIds=${me.roleId},${roleId}`, { token: admin });
  expect(grant.body).toMatchObject({ code: 200 });
  elevated = await server.signIn('admin', '123456', tenantId);
});
afterAll(() => server?.stop());

describe('a tenant administrator holding a role it named administrator', () => {
  it('is refused the platform\'s params, menus, tenants, scopes and clients the platform administrator reads', async () => {
    for (const path of PLATFORM_READS) {
      expect((await server.call('GET', path, { token: server.admin })).status, `platform ${path}`).toBe(200);
      const res = await server.call('GET', path, { token: elevated });
      expect(res.status, path).toBe(403);
      expect(JSON.stringify(res.body)).not.toContain('account.initPassword');
    }
  });

  it('is refused the platform\'s writes', async () => {
    const param = await server.call('POST', '/api/wdiov-system/param/submit', { token: elevated, body: { paramName: 'x', paramKey: 'outbound.allow', paramValue: '0.0.0.0/0' } });
    expect(param.status).toBe(403);
    const tenant = await server.call('POST', '/api/wdiov-system/tenant/submit', { token: elevated, body: { tenantName: '又一租户', linkman: '周九' } });
    expect(tenant.status).toBe(403);
    const { body } = await server.call('GET', '/api/wdiov-system/param/page?paramKey=outbound.allow', { token: server.admin });
    expect(body.data.records).toEqual([]);
  });

  it('sees its tenant\'s screens only, not the platform\'s', async () => {
    const routes = JSON.stringify((await server.call('GET', '/api/wdiov-system/menu/routes', { token: elevated })).body.data);
    expect(routes).toContain('/system/user');
    expect(routes).not.toContain('/system/tenant');
    expect(routes).not.toContain('/system/param');
  });
});
