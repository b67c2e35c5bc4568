import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5, startSecurityServer, type SecurityServer } from './security-server.ts';

/** Sign-in failures are limited per address; a lock ends on its own; a leaked refresh family ends its access tokens. */
describe('failed sign-ins from one address', () => {
  let server: SecurityServer;
  beforeAll(async () => {
    server = await startSecurityServer({ SIGNIN_FAILURES_PER_ADDRESS: '10', SIGNIN_FAILURE_WINDOW_SECONDS: '600' });
  });
  afterAll(() => server.stop());

  it('get 429 in the OAuth error shape past the limit, whatever the account, the right password included', async () => {
    for (let i = 0; i < 10; i++) {
      const r = await server.tokenCall({ tenantId: '000000', username: `nobody${i}`, password: md5('guess'), grant_type: 'password' });
      expect(r.status, `try ${i}`).toBe(400);
    }
    const refused = await server.tokenCall({ tenantId: '000000', username: 'nobody', password: md5('guess'), grant_type: 'password' });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error_code: 429, error_description: expect.stringContaining('登录失败次数过多') });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const admin = await server.tokenCall({ tenantId: '000000', username: 'admin', password: md5('admin'), grant_type: 'password' });
    expect(admin.status).toBe(429);
  });
});

describe('accounts and tokens', () => {
  let server: SecurityServer;
  beforeAll(async () => {
    // A six-second lock: still on when the next try reaches a loaded machine. The per-address limit
    // is out of the way: the tries while locked are failures too, and that limit has its own test.
    server = await startSecurityServer({ LOGIN_LOCK_MINUTES: '0.1', SIGNIN_FAILURES_PER_ADDRESS: '1000' });
  });
  afterAll(() => server.stop());
  const password = (username: string, pw: string) => server.tokenCall({ tenantId: '000000', username, password: md5(pw), grant_type: 'password' });

  it('a locked account is unlocked on its own once the lock time has passed', async () => {
    await server.userWithMenus('lockme', []);
    for (let i = 0; i < 5; i++) await password('lockme', 'wrong');
    expect((await password('lockme', 'pw')).body.error_description).toBe('登录错误次数过多,请稍后再试');
    let signedIn = false;
    for (let i = 0; i < 150 && !signedIn; i++) {
      await new Promise((r) => setTimeout(r, 200));
      signedIn = (await password('lockme', 'pw')).status === 200;
    }
    expect(signedIn).toBe(true);
  });

  it('oauth/clear-cache is for administrators only', async () => {
    const { token } = await server.userWithMenus('cacheclerk', ['vehicle']);
    expect((await server.call('GET', '/api/wdiov-auth/oauth/clear-cache')).status).toBe(401);
    expect((await server.call('GET', '/api/wdiov-auth/oauth/clear-cache', { token })).status).toBe(403);
    expect((await server.call('GET', '/api/wdiov-auth/oauth/clear-cache', { token: server.admin })).status).toBe(200);
  });

  it('reusing a spent refresh token ends the access tokens of its family', async () => {
    const first = (await password('admin', 'admin')).body;
    const second = (await server.tokenCall({ grant_type: 'refresh_token', refresh_token: first.refresh_token })).body;
    expect(second.access_token).toBeTruthy();
    for (const t of [first.access_token, second.access_token]) {
      expect((await server.call('GET', '/api/wdiov-user/info', { token: t })).status).toBe(200);
    }
    const reuse = await server.tokenCall({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(reuse.status).toBe(401);
    for (const t of [first.access_token, second.access_token]) {
      expect((await server.call('GET', '/api/wdiov-user/info', { token: t })).status).toBe(401);
    }
    expect((await server.call('GET', '/api/wdiov-user/info', { token: server.admin })).status).toBe(200);
  });
});
