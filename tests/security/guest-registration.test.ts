// Guest registration: off on a new installation; when an administrator opens it, a taken
// account gets the very answer a free one does (and keeps its password), and one address may
// try only as often as it may fail to sign in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemPrincipal } from '../../gateway/src/crud/principal.ts';
import { md5, startSecurityServer, type SecurityServer } from './security-server.ts';

const LIMIT = 4;
let s: SecurityServer;
beforeAll(async () => {
  s = await startSecurityServer({ SIGNIN_FAILURES_PER_ADDRESS: String(LIMIT) });
}, 60_000);
afterAll(() => s?.stop());

const register = (account: string, headers: Record<string, string> = {}) =>
  s.call('POST', `/api/wdiov-user/register-guest?${new URLSearchParams({ tenantId: '000000', account, password: md5('guess') })}`, { headers });
const accounts = async () => (await s.gw.repos.get('user').all(systemPrincipal('000000'), { filters: [], ascs: [], descs: [] })).map((u) => String(u.account));

describe('guest registration', () => {
  it('is off by default and adds nobody', async () => {
    const before = await accounts();
    const res = await register('visitor0');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, success: false, msg: '当前系统暂未开启注册功能' });
    expect(await accounts()).toEqual(before);
  });

  it('once opened, answers a taken account as it answers a free one, and the taken one keeps its password', async () => {
    await s.setParam('account.registerUser', 'true');
    const free = await register('visitor1');
    const taken = await register('admin');
    expect(taken.status).toBe(free.status);
    expect(taken.body).toEqual(free.body);
    expect(free.body).toMatchObject({ code: 200, success: true });
    expect(await accounts()).toContain('visitor1');
    expect(await s.signIn('admin', 'admin')).toBeTruthy();
  });

  it('refuses an address past the sign-in limit with 429, in the request\'s language', async () => {
    // Two attempts were made above with the parameter on; the rest of the window's allowance now.
    for (let i = 2; i < LIMIT; i++) expect((await register(`visitor${i}`)).status).toBe(200);
    const before = await accounts();
    const zh = await register('visitor-late');
    expect(zh.status).toBe(429);
    expect(zh.body).toMatchObject({ code: 429, success: false, data: {} });
    expect(zh.body.msg).toContain('注册请求过于频繁');
    expect(Number(zh.headers.get('retry-after'))).toBeGreaterThan(0);
    const en = await register('visitor-late', { 'Accept-Language': 'en' });
    expect(en.body.msg).toContain('Too many sign-up requests');
    expect(await accounts()).toEqual(before);
  });
});
