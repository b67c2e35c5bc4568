import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { entityList, type AnyEntity } from '@wdiov/contracts';
import { systemPrincipal } from '../src/crud/principal.ts';
import { SEED } from '../src/seed/seed.ts';
import { createTestGateway, postJson, type TestGateway } from './test-gateway.ts';
import { entitySamples } from './entity-samples.ts';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
let gw: TestGateway;
let admin: string;
let samples: ReturnType<typeof entitySamples>;

/** Creates a role, dept and user in a tenant straight through the repositories. */
async function makeUser(tenantId: string, account: string, roleAlias: string) {
  const sys = systemPrincipal(tenantId);
  const roleId = await gw.repos.get('role').insert(sys, { parentId: '0', roleName: roleAlias, roleAlias, sort: 1 });
  const deptId = await gw.repos.get('dept').insert(sys, { parentId: '0', deptName: `${account}-dept`, fullName: `${account}-dept`, sort: 1, deptCategory: 1 });
  const userId = await gw.repos.get('user').insert(sys, { account, realName: account, password: md5('pw'), roleId, deptId });
  return { roleId, deptId, userId };
}

beforeAll(async () => {
  gw = await createTestGateway();
  admin = await gw.signIn();
  samples = entitySamples(gw, admin);
  await gw.repos.get('tenant').insert(systemPrincipal('000000'), { tenantId: '000001', tenantName: '租户B' });
});
afterAll(() => gw.dispose());

describe('tenant isolation', () => {
  const tenantScoped = entityList.filter((e) => e.tenant && e.name !== 'user');
  let other: string;
  beforeAll(async () => {
    await makeUser('000001', 'boss', 'administrator');
    other = await gw.signIn('boss', 'pw', '000001');
  });

  it.each(tenantScoped.map((e) => [e.name, e] as const))('%s rows of tenant A stay out of tenant B', async (_n, entity: AnyEntity) => {
    const id = await samples.create(entity);
    const before = await gw.json(`${entity.basePath}/detail?id=${id}`, { token: admin });
    expect((await gw.json(`${entity.basePath}/detail?id=${id}`, { token: other })).body.code).toBe(404);
    expect((await gw.json(`${entity.basePath}/page?id_equal=${id}`, { token: other })).body.data.total).toBe(0);
    expect((await gw.json(`${entity.basePath}/submit`, postJson({ id }, other))).body.code).toBe(404);
    const param = entity.removeBy === 'id' ? 'id' : 'ids';
    expect((await gw.json(`${entity.basePath}/remove?${param}=${id}`, { method: 'POST', token: other })).body.code).toBe(404);
    expect((await gw.json(`${entity.basePath}/detail?id=${id}`, { token: admin })).body).toEqual(before.body);
  });

  it('users of tenant A are invisible to tenant B', async () => {
    expect((await gw.json(`/api/wdiov-user/detail?id=${SEED.adminUserId}`, { token: other })).body.code).toBe(404);
    const page = await gw.json('/api/wdiov-user/page?size=100', { token: other });
    expect(page.body.data.records.map((u: { account: string }) => u.account)).toEqual(['boss']);
  });

  it('platform data is for the platform tenant only', async () => {
    expect((await gw.json('/api/wdiov-system/tenant/page', { token: other })).body).toMatchObject({ code: 403 });
    expect((await gw.json('/api/wdiov-system/client/page', { token: other })).body).toMatchObject({ code: 403 });
    const write = await gw.json('/api/wdiov-system/param/submit', postJson({ paramName: 'x', paramKey: 'b.only', paramValue: '1' }, other));
    expect(write.body).toMatchObject({ code: 403 });
  });
});

describe('API scopes, buttons and data scopes', () => {
  let limited: { roleId: string; userId: string };
  let token: string;
  const grant = (body: Record<string, string[]>) => gw.json('/api/wdiov-system/role/grant', postJson({ roleIds: [limited.roleId], menuIds: [], dataScopeIds: [], apiScopeIds: [], ...body }, admin));
  const menuId = async (code: string) => (await gw.json(`/api/wdiov-system/menu/page?code_equal=${code}`, { token: admin })).body.data.records[0].id as string;

  beforeAll(async () => {
    limited = await makeUser('000000', 'clerk', 'clerk');
    token = await gw.signIn('clerk', 'pw');
  });

  it('refuses reads without a screen that shows them, and the platform tables to all but administrators', async () => {
    expect((await gw.json('/api/wdiov-system/post/page', { token })).body).toMatchObject({ code: 403, msg: '缺少查看权限' });
    expect((await gw.json('/api/wdiov-system/param/page', { token })).body).toMatchObject({ code: 403 });
    expect((await gw.json('/api/wdiov-system/dict/dictionary?code=sex', { token })).body.code).toBe(200);
  });

  it('refuses writes without their button, and allows them once granted; buttons match', async () => {
    let n = 0;
    const add = () => gw.json('/api/wdiov-system/post/submit', postJson({ category: 1, postName: '职员岗位', postCode: `clerk${++n}` }, token));
    expect((await add()).body).toMatchObject({ code: 403, msg: '缺少操作权限' });
    expect((await grant({ menuIds: [await menuId('post'), await menuId('post_add')] })).body.code).toBe(200);
    expect((await add()).body).toMatchObject({ code: 200, msg: '新增成功' });
    const buttons = await gw.json('/api/wdiov-system/menu/buttons', { token });
    const codes: string[] = [];
    const walk = (nodes: { code: string; category: number; children?: unknown[] }[]) => nodes.forEach((n) => { if (n.category === 2) codes.push(n.code); walk((n.children ?? []) as never); });
    walk(buttons.body.data);
    expect(codes).toEqual(['post_add']);
    const routes = await gw.json('/api/wdiov-system/menu/routes', { token });
    expect(JSON.stringify(routes.body.data)).toContain('/system/post');
    expect(JSON.stringify(routes.body.data)).not.toContain('/system/user');
    const [any] = (await gw.json('/api/wdiov-system/post/page', { token })).body.data.records;
    expect((await gw.json(`/api/wdiov-system/post/remove?ids=${any.id}`, { method: 'POST', token })).body).toMatchObject({ code: 403 });
    expect((await gw.json('/api/wdiov-system/role/grant', postJson({ roleIds: [limited.roleId], menuIds: [] }, token))).body.code).toBe(403);
  });

  it('refuses a path covered by an API scope the role lacks', async () => {
    const add = await gw.json('/api/wdiov-system/api-scope/submit', postJson({
      menuId: await menuId('post'), resourceCode: 'post', scopeName: '岗位查询', scopePath: '/api/wdiov-system/post/**', scopeType: 1,
    }, admin));
    expect(add.body.code).toBe(200);
    const scopeId = (await gw.json('/api/wdiov-system/api-scope/page?resourceCode_equal=post', { token: admin })).body.data.records[0].id;
    expect((await gw.json('/api/wdiov-system/post/page', { token })).body).toMatchObject({ code: 403, msg: '缺少接口权限' });
    expect((await gw.json('/api/wdiov-system/post/page', { token: admin })).body.code).toBe(200);
    await grant({ menuIds: [await menuId('post'), await menuId('post_add')], apiScopeIds: [scopeId] });
    expect((await gw.json('/api/wdiov-system/post/page', { token })).body.code).toBe(200);
    const keys = await gw.json(`/api/wdiov-system/menu/role-tree-keys?roleIds=${limited.roleId}`, { token: admin });
    expect(keys.body.data.apiScope).toEqual([scopeId]);
  });

  it('narrows pages with a data scope', async () => {
    const all = (await gw.json('/api/wdiov-system/post/page?size=100', { token })).body.data.total;
    await gw.json('/api/wdiov-system/data-scope/submit', postJson({
      menuId: await menuId('post'), resourceCode: 'post', scopeName: '本人可见', scopeColumn: 'create_user', scopeType: 2,
    }, admin));
    const scopeId = (await gw.json('/api/wdiov-system/data-scope/page?resourceCode_equal=post', { token: admin })).body.data.records[0].id;
    const apiScope = (await gw.json('/api/wdiov-system/api-scope/page?resourceCode_equal=post', { token: admin })).body.data.records[0].id;
    await grant({ menuIds: [await menuId('post'), await menuId('post_add')], apiScopeIds: [apiScope], dataScopeIds: [scopeId] });
    const mine = (await gw.json('/api/wdiov-system/post/page?size=100', { token })).body.data;
    expect(mine.total).toBe(1);
    expect(mine.total).toBeLessThan(all);
    expect(mine.records[0].postName).toBe('职员岗位');
    expect((await gw.json('/api/wdiov-system/post/page?size=100', { token: admin })).body.data.total).toBe(all);
  });
});
