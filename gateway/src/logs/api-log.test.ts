import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logApiTable } from '../db/schema/index.ts';
import { createTestGateway, postJson, type TestGateway } from '../../test/test-gateway.ts';

let gw: TestGateway;
let token: string;
beforeAll(async () => {
  gw = await createTestGateway();
  token = await gw.signIn();
});
afterAll(() => gw.dispose());

describe('api log', () => {
  it('keeps the calls that write, with who and the status, and leaves reads out', async () => {
    await gw.logs.flush();
    await gw.database.db.delete(logApiTable);
    for (let i = 0; i < 3; i++) expect((await gw.json('/api/wdiov-system/param/page', { token })).body.code).toBe(200);
    const add = await gw.json('/api/wdiov-system/param/submit', postJson({ paramName: '日志参数', paramKey: 'log.key', paramValue: '1' }, token));
    expect(add.body.code).toBe(200);
    await gw.logs.flush();
    const rows = await gw.database.db.select().from(logApiTable);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ method: 'POST', requestUri: '/api/wdiov-system/param/submit', createBy: 'admin', httpStatus: 200 });
  });
});
