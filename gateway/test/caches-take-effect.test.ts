import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityByName } from '@wdiov/contracts';
import { systemPrincipal } from '../src/crud/principal.ts';
import { entitySamples } from './entity-samples.ts';
import { createTestGateway, md5, postJson, type TestGateway } from './test-gateway.ts';

/**
 * Tokens, menu trees, dictionary answers, dept trees and prepared list queries are remembered between calls;
 * every change that matters still counts from the very next call. Each case first warms the
 * caches with the same calls it checks afterwards.
 */
let gw: TestGateway;
let admin: string;
let clerk: { roleId: string; userId: string; token: string };

const menuId = async (code: string) => (await gw.json(`/api/wdiov-system/menu/page?code_equal=${code}`, { token: admin })).body.data.records[0].id as string;
const grant = (body: Record<string, string[]>) =>
  gw.json('/api/wdiov-system/role/grant', postJson({ roleIds: [clerk.roleId], menuIds: [], dataScopeIds: [], apiScopeIds: [], ...body }, admin));
const routesOf = async (token: string) => JSON.stringify((await gw.json('/api/wdiov-system/menu/routes', { token })).body.data);
const postPage = async (token: string) => (await gw.json('/api/wdiov-system/post/page?size=100', { token })).body;
let posts = 0;
const addPost = (token: string) => gw.json('/api/wdiov-system/post/submit', postJson({ category: 1, postCode: `clerk${++posts}`, postName: '职员岗位', sort: 1 }, token));

beforeAll(async () => {
  gw = await createTestGateway();
  admin = await gw.signIn();
  const sys = systemPrincipal('000000');
  const roleId = await gw.repos.get('role').insert(sys, { parentId: '0', roleName: 'clerk', roleAlias: 'clerk', sort: 1 });
  const deptId = await gw.repos.get('dept').insert(sys, { parentId: '0', deptName: 'clerks', fullName: 'clerks', sort: 1, deptCategory: 1 });
  const userId = await gw.repos.get('user').insert(sys, { account: 'clerk', realName: 'clerk', password: md5('pw'), roleId, deptId });
  clerk = { roleId, userId, token: await gw.signIn('clerk', 'pw') };
  expect((await addPost(admin)).body.code).toBe(200);
});
afterAll(() => gw.dispose());

describe('remembered answers give way to changes at once', () => {
  it('a grant shows and hides menus and buttons, and allows and refuses writes, from the next call', async () => {
    for (let i = 0; i < 3; i++) expect(await routesOf(clerk.token)).not.toContain('/system/post');
    expect((await addPost(clerk.token)).body.code).toBe(403);
    await grant({ menuIds: [await menuId('post'), await menuId('post_add')] });
    expect(await routesOf(clerk.token)).toContain('/system/post');
    expect(JSON.stringify((await gw.json('/api/wdiov-system/menu/buttons', { token: clerk.token })).body.data)).toContain('post_add');
    expect((await addPost(clerk.token)).body.code).toBe(200);
    await grant({ menuIds: [] });
    expect(await routesOf(clerk.token)).not.toContain('/system/post');
    expect(JSON.stringify((await gw.json('/api/wdiov-system/menu/buttons', { token: clerk.token })).body.data)).not.toContain('post_add');
    expect((await addPost(clerk.token)).body).toMatchObject({ code: 403 });
  });

  it('a menu removed leaves the routes of every role set at once', async () => {
    const id = await menuId('param');
    expect(await routesOf(admin)).toContain('/system/param');
    expect((await gw.json(`/api/wdiov-system/menu/remove?ids=${id}`, { method: 'POST', token: admin })).body.code).toBe(200);
    expect(await routesOf(admin)).not.toContain('/system/param');
  });

  it('a data scope granted to the role narrows the same list query from the next call', async () => {
    await grant({ menuIds: [await menuId('post_add')] });
    expect((await addPost(clerk.token)).body.code).toBe(200);
    const all = (await postPage(clerk.token)).data.total;
    expect((await postPage(clerk.token)).data.total).toBe(all);
    expect(all).toBeGreaterThan(1);
    await gw.json('/api/wdiov-system/data-scope/submit', postJson({
      menuId: await menuId('post_add'), resourceCode: 'post', scopeName: '本人可见', scopeColumn: 'create_user', scopeType: 2,
    }, admin));
    const scopeId = (await gw.json('/api/wdiov-system/data-scope/page?resourceCode_equal=post', { token: admin })).body.data.records[0].id;
    await grant({ menuIds: [await menuId('post_add')], dataScopeIds: [scopeId] });
    const mine = (await postPage(clerk.token)).data;
    expect(mine.records.every((r: { createUser: string }) => r.createUser === clerk.userId)).toBe(true);
    expect(mine.total).toBeLessThan(all);
    expect((await postPage(admin)).data.total).toBe(all);
    // The role loses the scope: every row again.
    await grant({ menuIds: [await menuId('post_add')] });
    expect((await postPage(clerk.token)).data.total).toBe(all);
  });

  it('a signed-out token is refused on its next call, though it was verified before', async () => {
    const token = await gw.signIn('clerk', 'pw');
    for (let i = 0; i < 3; i++) expect((await gw.json('/api/wdiov-system/post/page', { token })).body.code).toBe(200);
    expect((await gw.json('/api/wdiov-auth/oauth/logout', { token })).status).toBe(200);
    expect((await gw.json('/api/wdiov-system/post/page', { token })).status).toBe(401);
    expect((await gw.json('/api/wdiov-system/post/page', { token: clerk.token })).body.code).toBe(200);
  });

  it('a dictionary item added is in the next dictionary answer', async () => {
    const items = async () => (await gw.json('/api/wdiov-system/dict/dictionary?code=sex', { token: admin })).body.data as { dictKey: string; parentId: string }[];
    const before = await items();
    expect(before.length).toBeGreaterThan(0);
    expect(await items()).toEqual(before);
    const add = await gw.json('/api/wdiov-system/dict/submit', postJson({ parentId: before[0]!.parentId, code: 'sex', dictKey: '9', dictValue: '其他', sort: 9, isSealed: 0 }, admin));
    expect(add.body.code).toBe(200);
    expect((await items()).map((i) => i.dictKey)).toEqual([...before.map((i) => i.dictKey), '9']);
  });

  it('a dept added, renamed or removed shows in the next dept tree', async () => {
    const tree = async () => JSON.stringify((await gw.json('/api/wdiov-system/dept/tree', { token: admin })).body.data);
    const before = await tree();
    expect(await tree()).toBe(before);
    const sys = systemPrincipal('000000');
    const id = await gw.repos.get('dept').insert(sys, { parentId: '0', deptName: 'night shift', fullName: 'night shift', sort: 9, deptCategory: 1 });
    expect(await tree()).toContain('"title":"night shift"');
    const rename = await gw.json('/api/wdiov-system/dept/submit', postJson({ id, deptName: 'late shift' }, admin));
    expect(rename.body.code).toBe(200);
    const renamed = await tree();
    expect(renamed).toContain('"title":"late shift"');
    expect(renamed).not.toContain('night shift');
    expect((await gw.json(`/api/wdiov-system/dept/remove?ids=${id}`, { token: admin, method: 'POST' })).body.code).toBe(200);
    expect(await tree()).toBe(before);
  });

  it('a vehicle added counts on the data board from the next call', async () => {
    const board = async () => (await gw.json('/api/wdiov-base/dataBoard/getRealTimeData', { token: admin })).body.data.total as number;
    const before = await board();
    expect(await board()).toBe(before);
    await entitySamples(gw, admin).create(entityByName('vehicle')!);
    expect(await board()).toBe(before + 1);
  });
});
