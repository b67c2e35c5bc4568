import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestGateway, postJson, type TestGateway } from '../../../test/test-gateway.ts';

let gw: TestGateway;
let token: string;
const get = (path: string, language = 'zh') => gw.json(path, { token, headers: { 'Accept-Language': language } });
const post = (path: string, language = 'zh') => gw.json(path, { method: 'POST', token, headers: { 'Content-Type': 'application/json', 'Accept-Language': language }, body: '{}' });
let tenant: { id: string; tenantId: string };

beforeAll(async () => {
  gw = await createTestGateway();
  token = await gw.signIn();
  const add = await gw.json('/api/wdiov-system/tenant/submit', postJson({ tenantName: '额度租户', accountNumber: 5 }, token));
  expect(add.body.code).toBe(200);
  const [row] = (await get('/api/wdiov-system/tenant/list?tenantName=额度租户')).body.data.records;
  tenant = { id: String(row.id), tenantId: String(row.tenantId) };
});
afterAll(() => gw.dispose());

const detail = async () => (await get(`/api/wdiov-system/tenant/detail?id=${tenant.id}`)).body.data;

describe('the tenant calls', () => {
  it('setting changes what is given and leaves a blank one as it is', async () => {
    expect((await post(`/api/wdiov-system/tenant/setting?ids=${tenant.id}&accountNumber=&expireTime=2030-01-02 03:04:05`)).body.code).toBe(200);
    expect(await detail()).toMatchObject({ accountNumber: 5, expireTime: '2030-01-02 03:04:05' });
    expect((await post(`/api/wdiov-system/tenant/setting?ids=${tenant.id}&accountNumber=-1`)).body.code).toBe(200);
    expect(await detail()).toMatchObject({ accountNumber: -1, expireTime: '2030-01-02 03:04:05' });
  });

  it('setting refuses bad input by name, in the caller\'s language, and changes nothing', async () => {
    expect((await post(`/api/wdiov-system/tenant/setting?ids=${tenant.id}&accountNumber=1.5`)).body).toMatchObject({ code: 400, msg: '账号额度必须是整数 [accountNumber]' });
    expect((await post(`/api/wdiov-system/tenant/setting?ids=${tenant.id}&accountNumber=-2`, 'en')).body).toMatchObject({ code: 400, msg: 'The account quota must not be less than -1 [accountNumber]' });
    expect((await post('/api/wdiov-system/tenant/setting?ids=1,x&accountNumber=3')).body).toMatchObject({ code: 400, msg: expect.stringContaining('[ids]') });
    expect((await post(`/api/wdiov-system/tenant/setting?ids=${tenant.id}&expireTime=tomorrow`)).body).toMatchObject({ code: 400, msg: expect.stringContaining('[expireTime]') });
    expect((await detail()).accountNumber).toBe(-1);
  });

  it('datasource and package take a six-digit tenant id and an id', async () => {
    expect((await post('/api/wdiov-system/tenant/datasource?tenantId=12&datasourceId=1', 'en')).body).toMatchObject({ code: 400, msg: 'The tenant id must be 6 digits [tenantId]' });
    expect((await post(`/api/wdiov-system/tenant/datasource?tenantId=${tenant.tenantId}`)).body).toMatchObject({ code: 400, msg: expect.stringContaining('[datasourceId]') });
    expect((await get('/api/wdiov-system/tenant/package-detail?tenantId=999999')).body).toMatchObject({ code: 404, msg: '租户不存在: 999999' });
    expect((await get(`/api/wdiov-system/tenant/package-detail?tenantId=${tenant.tenantId}`)).body).toMatchObject({ code: 200, data: {} });

    const [menu] = (await get('/api/wdiov-system/menu/lazy-menu-list?parentId=0')).body.data;
    const added = await gw.json('/api/wdiov-system/tenant-package/submit', postJson({ packageName: '额度包', menuId: [menu.id] }, token));
    expect(added.body).toMatchObject({ code: 200 });
    const [pkg] = (await get('/api/wdiov-system/tenant-package/list?packageName=额度包')).body.data.records;
    expect((await post(`/api/wdiov-system/tenant/package-setting?tenantId=${tenant.tenantId}&packageId=${pkg.id}`)).body.code).toBe(200);
    expect((await get(`/api/wdiov-system/tenant/package-detail?tenantId=${tenant.tenantId}`)).body.data).toMatchObject({ packageName: '额度包' });
    // None given clears it.
    expect((await post(`/api/wdiov-system/tenant/package-setting?tenantId=${tenant.tenantId}&packageId=`)).body.code).toBe(200);
    expect((await detail()).packageId ?? null).toBeNull();
  });

  it('select lists the tenants by id and name; a parameter key is required', async () => {
    expect((await get('/api/wdiov-system/tenant/select')).body.data).toEqual(expect.arrayContaining([{ id: tenant.id, tenantId: tenant.tenantId, tenantName: '额度租户' }]));
    expect((await get('/api/wdiov-system/param/getValueByKey?paramKey=%20', 'en')).body).toMatchObject({ code: 400, msg: 'Please enter the parameter key [paramKey]' });
  });
});
