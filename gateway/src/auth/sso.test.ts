import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '@hono/node-server';
import { eq, sql } from 'drizzle-orm';
import { BASIC, createTestGateway, postJson, type TestGateway } from '../../test/test-gateway.ts';
import { queryRows } from '../db/client.ts';
import { ssoFlows, ssoIdentities, ssoProviders } from '../db/schema/sso.ts';
import { startTestProvider, visitProvider, type TestProvider } from './sso-test-provider.ts';

const ADMIN_ID = '1123598821738675201';
let gw: TestGateway;
let idp: TestProvider;
let adminToken: string;
let providerId: string;

beforeAll(async () => {
  idp = await startTestProvider();
  // The provider's own address, and a name for it that the provider does not answer to.
  gw = await createTestGateway({ OUTBOUND_ALLOW: '127.0.0.1,localhost', SIGNIN_FAILURES_PER_ADDRESS: '3' });
  adminToken = await gw.signIn();
  providerId = await submitProvider(idp.issuer);
});
afterAll(async () => {
  await gw?.dispose();
  await idp?.close();
});

async function submitProvider(issuer: string, name = 'Test IdP'): Promise<string> {
  const { status, body } = await gw.json('/api/wdiov-auth/sso/provider/submit', postJson({
    name, issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, redirectUri: idp.redirectUri, scopes: 'openid email profile',
  }, adminToken));
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data.id as string;
}

const authorize = (id = providerId, tenantId = '000000') =>
  gw.json(`/api/wdiov-auth/sso/authorize?${new URLSearchParams({ tenantId, providerId: id })}`);

const token = (params: Record<string, string | undefined>) =>
  gw.json(`/api/wdiov-auth/oauth/token?${new URLSearchParams(Object.entries({ tenantId: '000000', grant_type: 'authorization_code', redirect_uri: idp.redirectUri, scope: 'all', ...params }).filter((e): e is [string, string] => e[1] !== undefined))}`, {
    method: 'POST', headers: { Authorization: BASIC, 'Tenant-Id': '000000' },
  });

/** The whole browser round: the gateway's authorization URL, the provider's login, its redirect back. */
async function signInAtProvider(subject: string, tamper?: (url: URL) => void) {
  idp.signInAs(subject);
  const started = await authorize();
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const url = new URL(started.body.data.url);
  tamper?.(url);
  return visitProvider(url.toString(), idp.redirectUri);
}

const refusal = (msg: string) => ({ code: 400, success: false, msg, error_code: 400 });
const count = async (table: string) => (await queryRows<{ n: number }>(gw.database.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

describe('single sign-on with an OpenID Connect provider', () => {
  it('keeps the client secret sealed and shows the tenant one button per enabled provider', async () => {
    const [row] = await gw.database.db.select().from(ssoProviders).where(eq(ssoProviders.id, providerId));
    expect(row!.clientSecretSealed).toMatch(/^v1:/);
    expect(row!.clientSecretSealed).not.toContain(idp.clientSecret);
    const { body } = await gw.json('/api/wdiov-auth/sso/providers?tenantId=000000');
    expect(body.data).toEqual([{ id: providerId, name: 'Test IdP' }]);
    expect((await gw.json('/api/wdiov-auth/sso/providers?tenantId=abc')).body).toMatchObject({ code: 400, msg: expect.stringContaining('租户ID') });
  });

  it('refuses bad provider settings and start requests, naming the field, and stores nothing', async () => {
    const before = await count('wdiov_sso_provider');
    const bad = await gw.json('/api/wdiov-auth/sso/provider/submit', postJson({
      name: 'X', issuer: 'not a url', clientId: 'c', clientSecret: 's', redirectUri: idp.redirectUri,
    }, adminToken));
    expect(bad.body).toMatchObject({ code: 400, success: false, msg: expect.stringContaining('签发者') });
    const noOpenid = await gw.json('/api/wdiov-auth/sso/provider/submit', postJson({
      name: 'X', issuer: idp.issuer, clientId: 'c', clientSecret: 's', redirectUri: idp.redirectUri, scopes: 'email',
    }, adminToken));
    expect(noOpenid.body).toMatchObject({ code: 400, msg: expect.stringContaining('授权范围') });
    expect(await count('wdiov_sso_provider')).toBe(before);
    expect((await gw.json('/api/wdiov-auth/sso/authorize?tenantId=000000')).body).toMatchObject({ code: 400, msg: expect.stringContaining('身份提供方') });
  });

  it('starts with an authorization URL carrying state, nonce and a PKCE S256 challenge, kept server-side', async () => {
    const { body } = await authorize();
    const url = new URL(body.data.url);
    expect(url.origin + url.pathname).toBe(`${idp.issuer}/auth`);
    const q = url.searchParams;
    expect(Object.fromEntries(['response_type', 'client_id', 'redirect_uri', 'code_challenge_method'].map((k) => [k, q.get(k)])))
      .toEqual({ response_type: 'code', client_id: idp.clientId, redirect_uri: idp.redirectUri, code_challenge_method: 'S256' });
    const [flow] = await gw.database.db.select().from(ssoFlows).where(eq(ssoFlows.state, q.get('state')!));
    expect(flow!.nonce).toBe(q.get('nonce'));
    expect(q.get('code_challenge')).not.toBe(flow!.codeVerifier);
    expect(flow!.expiresAt.getTime()).toBeGreaterThan(Date.now());
    expect((await authorize('nope')).body).toEqual(expect.objectContaining({ code: 400, msg: '该租户未配置此身份提供方 [providerId]' }));
  });

  it('signs a linked person in as their user, and the redirect serves one sign-in only', async () => {
    await gw.database.db.insert(ssoIdentities).values({ id: 'alice-link', tenantId: '000000', issuer: idp.issuer, subject: 'alice', userId: ADMIN_ID });
    const { code, state } = await signInAtProvider('alice');
    const { status, body } = await token({ code, state });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ token_type: 'bearer', user_id: ADMIN_ID, account: 'admin', tenant_id: '000000' });
    expect((await gw.json('/api/wdiov-auth/oauth/user-info', { token: body.access_token })).body.data.account).toBe('admin');
    // The same redirect again: its state is spent.
    expect((await token({ code, state })).body).toMatchObject(refusal('登录状态无效或已过期, 请重新登录 [state]'));
  });

  it('answers the register answer to a person with no account, and signs nobody in', async () => {
    const before = await count('wdiov_refresh_token');
    const { code, state } = await signInAtProvider('bob');
    const { status, body } = await token({ code, state });
    expect(status).toBe(200);
    expect(body).toMatchObject({ user_id: '-1', access_token: '', refresh_token: '', account: 'bob', nick_name: 'Test bob' });
    const [identity] = await gw.database.db.select().from(ssoIdentities).where(eq(ssoIdentities.subject, 'bob'));
    expect(body.oauth_id).toBe(identity!.id);
    expect(identity!.userId).toBeNull();
    expect(await count('wdiov_refresh_token')).toBe(before);
  });

  it('refuses a tampered state and changes nothing', async () => {
    const before = await count('wdiov_refresh_token');
    const { code, state } = await signInAtProvider('alice');
    const tampered = state.slice(0, -2) + (state.endsWith('AA') ? 'BB' : 'AA');
    expect((await token({ code, state: tampered })).body).toMatchObject(refusal('登录状态无效或已过期, 请重新登录 [state]'));
    expect(await count('wdiov_refresh_token')).toBe(before);
  });

  it('refuses an ID token whose nonce is not the one the sign-in started with', async () => {
    const { code, state } = await signInAtProvider('alice', (url) => url.searchParams.set('nonce', 'injected-by-someone-else'));
    expect((await token({ code, state })).body).toMatchObject(refusal('ID令牌的nonce不符'));
  });

  it('refuses a code used before, and a sign-in started too long ago', async () => {
    const first = await signInAtProvider('alice');
    expect((await token(first)).status).toBe(200);
    // The spent code with a fresh state: the provider refuses it.
    const fresh = new URL((await authorize()).body.data.url).searchParams.get('state')!;
    expect((await token({ code: first.code, state: fresh })).body).toMatchObject(refusal('身份提供方拒绝了授权码: invalid_grant'));
    const late = await signInAtProvider('alice');
    await gw.database.db.update(ssoFlows).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(ssoFlows.state, late.state));
    expect((await token(late)).body).toMatchObject(refusal('登录状态无效或已过期, 请重新登录 [state]'));
  });

  it('refuses a redirect URI other than the provider\'s and a missing code', async () => {
    const { code, state } = await signInAtProvider('alice');
    expect((await token({ code, state, redirect_uri: 'http://evil.example/cb' })).body).toMatchObject(refusal('回调地址与身份提供方的配置不符 [redirect_uri]'));
    expect((await token({ state: 'x' })).body).toMatchObject(refusal('缺少授权码 [code]'));
  });

  it('refuses a provider whose discovery names another issuer', async () => {
    const other = await submitProvider(`http://localhost:${idp.port}`, 'Impostor');
    expect((await authorize(other)).body).toEqual(expect.objectContaining({ code: 400, msg: `身份提供方的签发者不符: ${idp.issuer}` }));
  });

  it('calls a provider only where the outbound allow-list lets it', async () => {
    const unlisted = await submitProvider(`http://127.0.0.2:${idp.port}`, 'Unlisted');
    expect((await authorize(unlisted)).body).toEqual(expect.objectContaining({ code: 400, msg: '无法连接身份提供方, 请联系管理员' }));
  });

  it('takes the social grant for a provider named by its source, and only for the provider the sign-in started at', async () => {
    const { code, state } = await signInAtProvider('alice');
    expect((await token({ grant_type: 'social', source: 'github', code, state, redirect_uri: undefined })).body).toMatchObject(refusal('该登录方式未配置'));
    const [impostor] = await gw.database.db.select().from(ssoProviders).where(eq(ssoProviders.name, 'Impostor'));
    expect((await token({ grant_type: 'social', source: impostor!.id, code, state, redirect_uri: undefined })).body).toMatchObject(refusal('登录状态无效或已过期, 请重新登录 [state]'));
    const again = await signInAtProvider('alice');
    const { status, body } = await token({ grant_type: 'social', source: providerId, ...again, redirect_uri: undefined });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ user_id: ADMIN_ID, account: 'admin' });
  });

  it('limits the sign-ins one address starts', async () => {
    const server = serve({ fetch: gw.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/wdiov-auth/sso/authorize?tenantId=000000&providerId=${providerId}`;
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await fetch(url)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      server.close();
    }
  });
});
