import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityList, MULTILINE_MAX, TEXT_MAX, type FieldDef } from '@wdiov/contracts';
import { entitySamples } from '../../gateway/test/entity-samples.ts';
import { md5, startSecurityServer, type SecurityServer } from './security-server.ts';

/**
 * Strings Postgres cannot store never reach it: a NUL character anywhere in a request, or a
 * string longer than its column, is a 400 with a clear msg, never a 500.
 */
let server: SecurityServer;
beforeAll(async () => {
  server = await startSecurityServer();
  await server.setParam('account.registerUser', 'true');
});
afterAll(() => server.stop());

describe('a NUL character', () => {
  it.each([
    '/api/wdiov-system/tenant/info?domain=a%00b',
    '/api/wdiov-system/param/getValueByKey?paramKey=a%00b',
    '/api/wdiov-system/dict/dictionary?code=a%00b',
    '/api/wdiov-system/dict-biz/dictionary?code=a%00b',
    '/api/wdiov-system/dict/dictionary-tree?code=a%00b',
    '/api/wdiov-system/dict-biz/dictionary-tree?code=a%00b',
    '/api/wdiov-base/vehicle/page?vin_like=%00',
  ])('in the query of %s is a 400', async (path) => {
    const r = await server.call('GET', path, { token: server.admin });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 400, success: false });
    expect(r.body.msg).toContain('空字符');
  });

  it('in a JSON body is a 400 and writes nothing', async () => {
    const r = await server.call('POST', '/api/wdiov-system/post/submit', { token: server.admin, body: { category: 1, postCode: 'nul1', postName: 'a\u0000b' } });
    expect(r.body).toMatchObject({ code: 400 });
    const page = await server.call('GET', '/api/wdiov-system/post/page?postCode_equal=nul1', { token: server.admin });
    expect(page.body.data.total).toBe(0);
  });

  it('in a sign-in is a 400 in the OAuth error shape', async () => {
    const r = await server.tokenCall({ tenantId: '000000', username: 'ad\u0000min', password: md5('admin'), grant_type: 'password' });
    expect(r.status).toBe(400);
    expect(r.body.error_description).toContain('空字符');
  });
});

describe('bodies', () => {
  it.each([
    ['text/plain', 'hello'],
    ['application/json', '{not json'],
  ])('of type %s that are not JSON are a 400 on a read-only POST route', async (type, raw) => {
    const r = await server.call('POST', '/api/wdiov-base/vehicleAlarmData/alarmCount', { token: server.admin, raw, headers: { 'Content-Type': type } });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(400);
  });
});

describe('guest registration', () => {
  const register = (account: string) =>
    server.call('POST', `/api/wdiov-user/register-guest?${new URLSearchParams({ tenantId: '000000', account, password: md5('pw') })}`);

  it.each([
    ['a 21-character account (longer than the name column)', 'g'.repeat(21), 200],
    ['an account one longer than its column', 'g'.repeat(46), 400],
    ['an account outside the account pattern', 'bad account!', 400],
  ])('with %s answers %s, never 500', async (_label, account, code) => {
    const r = await register(account);
    expect(r.status).toBeLessThan(500);
    expect(r.body.code).toBe(code);
  });

  it('is refused while account.registerUser is off', async () => {
    const page = await server.call('GET', '/api/wdiov-system/param/page?paramKey_equal=account.registerUser', { token: server.admin });
    const param = page.body.data.records[0];
    const set = (value: string) => server.call('POST', '/api/wdiov-system/param/submit', { token: server.admin, body: { id: param.id, paramValue: value } });
    expect((await set('false')).body.code).toBe(200);
    try {
      const r = await register('guestwhileoff');
      expect(r.body.code).toBe(400);
      const users = await server.call('GET', '/api/wdiov-user/page?account_equal=guestwhileoff', { token: server.admin });
      expect(users.body.data.total).toBe(0);
    } finally {
      await set('true');
    }
  });
});

describe('every string field of every entity', () => {
  it('refuses one character more than its column with a 400', async () => {
    const samples = entitySamples(server.gw, server.admin);
    const overflowed: string[] = [];
    let probed = 0;
    for (const entity of entityList) {
      const valid = await samples.sample(entity);
      for (const [name, def] of Object.entries(entity.fields) as [string, FieldDef][]) {
        if (def.kind !== 'text' || def.readOnly) continue;
        const max = def.max ?? (def.multiline ? MULTILINE_MAX : TEXT_MAX);
        const r = await server.call('POST', `${entity.basePath}/submit`, { token: server.admin, body: { ...valid, [name]: 'x'.repeat(max + 1) } });
        probed++;
        if (r.status >= 500 || r.body?.code !== 400) overflowed.push(`${entity.name}.${name} → ${r.status} ${r.body?.msg}`);
      }
    }
    expect(probed).toBeGreaterThan(300);
    expect(overflowed).toEqual([]);
  });
});
