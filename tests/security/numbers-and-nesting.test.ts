import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASIC, startSecurityServer, type SecurityServer } from './security-server.ts';

/**
 * Numbers Postgres cannot compare with a column (ids past the bigint range, integers past the
 * integer range or with a fraction) and JSON nested without end are refused with a clear 400
 * where they enter, never a 500 from the database or a main thread held in the parser.
 */
let server: SecurityServer;
beforeAll(async () => {
  server = await startSecurityServer();
});
afterAll(() => server.stop());

const PAST_BIGINT = '9223372036854775808';

describe('numbers past their column', () => {
  it.each([
    `/api/wdiov-base/vehicle/page?id_equal=${PAST_BIGINT}`,
    `/api/wdiov-base/vehicle/page?orgId_equal=${PAST_BIGINT}`,
    `/api/wdiov-base/vehicle/page?createUser=${PAST_BIGINT}`,
    '/api/wdiov-base/vehicle/page?id_equal=99999999999999999999',
    `/api/wdiov-base/forwardRecord/page?framesSent_equal=${PAST_BIGINT}`,
    '/api/wdiov-base/forwardRecord/page?framesSent_equal=-9223372036854775809',
    '/api/wdiov-base/forwardPlatform/page?port_equal=99999999999',
    '/api/wdiov-base/forwardPlatform/page?port_equal=1.5',
    '/api/wdiov-system/role/page?sort_equal=3000000000',
  ])('in a list filter %s are a 400 naming the filter', async (path) => {
    const r = await server.call('GET', path, { token: server.admin });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 400, success: false, data: {} });
    expect(r.body.msg).toMatch(/id|orgId|createUser|framesSent|port|status|sort/);
  });

  it('at the edge of their column are answered', async () => {
    for (const path of ['/api/wdiov-base/vehicle/page?id_equal=9223372036854775807', '/api/wdiov-base/forwardPlatform/page?port_equal=2147483647',
      '/api/wdiov-base/forwardRecord/page?framesSent_equal=-9223372036854775808']) {
      expect((await server.call('GET', path, { token: server.admin })).body, path).toMatchObject({ code: 200, data: { total: 0 } });
    }
  });

  it.each(['/api/wdiov-base/vehicle', '/api/wdiov-base/forwardPlatform', '/api/wdiov-system/post'])('as ids of %s/remove are a 400', async (base) => {
    const r = await server.call('POST', `${base}/remove?ids=1,${PAST_BIGINT}`, { token: server.admin });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 400, success: false });
  });

  it('as vehicle ids of a forwarding or fence binding are a 400', async () => {
    const r = await server.call('POST', '/api/wdiov-base/forwardPlatformVehicle/save', { token: server.admin, body: { forwardPlatformId: '1', vehicleIds: [PAST_BIGINT] } });
    expect(r.body).toMatchObject({ code: 400 });
    const f = await server.call('POST', '/api/wdiov-base/electronicFenceVehicle/save', { token: server.admin, body: { fenceId: '1', vehicleIds: [PAST_BIGINT] } });
    expect(f.body).toMatchObject({ code: 400 });
  });
});

describe('JSON nested deeper than 32 levels', () => {
  const nested = (depth: number, inner = '1') => '['.repeat(depth) + inner + ']'.repeat(depth);

  it('is a 400 before it is parsed, in the request\'s language, however large', async () => {
    const deep = nested(2_500_000);
    expect(deep.length).toBeGreaterThan(4_900_000);
    const started = performance.now();
    const r = await server.call('POST', '/api/wdiov-system/post/submit', { token: server.admin, raw: deep, headers: { 'Content-Type': 'application/json' } });
    const ms = performance.now() - started;
    expect(r.body).toMatchObject({ code: 400, success: false, data: {} });
    expect(r.body.msg).toContain('32');
    // Before: a 5 MB nested body held the main thread 1.1 s; the scan is a few tens of ms on a busy machine.
    expect(ms).toBeLessThan(1000);
    const en = await server.call('POST', '/api/wdiov-system/post/submit', { token: server.admin, raw: nested(33), headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en' } });
    expect(en.body.msg).toMatch(/deeper than 32/);
  });

  it('counts brackets outside strings only; 32 levels still reach the route', async () => {
    const inString = JSON.stringify({ category: 1, postCode: 'deep1', postName: '['.repeat(40) });
    expect((await server.call('POST', '/api/wdiov-system/post/submit', { token: server.admin, raw: inString, headers: { 'Content-Type': 'application/json' } })).body.msg).not.toContain('32');
    const at32 = `{"category":1,"postCode":"deep2","postName":"x","remark":${nested(31, '"\\\\"]"')}}`;
    const r = await server.call('POST', '/api/wdiov-system/post/submit', { token: server.admin, raw: at32, headers: { 'Content-Type': 'application/json' } });
    expect(r.body.msg ?? '').not.toMatch(/嵌套/);
  });

  it('is a 400 in the OAuth error shape on the token route', async () => {
    const res = await fetch(`${server.base}/api/wdiov-auth/oauth/token`, {
      method: 'POST', headers: { Authorization: BASIC, 'Tenant-Id': '000000', 'Content-Type': 'application/json' }, body: nested(100),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error_code: 400, code: 400, success: false });
  });
});
