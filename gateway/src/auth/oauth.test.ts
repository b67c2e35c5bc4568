import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { BASIC, createTestGateway, md5, type TestGateway } from '../../test/test-gateway.ts';
import { captchas } from '../db/schema/auth.ts';
import { queryRows } from '../db/client.ts';
import { systemPrincipal } from '../crud/principal.ts';
import { needsRehash } from './password.ts';

let gw: TestGateway;
beforeAll(async () => {
  gw = await createTestGateway();
});
afterAll(() => gw.dispose());

const token = (params: Record<string, string>, headers: Record<string, string> = {}) =>
  gw.json(`/api/wdiov-auth/oauth/token?${new URLSearchParams({ scope: 'all', type: 'account', ...params })}`, {
    method: 'POST',
    headers: { Authorization: BASIC, 'Tenant-Id': '000000', ...headers },
  });
const password = (username: string, pw: string) => token({ tenantId: '000000', username, password: md5(pw), grant_type: 'password' });

describe('oauth/token', () => {
  it('signs the admin in with md5(admin) and answers the bare snake_case token', async () => {
    const { status, body } = await password('admin', 'admin');
    expect(status).toBe(200);
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 3600, tenant_id: '000000', account: 'admin', role_name: 'administrator', user_id: '1123598821738675201' });
    expect(body.access_token.split('.')).toHaveLength(3);
    expect(body.code).toBeUndefined();
    expect(body.error_description).toBeUndefined();
  });

  it('answers error_description for a wrong password and issues nothing', async () => {
    const before = await queryRows(gw.database.db, sql`select count(*)::int as n from wdiov_refresh_token`);
    const { status, body } = await password('admin', 'wrong');
    expect(status).toBe(400);
    expect(body.error_description).toBe('用户名或密码错误');
    expect(body.access_token).toBeUndefined();
    const after = await queryRows(gw.database.db, sql`select count(*)::int as n from wdiov_refresh_token`);
    expect(after).toEqual(before);
    await password('admin', 'admin'); // resets the failure count for the other tests
  });

  it('locks an account on the sixth wrong try in a row, even with the right password', async () => {
    const admin = gw.repos.get('user');
    await admin.insert(systemPrincipal('000000'), {
      account: 'victim', realName: '受害者', password: md5('right'),
      roleId: '1123598816738675201', deptId: '1123598813738675201',
    });
    for (let i = 1; i <= 5; i++) {
      expect((await password('victim', 'nope')).body.error_description, `try ${i}`).toBe('用户名或密码错误');
    }
    expect((await password('victim', 'nope')).body.error_description).toBe('登录错误次数过多,请稍后再试');
    expect((await password('victim', 'right')).body.error_description).toBe('登录错误次数过多,请稍后再试');
  });

  it('rotates refresh tokens: one use works, a second use fails and revokes the family', async () => {
    const first = (await password('admin', 'admin')).body;
    const second = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(second.status).toBe(200);
    expect(second.body.access_token).toBeTruthy();
    const reuse = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(reuse.body.error_description).toBe('令牌已失效');
    // The token issued by the legitimate refresh is revoked with its family.
    const stolen = await token({ grant_type: 'refresh_token', refresh_token: second.body.refresh_token });
    expect(stolen.body.error_description).toBe('令牌已失效');
  });

  it('refuses unknown and unconfigured grant types, and bad clients', async () => {
    expect((await token({ grant_type: 'magic' })).body).toMatchObject({ error_code: 400, error_description: '不支持的授权类型: magic' });
    expect((await token({ grant_type: 'social', source: 'github', code: 'x' })).body.error_description).toBe('该登录方式未配置');
    expect((await token({ grant_type: 'authorization_code', code: 'x' })).body.error_description).toBe('登录状态无效或已过期, 请重新登录 [state]');
    const noClient = await gw.json('/api/wdiov-auth/oauth/token?grant_type=password', { method: 'POST' });
    expect(noClient).toMatchObject({ status: 401, body: { error_code: 401, error_description: '请求头中无client信息' } });
    const bad = await token({ grant_type: 'password' }, { Authorization: 'Basic ' + Buffer.from('saber:nope').toString('base64') });
    expect(bad.body.error_description).toBe('客户端认证失败!');
  });

  it('takes parameters from a form body too, and refuses a body that is not JSON', async () => {
    const form = await gw.json('/api/wdiov-auth/oauth/token', {
      method: 'POST',
      headers: { Authorization: BASIC, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: md5('admin'), tenantId: '000000' }).toString(),
    });
    expect(form.body.access_token).toBeTruthy();
    const broken = await gw.json('/api/wdiov-auth/oauth/token', {
      method: 'POST', headers: { Authorization: BASIC, 'Content-Type': 'application/json' }, body: '{"grant_type":',
    });
    expect(broken.status).toBe(400);
    expect(broken.body.error_description).toContain('不是有效的JSON');
  });
});

describe('captcha grant', () => {
  it('is single use and compared case-insensitively', async () => {
    const cap = await gw.json('/api/wdiov-auth/oauth/captcha');
    expect(cap.body.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(cap.body.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const [row] = await gw.database.db.select().from(captchas).where(sql`key = ${cap.body.key}`);
    const params = { tenantId: '000000', username: 'admin', password: md5('admin'), grant_type: 'captcha' };
    const headers = { 'Captcha-Key': cap.body.key, 'Captcha-Code': row!.code.toUpperCase() };
    expect((await token(params, headers)).body.access_token).toBeTruthy();
    expect((await token(params, headers)).body.error_description).toBe('验证码不正确');
  });

  it('refuses a wrong code, and the password grant while captcha mode is on', async () => {
    const strict = await createTestGateway({ CAPTCHA_MODE: 'on' });
    try {
      const cap = await strict.json('/api/wdiov-auth/oauth/captcha');
      const q = new URLSearchParams({ username: 'admin', password: md5('admin'), grant_type: 'captcha', tenantId: '000000' });
      const wrong = await strict.json(`/api/wdiov-auth/oauth/token?${q}`, { method: 'POST', headers: { Authorization: BASIC, 'Captcha-Key': cap.body.key, 'Captcha-Code': 'zzzzz' } });
      expect(wrong.body.error_description).toBe('验证码不正确');
      q.set('grant_type', 'password');
      const bypass = await strict.json(`/api/wdiov-auth/oauth/token?${q}`, { method: 'POST', headers: { Authorization: BASIC } });
      expect(bypass.body.error_description).toBe('验证码模式已开启,请使用验证码登录');
    } finally {
      await strict.dispose();
    }
  });
});

describe('protected routes', () => {
  it('answer 401 in the envelope without a token, with a bad one, and after sign-out', async () => {
    const none = await gw.json('/api/wdiov-system/param/page');
    expect(none).toEqual({ status: 401, body: { code: 401, success: false, data: {}, msg: '缺失令牌,鉴权失败' } });
    const forged = await gw.json('/api/wdiov-system/param/page', { token: 'a.b.c' });
    expect(forged.body).toMatchObject({ code: 401, msg: '请求未授权' });
    const t = await gw.signIn();
    expect((await gw.json('/api/wdiov-system/param/page', { token: t })).body.code).toBe(200);
    expect((await gw.json('/api/wdiov-auth/oauth/user-info', { token: t })).body.data).toMatchObject({ account: 'admin', roles: ['administrator'] });
    expect((await gw.json('/api/wdiov-auth/oauth/logout', { token: t })).body).toEqual({ success: 'true', msg: 'success' });
    expect((await gw.json('/api/wdiov-system/param/page', { token: t })).status).toBe(401);
  });

  it('sign out with the console\'s local logs stored as its error logs (POST with a log body)', async () => {
    const t = await gw.signIn();
    const bad = await gw.json('/api/wdiov-auth/oauth/logout', { token: t, method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '[]' });
    expect(bad.status).toBe(400);
    // Refused before anything ended: the token still works.
    expect((await gw.json('/api/wdiov-system/param/page', { token: t })).status).toBe(200);
    const message = `dropdown scrolled away ${Date.now()}`;
    const out = await gw.json('/api/wdiov-auth/oauth/logout', {
      token: t, method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ logs: [{ type: 'TypeError', url: '/monitoring/map', message, stack: 'at x', time: '2026-12-01 10:00:00' }] }),
    });
    expect(out.body).toEqual({ success: 'true', msg: 'success' });
    expect((await gw.json('/api/wdiov-system/param/page', { token: t })).status).toBe(401);
    const admin = await gw.signIn();
    await expect.poll(async () => (await gw.json(`/api/wdiov-system/log-error/list?message_like=${encodeURIComponent(message)}`, { token: admin })).body.data.records
      .map((r: { message: string; exceptionName: string; createBy: string }) => [r.message, r.exceptionName, r.createBy]), { timeout: 5000 })
      .toEqual([[message, 'TypeError', 'admin']]);
  });

  it('leave health and config public', async () => {
    expect((await gw.json('/api/health')).body.data.status).toBe('UP');
    expect((await gw.json('/api/config')).body.data).toMatchObject({ captchaMode: false, tenantMode: false, switchMode: false, defaultTenantId: '000000', utcOffsetMin: 480 });
  });
});

const storedHash = async (account: string) =>
  (await queryRows<{ password: string }>(gw.database.db, sql`select password from wdiov_user where account = ${account} and tenant_id = '000000'`))[0]!.password;

describe('hashes of older parameters', () => {
  it('are replaced after a good sign-in, never after a wrong one, and the new hash signs in', async () => {
    await gw.repos.get('user').insert(systemPrincipal('000000'), {
      account: 'veteran', realName: '老用户', password: md5('right'), roleId: '1123598816738675201', deptId: '1123598813738675201',
    });
    // As stored by an earlier release: argon2id with 19 MiB, 2 passes.
    const older = await hash(md5('right'), { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as never);
    await gw.database.db.execute(sql`update wdiov_user set password = ${older} where account = 'veteran'`);

    expect((await password('veteran', 'wrong')).status).toBe(400);
    await gw.tokens.rehashesDone();
    expect(await storedHash('veteran')).toBe(older);

    expect((await password('veteran', 'right')).status).toBe(200);
    await gw.tokens.rehashesDone();
    const replaced = await storedHash('veteran');
    expect(replaced).not.toBe(older);
    expect(needsRehash(replaced)).toBe(false);

    expect((await password('veteran', 'right')).status).toBe(200);
    expect((await password('veteran', 'wrong')).status).toBe(400);
    await gw.tokens.rehashesDone();
    expect(await storedHash('veteran')).toBe(replaced);
  });
});
