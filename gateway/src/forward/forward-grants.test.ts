import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemPrincipal } from '../crud/principal.ts';
import { createTestGateway, postJson, type TestGateway } from '../../test/test-gateway.ts';

/**
 * The forwarding calls are granted like the other system calls: the switch, binding and the
 * blacklist are buttons of the platform screen, the vehicle log a button of the record screen.
 * A role without them is refused (403), with them it may make exactly those calls.
 */
let gw: TestGateway;
let admin: string;
let clerk: string;
let roleId: string;
let platformId: string;

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const menuId = async (code: string) => (await gw.json(`/api/wdiov-system/menu/page?code_equal=${code}`, { token: admin })).body.data.records[0].id as string;
const grant = async (codes: string[]) => {
  const menuIds = await Promise.all(codes.map(menuId));
  const res = await gw.json('/api/wdiov-system/role/grant', postJson({ roleIds: [roleId], menuIds, dataScopeIds: [], apiScopeIds: [] }, admin));
  expect(res.body.code).toBe(200);
};

beforeAll(async () => {
  gw = await createTestGateway();
  admin = await gw.signIn();
  const sys = systemPrincipal('000000');
  roleId = await gw.repos.get('role').insert(sys, { parentId: '0', roleName: 'forwarding clerk', roleAlias: 'fwdclerk', sort: 1 });
  const deptId = await gw.repos.get('dept').insert(sys, { parentId: '0', deptName: 'fwd-dept', fullName: 'fwd-dept', sort: 1, deptCategory: 1 });
  await gw.repos.get('user').insert(sys, { account: 'fwdclerk', realName: 'fwdclerk', password: md5('pw'), roleId, deptId });
  clerk = await gw.signIn('fwdclerk', 'pw');
  platformId = await gw.repos.get('forwardPlatform').insert(sys, {
    platformName: '授权测试平台', platformType: 2, host: '127.0.0.1', port: 9, protocol: 1, username: 'u', password: 'p', encryption: 1,
  });
});
afterAll(() => gw.dispose());

describe('grants of the forwarding calls', () => {
  const calls = () => [
    ['forwardPlatform/update', { id: platformId, forwardStatus: 0 }],
    ['forwardPlatformVehicle/save', { forwardPlatformId: platformId, vehicleIds: [] }],
    ['forwardBlacklist/save', { vehicleIds: [] }],
  ] as const;

  it('a role without the screens and buttons is refused every forwarding call, reads and writes', async () => {
    for (const [path, body] of calls()) {
      expect((await gw.json(`/api/wdiov-base/${path}`, postJson(body, clerk))).body, path).toMatchObject({ code: 403 });
    }
    for (const path of [`forwardPlatform/page`, `forwardPlatformVehicle/vehicleList?forwardPlatformId=${platformId}`, 'forwardRecord/page', 'forwardRecord/summary', 'forwardLog/getVehicle?vin=LFWDTEST000000001']) {
      expect((await gw.json(`/api/wdiov-base/${path}`, { token: clerk })).body, path).toMatchObject({ code: 403 });
    }
  });

  it('the platform screen alone shows the list but switches nothing; its buttons allow exactly their calls', async () => {
    await grant(['forward_platform']);
    expect((await gw.json('/api/wdiov-base/forwardPlatform/page', { token: clerk })).body.code).toBe(200);
    const update = () => gw.json('/api/wdiov-base/forwardPlatform/update', postJson({ id: platformId, forwardStatus: 0 }, clerk));
    expect((await update()).body).toMatchObject({ code: 403, msg: '缺少操作权限' });
    await grant(['forward_platform', 'forward_platform_status']);
    expect((await update()).body.code).toBe(200);
    // Binding is its own button.
    const [, bindBody] = calls()[1];
    expect((await gw.json('/api/wdiov-base/forwardPlatformVehicle/save', postJson(bindBody, clerk))).body.code).toBe(403);
    await grant(['forward_platform', 'forward_platform_status', 'forward_platform_bind']);
    expect((await gw.json('/api/wdiov-base/forwardPlatformVehicle/save', postJson({ ...bindBody, vehicleIds: [] }, clerk))).body.code).not.toBe(403);
    expect((await gw.json(`/api/wdiov-base/forwardPlatformVehicle/vehicleList?forwardPlatformId=${platformId}`, { token: clerk })).body.code).toBe(200);
  });

  it('the buttons a role sees are the calls it may make', async () => {
    const buttons = JSON.stringify((await gw.json('/api/wdiov-system/menu/buttons', { token: clerk })).body.data);
    expect(buttons).toContain('forward_platform_status');
    expect(buttons).toContain('forward_platform_bind');
    expect(buttons).not.toContain('forward_platform_blacklist');
  });
});
