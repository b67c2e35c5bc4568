import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemPrincipal } from '../../crud/principal.ts';
import { SEED } from '../../seed/seed.ts';
import { createTestGateway, postJson, type TestGateway } from '../../../test/test-gateway.ts';
import { otherTenant } from '../base/test-support.ts';

let gw: TestGateway;
let admin: string;
beforeAll(async () => {
  gw = await createTestGateway();
  admin = await gw.signIn();
});
afterAll(() => gw.dispose());

describe('post/select', () => {
  it('answers the posts of the caller’s tenant, another tenant’s to the platform only', async () => {
    const own = (await gw.json('/api/wdiov-system/post/select', { token: admin })).body;
    expect(own.code).toBe(200);
    expect(own.data.map((p: { postCode: string }) => p.postCode)).toContain('ceo');
    const boss = await otherTenant(gw);
    await gw.repos.get('post').insert(systemPrincipal('000001'), { category: 1, postCode: 'driver', postName: '司机', sort: 1 });
    expect((await gw.json('/api/wdiov-system/post/select?tenantId=000001', { token: admin })).body.data.map((p: { postCode: string }) => p.postCode)).toEqual(['driver']);
    expect((await gw.json('/api/wdiov-system/post/select?tenantId=000000', { token: boss })).body.code).toBe(403);
    expect((await gw.json('/api/wdiov-system/post/select?tenantId=abc', { token: admin })).body.code).toBe(400);
  });

  it('takes an empty tenant for the caller\'s own, ignores keys it does not know and names a malformed tenant', async () => {
    const codes = async (query: string) => ((await gw.json(`/api/wdiov-system/post/select${query}`, { token: admin })).body.data as { postCode: string }[]).map((p) => p.postCode);
    expect(await codes('?tenantId=&postCode=nobody&bogus=1')).toEqual(await codes(''));
    expect((await gw.json('/api/wdiov-system/post/select?tenantId=12345', { token: admin })).body).toMatchObject({ code: 400, success: false, msg: '租户ID应为6位数字 [tenantId]' });
  });
});

describe('wdiov-user/update', () => {
  it('updates a user by id and refuses a missing or unknown id', async () => {
    const update = (body: unknown) => gw.json('/api/wdiov-user/update', postJson(body, admin));
    expect((await update({ id: SEED.adminUserId, realName: '管理员甲' })).body).toMatchObject({ code: 200 });
    expect((await gw.json(`/api/wdiov-user/detail?id=${SEED.adminUserId}`, { token: admin })).body.data.realName).toBe('管理员甲');
    expect((await update({ realName: 'x' })).body).toMatchObject({ code: 400, msg: expect.stringMatching(/\[id\]/) });
    expect((await update({ id: '987654321', realName: 'x' })).body.code).toBe(404);
    expect((await update({ id: SEED.adminUserId, email: { no: 1 } })).body.code).toBe(400);
  });
});
