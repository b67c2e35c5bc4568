import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_PATHS } from '../../gateway/src/auth/auth-middleware.ts';
import { SELF_SERVICE } from '../../gateway/src/auth/access-policy.ts';
import { OWN_IDENTITY_READS, SELF_SERVICE_READS } from '../../gateway/src/auth/read-grants.ts';
import { operations, startSecurityServer, type SecurityServer } from './security-server.ts';

/**
 * Reads are authorized like writes: a role with no menus gets 403 on every operation of the
 * OpenAPI document but the public and self-service ones; a role holding only the vehicle
 * screen reads vehicles and nothing of the platform.
 */
let server: SecurityServer;
let ops: [string, string][];
beforeAll(async () => {
  server = await startSecurityServer();
  ops = await operations(server);
});
afterAll(() => server.stop());

const open = (method: string, path: string) =>
  PUBLIC_PATHS.some((p) => p.test(path)) || path.includes('{') ||
  (method === 'GET' ? SELF_SERVICE_READS.some((p) => p.test(path)) || OWN_IDENTITY_READS.test(path) : SELF_SERVICE.has(path));

describe('a role with no grants', () => {
  it('is refused every operation but the public and self-service ones', async () => {
    const { token } = await server.userWithMenus('nobody', []);
    const guarded = ops.filter(([m, p]) => !open(m, p));
    expect(guarded.length).toBeGreaterThan(400);
    const answered: string[] = [];
    for (const [method, path] of guarded) {
      const r = await server.call(method, path, { token, body: method === 'GET' ? undefined : {} });
      if (r.status !== 403 || r.body?.code !== 403) answered.push(`${method} ${path} → ${r.status}`);
    }
    expect(answered).toEqual([]);
  });

  it('still reads its own profile, menus, routes and the dictionaries', async () => {
    const { token } = await server.userWithMenus('nobody2', []);
    for (const path of ['/api/wdiov-user/info', '/api/wdiov-auth/oauth/user-info', '/api/wdiov-system/menu/routes', '/api/wdiov-system/menu/buttons',
      '/api/wdiov-system/dict/dictionary?code=sex', '/api/wdiov-system/dict-biz/dictionary?code=sex']) {
      expect((await server.call('GET', path, { token })).body.code, path).toBe(200);
    }
  });
});

describe('a role holding only the vehicle screen', () => {
  let token: string;
  beforeAll(async () => {
    token = (await server.userWithMenus('fleetclerk', ['vehicle'])).token;
  });

  it('reads vehicles and what the vehicle form picks from', async () => {
    expect((await server.call('GET', '/api/wdiov-base/vehicle/page', { token })).body.code).toBe(200);
    expect((await server.call('GET', '/api/wdiov-base/vehicleModel/list', { token })).body.code).toBe(200);
  });

  it.each([
    '/api/wdiov-system/client/page', '/api/wdiov-system/tenant/page', '/api/wdiov-system/param/page', '/api/wdiov-user/page',
    '/api/wdiov-develop/datasource/page', '/api/wdiov-system/log-api/page', '/api/wdiov-system/log-error/page', '/api/wdiov-system/menu/page',
    '/api/wdiov-develop/code/page', '/api/wdiov-system/post/page', '/api/wdiov-vehteam/driver/page',
  ])('is refused %s', async (path) => {
    const r = await server.call('GET', path, { token });
    expect(r.status).toBe(403);
    expect(r.body.code).toBe(403);
  });
});

describe('the switch-identity lookups', () => {
  it('list a user their own depts and roles, and nobody else\'s', async () => {
    const { token, roleId, userId } = await server.userWithMenus('switcher', []);
    for (const query of ['', `?userId=${userId}`]) {
      const roles = await server.call('GET', `/api/wdiov-system/role/select${query}`, { token });
      expect(roles.body.data, query).toEqual([{ id: roleId, roleName: 'switcher' }]);
      const depts = await server.call('GET', `/api/wdiov-system/dept/select${query}`, { token });
      expect(depts.body.data, query).toEqual([{ id: expect.any(String), deptName: 'switcher-dept' }]);
    }
    const admin = await server.call('GET', '/api/wdiov-system/role/select?userId=1123598821738675201', { token });
    expect(admin.status).toBe(403);
  });
});

describe('the administrator', () => {
  it('reads the platform tables', async () => {
    for (const path of ['/api/wdiov-system/client/page', '/api/wdiov-system/tenant/page', '/api/wdiov-system/param/page', '/api/wdiov-user/page']) {
      expect((await server.call('GET', path, { token: server.admin })).body.code, path).toBe(200);
    }
  });

});

describe('secrets', () => {
  it('a client secret never travels in a list, only in the detail an administrator edits', async () => {
    for (const op of ['page', 'list']) {
      const r = await server.call('GET', `/api/wdiov-system/client/${op}`, { token: server.admin });
      const rows = Array.isArray(r.body.data) ? r.body.data : r.body.data.records;
      expect(rows.length, op).toBeGreaterThan(0);
      for (const row of rows) expect(row.clientSecret, op).toBeUndefined();
    }
    const [first] = (await server.call('GET', '/api/wdiov-system/client/page', { token: server.admin })).body.data.records;
    expect((await server.call('GET', `/api/wdiov-system/client/detail?id=${first.id}`, { token: server.admin })).body.data.clientSecret).toBe('saber_secret');
  });

  it('data source, SMS and OSS secrets are never sent', async () => {
    for (const path of ['/api/wdiov-develop/datasource/page', '/api/wdiov-resource/sms/page', '/api/wdiov-resource/oss/page']) {
      const r = await server.call('GET', path, { token: server.admin });
      for (const row of r.body.data.records) {
        expect(row.password, path).toBeUndefined();
        expect(row.secretKey, path).toBeUndefined();
      }
    }
  });
});
