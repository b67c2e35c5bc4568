import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestGateway, md5, postJson, type TestGateway } from '../../../test/test-gateway.ts';
import { SEED } from '../../seed/seed.ts';
import { systemPrincipal } from '../../crud/principal.ts';

let gw: TestGateway;
let token: string;
const get = (path: string) => gw.json(path, { token });

beforeAll(async () => {
  gw = await createTestGateway();
  token = await gw.signIn();
});
afterAll(() => gw.dispose());

type Node = { id: string; code?: string; path?: string; category?: number; children?: Node[]; title?: string };
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

describe('menus', () => {
  it('routes give the administrator every screen as a tree, buttons every button', async () => {
    const routes = flatten((await get('/api/wdiov-system/menu/routes')).body.data);
    const paths = routes.map((n) => n.path);
    for (const p of ['/wel/index', '/system/param', '/authority/role', '/alarm/vehicleAlarm', '/trajectory/index', '/largeScreen']) expect(paths).toContain(p);
    expect(routes.every((n) => n.category === 1)).toBe(true);
    const buttons = flatten((await get('/api/wdiov-system/menu/buttons')).body.data).filter((n) => n.category === 2).map((n) => n.code);
    expect(buttons).toEqual(expect.arrayContaining(['param_add', 'param_edit', 'param_delete', 'param_view', 'tenantpackage_add', 'role_grant']));
    expect(buttons).not.toContain('tenantpackage_view');
  });

  it('grant-tree answers menu, dataScope and apiScope trees of TreeNodes', async () => {
    const tree = (await get('/api/wdiov-system/menu/grant-tree')).body.data;
    expect(Object.keys(tree).sort()).toEqual(['apiScope', 'dataScope', 'menu']);
    const [first] = tree.menu as Node[];
    expect(first).toMatchObject({ key: first!.id, value: first!.id, parentId: '0' });
    expect(flatten(tree.menu).some((n) => n.title === '新增')).toBe(true);
  });

  it('lazy lists answer one level with hasChildren', async () => {
    const top = (await get('/api/wdiov-system/menu/lazy-menu-list?parentId=0')).body.data as (Node & { hasChildren: boolean })[];
    const system = top.find((n) => n.code === 'system')!;
    expect(system.hasChildren).toBe(true);
    const below = (await get(`/api/wdiov-system/menu/lazy-list?parentId=${system.id}`)).body.data as Node[];
    expect(below.map((n) => n.code)).toContain('param');
    expect((await get('/api/wdiov-system/menu/lazy-list?parentId=abc')).body.code).toBe(400);
  });

  it('grant keys take comma-joined ids: none is nothing granted, a bad one is refused by name', async () => {
    expect((await get('/api/wdiov-system/menu/role-tree-keys?roleIds=')).body).toMatchObject({ code: 200, data: { menu: [], dataScope: [], apiScope: [] } });
    expect((await get('/api/wdiov-system/menu/role-tree-keys?roleIds=1,x')).body).toMatchObject({ code: 400, msg: '角色必须是逗号分隔的ID列表 [roleIds]' });
    expect((await gw.json('/api/wdiov-system/menu/top-tree-keys?topMenuIds=x', { token, headers: { 'Accept-Language': 'en' } })).body)
      .toMatchObject({ code: 400, msg: expect.stringMatching(/^The top menus .*\[topMenuIds\]$/) });
    expect((await get('/api/wdiov-system/menu/top-tree-keys')).body).toMatchObject({ code: 200, data: { menu: [] } });
  });
});

describe('dictionaries, depts, roles, regions', () => {
  it('dictionary answers the items of a code; parent-list pages the headers', async () => {
    const sex = (await get('/api/wdiov-system/dict/dictionary?code=sex')).body.data;
    expect(sex.map((i: { dictKey: string; dictValue: string }) => [i.dictKey, i.dictValue])).toEqual([['1', '男'], ['2', '女'], ['3', '未知']]);
    const parents = (await get('/api/wdiov-system/dict/parent-list?code=sex')).body.data;
    expect(parents.total).toBe(1);
    expect(parents.records[0].dictKey).toBe('-1');
    const children = (await get(`/api/wdiov-system/dict/child-list?parentId=${parents.records[0].id}`)).body.data;
    expect(children).toHaveLength(3);
    expect((await get('/api/wdiov-system/dict/dictionary')).body.msg).toContain('请输入字典编号');
  });

  it('a child dept gets its ancestors, trees nest it, and it cannot become its own parent', async () => {
    const add = await gw.json('/api/wdiov-system/dept/submit', postJson({ parentId: SEED.rootDeptId, deptName: '华南分部', fullName: '华南分部', sort: 2, deptCategory: 2 }, token));
    expect(add.body.code).toBe(200);
    const tree = (await get('/api/wdiov-system/dept/tree')).body.data as Node[];
    const root = tree.find((n) => n.id === SEED.rootDeptId)!;
    const child = root.children!.find((n) => n.title === '华南分部')!;
    expect(child).toBeDefined();
    const detail = (await get(`/api/wdiov-system/dept/detail?id=${child.id}`)).body.data;
    expect(detail.ancestors).toBe(`0,${SEED.rootDeptId}`);
    const loop = await gw.json('/api/wdiov-system/dept/submit', postJson({ id: SEED.rootDeptId, parentId: child.id }, token));
    expect(loop.body).toMatchObject({ code: 400 });
    const lazy = (await get(`/api/wdiov-system/dept/lazy-tree?parentId=${SEED.rootDeptId}`)).body.data;
    expect(lazy.map((n: Node) => n.title)).toContain('华南分部');
  });

  it('dept and dictionary levels keep their list filters, ignore keys they do not know and name a malformed parent', async () => {
    const level = async (query: string) => ((await get(`/api/wdiov-system/dept/lazy-list?parentId=${SEED.rootDeptId}${query}`)).body.data as { deptName: string }[]).map((r) => r.deptName);
    expect(await level(`&deptName_like=${encodeURIComponent('华南')}&bogus=1`)).toEqual(['华南分部']);
    expect((await get('/api/wdiov-system/dept/lazy-tree?parentId=1;drop')).body).toMatchObject({ code: 400, success: false, msg: '无效的上级ID [parentId]' });
    expect((await get('/api/wdiov-system/dict/child-list')).body).toMatchObject({ code: 400, msg: '缺少必要的请求参数: parentId [parentId]' });
    const sex = (await get('/api/wdiov-system/dict/dictionary?code=sex&bogus=1')).body.data as { dictKey: string }[];
    expect(sex.map((i) => i.dictKey)).toEqual(['1', '2', '3']);
  });

  it('role and dept select answer the user’s own', async () => {
    expect((await get(`/api/wdiov-system/role/select?userId=${SEED.adminUserId}`)).body.data).toEqual([{ id: SEED.adminRoleId, roleName: '超级管理员' }]);
    expect((await get(`/api/wdiov-system/dept/select?userId=${SEED.adminUserId}`)).body.data[0].id).toBe(SEED.rootDeptId);
  });

  it('role calls ignore keys they do not know and name a missing or malformed id', async () => {
    expect((await get(`/api/wdiov-system/role/select?userId=${SEED.adminUserId}&bogus=1`)).body.data).toEqual([{ id: SEED.adminRoleId, roleName: '超级管理员' }]);
    const below = (await get(`/api/wdiov-system/role/tree-by-id?roleId=${SEED.adminRoleId}&bogus=1`)).body.data as Node[];
    expect(below.map((n) => n.id)).toEqual([SEED.adminRoleId]);
    expect((await get('/api/wdiov-system/role/tree-by-id')).body).toMatchObject({ code: 400, success: false, msg: '缺少必要的请求参数: roleId [roleId]' });
    expect((await get('/api/wdiov-system/dept/select?userId=1;drop')).body).toMatchObject({ code: 400, msg: '无效的ID [userId]' });
  });

  it('regions: add by code, detail by code, lazy tree by parent code', async () => {
    await gw.json('/api/wdiov-system/region/submit', postJson({ code: '44', parentCode: '00', name: '广东省', regionLevel: 1 }, token));
    await gw.json('/api/wdiov-system/region/submit', postJson({ code: '4403', parentCode: '44', name: '深圳市', regionLevel: 2 }, token));
    expect((await get('/api/wdiov-system/region/detail?code=4403')).body.data.name).toBe('深圳市');
    const lazy = (await get('/api/wdiov-system/region/lazy-tree?parentCode=44')).body.data;
    expect(lazy).toEqual([expect.objectContaining({ id: '4403', title: '深圳市', hasChildren: false })]);
    expect((await get('/api/wdiov-system/region/detail?code=44;drop')).body.code).toBe(400);
  });
});

describe('params and tenants', () => {
  it('getValueByKey answers the value', async () => {
    expect((await get('/api/wdiov-system/param/getValueByKey?paramKey=alarm.websocket.switch')).body.data).toBe('1');
    expect((await get('/api/wdiov-system/param/getValueByKey?paramKey=nope')).body).toMatchObject({ code: 200, data: '' });
  });

  it('tenant info by domain is public; package setting links a package', async () => {
    const info = await gw.json('/api/wdiov-system/tenant/info?domain=none.example');
    expect(info.body).toMatchObject({ code: 200, data: {} });
    await gw.json('/api/wdiov-system/tenant-package/submit', postJson({ packageName: '基础包', menuId: [] }, token));
  });

  it('a tenant saved with the specification’s domain is found from the host a console sends', async () => {
    // As a BladeX console sends it: the spec's `domain`, display keys beside it.
    const add = await gw.json('/api/wdiov-system/tenant/submit', postJson({ tenantName: '域名租户', domain: 'http://Fleet.Example.com:1888/', statusName: '正常', $packageId: '' }, token));
    expect(add.body).toMatchObject({ code: 200 });
    for (const domain of ['fleet.example.com', 'http://fleet.example.com:1888', 'https://FLEET.example.com/#/login']) {
      const info = (await gw.json(`/api/wdiov-system/tenant/info?domain=${encodeURIComponent(domain)}`)).body.data;
      expect(info, domain).toMatchObject({ tenantId: expect.stringMatching(/^\d{6}$/), domain: 'http://Fleet.Example.com:1888/' });
    }
    expect((await gw.json('/api/wdiov-system/tenant/info?domain=example.com')).body.data).toEqual({});
    const [row] = (await get('/api/wdiov-system/tenant/list?tenantName=域名租户')).body.data.records;
    const detail = (await get(`/api/wdiov-system/tenant/detail?id=${row.id}`)).body.data;
    expect(detail).toMatchObject({ tenantName: '域名租户', domain: 'http://Fleet.Example.com:1888/', domainUrl: 'http://Fleet.Example.com:1888/' });
    const edit = await gw.json('/api/wdiov-system/tenant/submit', postJson({ ...detail, domain: 'new.example.com' }, token));
    expect(edit.body.code).toBe(200);
    expect((await gw.json('/api/wdiov-system/tenant/info?domain=new.example.com')).body.data.tenantId).toBe(row.tenantId);
  });
});

describe('users', () => {
  it('updates the own password with md5 values, refusing a wrong old one', async () => {
    const q = (o: string, n: string, n1: string) => `/api/wdiov-user/update-password?oldPassword=${md5(o)}&newPassword=${md5(n)}&newPassword1=${md5(n1)}`;
    expect((await gw.json(q('wrong', 'x', 'x'), { method: 'POST', token })).body.msg).toContain('原密码不正确');
    expect((await gw.json(q('admin', 'x', 'y'), { method: 'POST', token })).body.msg).toContain('两次密码输入不一致');
    expect((await gw.json(q('admin', 'admin2', 'admin2'), { method: 'POST', token })).body.code).toBe(200);
    expect(await gw.signIn('admin', 'admin2')).toBeTruthy();
    await gw.json(q('admin2', 'admin', 'admin'), { method: 'POST', token });
  });

  it('update-info changes the profile only', async () => {
    expect((await gw.json('/api/wdiov-user/update-info', postJson({ realName: '张三', phone: '13800138000' }, token))).body.code).toBe(200);
    expect((await get('/api/wdiov-user/info')).body.data).toMatchObject({ realName: '张三', phone: '13800138000' });
    // The whole user as the profile form sends it back: what is not the profile is ignored, never written.
    const before = (await get('/api/wdiov-user/info')).body.data;
    const sent = await gw.json('/api/wdiov-user/update-info', postJson({ ...before, roleId: '1', account: 'other', tenantId: '999999', realName: '李四', $sex: '男' }, token));
    expect(sent.body.code).toBe(200);
    expect((await get('/api/wdiov-user/info')).body.data).toMatchObject({ realName: '李四', roleId: before.roleId, account: before.account, tenantId: before.tenantId });
    expect((await gw.json('/api/wdiov-user/update-info', postJson({ phone: '12345' }, token))).body.msg).toContain('请输入正确的手机号');
  });

  it('register-guest creates a pending account that cannot sign in', async () => {
    // Guest registration is off unless the parameter turns it on.
    const sys = systemPrincipal('000000');
    const params = gw.repos.get('param');
    const [param] = await params.all(sys, { filters: [{ key: 'paramKey', field: 'paramKey', column: 'param_key', op: 'equal', value: 'account.registerUser' }], ascs: [], descs: [] });
    await params.update(sys, String(param!.id), { paramValue: 'true' });
    const r = await gw.json(`/api/wdiov-user/register-guest?tenantId=000000&account=guest1&name=访客&password=${md5('pw')}`, { method: 'POST' });
    expect(r.body).toMatchObject({ code: 200, msg: '注册申请已提交, 请耐心等待管理员审核' });
    await expect(gw.signIn('guest1', 'pw')).rejects.toThrow(/账号未启用或待审核/);
    const dup = await gw.json(`/api/wdiov-user/register-guest?tenantId=000000&account=guest1&password=${md5('pw')}`, { method: 'POST' });
    // A taken account is answered as a free one is, and nothing is added.
    expect(dup.body).toMatchObject({ code: 200, msg: '注册申请已提交, 请耐心等待管理员审核' });
  });

  it('grant, reset-password and unlock act on users of the tenant', async () => {
    const page = (await get('/api/wdiov-user/page?account=guest1')).body.data.records[0];
    expect((await gw.json(`/api/wdiov-user/grant?userIds=${page.id}&roleIds=${SEED.adminRoleId}`, { method: 'POST', token })).body.code).toBe(200);
    expect((await get(`/api/wdiov-user/detail?id=${page.id}`)).body.data.roleName).toBe('超级管理员');
    expect((await gw.json(`/api/wdiov-user/reset-password?userIds=${page.id}`, { method: 'POST', token })).body.code).toBe(200);
    expect((await gw.json('/api/wdiov-user/unlock?userIds=1,x', { method: 'POST', token })).body.code).toBe(400);
    expect((await gw.json(`/api/wdiov-user/unlock?userIds=${page.id}`, { method: 'POST', token })).body.code).toBe(200);
    const inDept = (await get(`/api/wdiov-user/page?deptId=${SEED.rootDeptId}`)).body.data.records.map((u: { account: string }) => u.account);
    expect(inDept).toContain('admin');
    expect(inDept).not.toContain('guest1');
  });
});
