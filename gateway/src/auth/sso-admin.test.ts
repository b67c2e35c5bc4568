import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestGateway, postJson, type TestGateway } from '../../test/test-gateway.ts';
import { ssoProviders } from '../db/schema/sso.ts';
import { startTestProvider, type TestProvider } from './sso-test-provider.ts';

let gw: TestGateway;
let idp: TestProvider;
let token: string;

beforeAll(async () => {
  idp = await startTestProvider();
  gw = await createTestGateway({ OUTBOUND_ALLOW: '127.0.0.1,localhost' });
  token = await gw.signIn();
});
afterAll(async () => {
  await gw?.dispose();
  await idp?.close();
});

const settings = (over: Record<string, unknown> = {}) => ({
  name: 'Corporate IdP', issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret,
  redirectUri: idp.redirectUri, scopes: 'openid email profile', ...over,
});
const submit = (body: Record<string, unknown>) => gw.json('/api/wdiov-auth/sso/provider/submit', postJson(body, token));
const list = async () => {
  const { status, body } = await gw.json('/api/wdiov-auth/sso/provider/list', { token });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data as Record<string, unknown>[];
};
const remove = (ids: string) => gw.json(`/api/wdiov-auth/sso/provider/remove?ids=${encodeURIComponent(ids)}`, { method: 'POST', token });
const sealedOf = async (id: string) => (await gw.database.db.select().from(ssoProviders).where(eq(ssoProviders.id, id)))[0]?.clientSecretSealed;

describe('an administrator\'s single sign-on providers', () => {
  it('lists the tenant\'s providers with every setting but the secret', async () => {
    const { body } = await submit(settings());
    const id = body.data.id as string;
    const rows = await list();
    expect(rows).toEqual([expect.objectContaining({
      id, name: 'Corporate IdP', issuer: idp.issuer, clientId: idp.clientId, redirectUri: idp.redirectUri, status: 1,
      updateTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    })]);
    expect(JSON.stringify(rows)).not.toContain(idp.clientSecret);
    expect(Object.keys(rows[0]!)).not.toContain('clientSecretSealed');
  });

  it('keeps the stored secret when an edit sends none, and refuses a new provider without one', async () => {
    const [row] = await list();
    const before = await sealedOf(String(row!.id));
    const edited = await submit(settings({ name: 'Renamed IdP', clientSecret: undefined, status: 0 }));
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.id).toBe(row!.id);
    expect(await sealedOf(String(row!.id))).toBe(before);
    expect((await list())[0]).toMatchObject({ name: 'Renamed IdP', status: 0 });

    const fresh = await submit(settings({ issuer: 'https://login.example.com', clientSecret: undefined }));
    expect(fresh.body).toMatchObject({ code: 400, success: false, msg: expect.stringContaining('客户端密钥') });
    expect(await list()).toHaveLength(1);
  });

  it('removes only providers of the caller\'s tenant, and refuses malformed ids', async () => {
    await gw.database.db.insert(ssoProviders).values({
      id: 'ffff0000ffff0000ffff0000', tenantId: '111111', name: 'Elsewhere', issuer: idp.issuer, clientId: 'x', clientSecretSealed: 'v1:x',
      redirectUri: idp.redirectUri, scopes: 'openid',
    });
    const [own] = await list();
    expect((await remove('ffff0000ffff0000ffff0000')).body).toMatchObject({ code: 200, data: { removed: 0 } });
    expect(await sealedOf('ffff0000ffff0000ffff0000')).toBe('v1:x');

    const bad = await remove('1; drop table');
    expect(bad.body).toMatchObject({ code: 400, msg: expect.stringContaining('身份提供方ID') });
    expect(await list()).toHaveLength(1);

    expect((await remove(String(own!.id))).body).toMatchObject({ code: 200, data: { removed: 1 } });
    expect(await list()).toEqual([]);
    expect((await gw.json('/api/wdiov-auth/sso/providers?tenantId=000000')).body.data).toEqual([]);
  });
});
