import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASIC, createTestGateway, md5, type TestGateway } from '../../test/test-gateway.ts';
import { REFRESH_COOKIE, REFRESH_COOKIE_PATH } from './refresh-cookie.ts';

let gw: TestGateway;
beforeAll(async () => {
  gw = await createTestGateway();
});
afterAll(() => gw.dispose());

const TOKEN_URL = '/api/wdiov-auth/oauth/token';

/** A token call with a JSON body, as the console sends it. */
const tokenCall = (body: Record<string, string>, headers: Record<string, string> = {}) =>
  gw.request(TOKEN_URL, {
    method: 'POST',
    headers: { Authorization: BASIC, 'Tenant-Id': '000000', 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ scope: 'all', ...body }),
  });
const signIn = (headers: Record<string, string> = {}) =>
  tokenCall({ tenantId: '000000', username: 'admin', password: md5('admin'), grant_type: 'password', type: 'account' }, headers);
const refreshWithCookie = (cookie: string) => tokenCall({ grant_type: 'refresh_token', tenantId: '000000' }, { Cookie: `${REFRESH_COOKIE}=${cookie}` });

/** The refresh cookie an answer sets: its value and its attributes, lower-cased. */
function refreshCookie(res: Response): { value: string; attrs: Map<string, string> } | undefined {
  const line = res.headers.getSetCookie().find((l) => l.startsWith(`${REFRESH_COOKIE}=`));
  if (!line) return undefined;
  const [pair, ...rest] = line.split(';').map((p) => p.trim());
  const attrs = new Map(rest.map((a) => {
    const [k, v = ''] = a.split('=');
    return [k!.toLowerCase(), v] as [string, string];
  }));
  return { value: decodeURIComponent(pair!.slice(REFRESH_COOKIE.length + 1)), attrs };
}

describe('the refresh cookie', () => {
  it('is set by a sign-in: httpOnly, SameSite=Strict, only for the token route, as long as the token lives', async () => {
    const res = await signIn();
    const body = (await res.json()) as { refresh_token: string };
    const cookie = refreshCookie(res)!;
    // Non-browser clients still read it from the body.
    expect(cookie.value).toBe(body.refresh_token);
    expect(cookie.attrs.has('httponly')).toBe(true);
    expect(cookie.attrs.get('samesite')).toBe('Strict');
    expect(cookie.attrs.get('path')).toBe(REFRESH_COOKIE_PATH);
    expect(Number(cookie.attrs.get('max-age'))).toBeGreaterThan(3600);
    // Plain HTTP: a Secure cookie would never come back.
    expect(cookie.attrs.has('secure')).toBe(false);
  });

  it('is Secure when a proxy says the request came over https', async () => {
    const cookie = refreshCookie(await signIn({ 'X-Forwarded-Proto': 'https' }))!;
    expect(cookie.attrs.has('secure')).toBe(true);
  });

  it('refreshes the session when the call has no token, and rotates', async () => {
    const first = refreshCookie(await signIn())!.value;
    const res = await refreshWithCookie(first);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { access_token: string; refresh_token: string };
    expect(body.access_token).toBeTruthy();
    const next = refreshCookie(res)!.value;
    expect(next).toBe(body.refresh_token);
    expect(next).not.toBe(first);
    // The spent cookie again: refused, the family ended, and the browser told to drop it.
    const reuse = await refreshWithCookie(first);
    expect(reuse.status).toBe(401);
    expect(refreshCookie(reuse)!.attrs.get('max-age')).toBe('0');
    expect((await refreshWithCookie(next)).status).toBe(401);
  });

  it('is ignored unless the call is JSON (a cross-site form cannot send that)', async () => {
    const cookie = refreshCookie(await signIn())!.value;
    const form = await gw.request(TOKEN_URL, {
      method: 'POST',
      headers: { Authorization: BASIC, 'Content-Type': 'application/x-www-form-urlencoded', Cookie: `${REFRESH_COOKIE}=${cookie}` },
      body: 'grant_type=refresh_token&tenantId=000000',
    });
    expect(form.status).toBe(401);
    // A simple request may carry parameters that spell the JSON type: the media type itself decides.
    const disguised = await gw.request(TOKEN_URL, {
      method: 'POST',
      headers: { Authorization: BASIC, 'Content-Type': 'text/plain; x=application/json', Cookie: `${REFRESH_COOKIE}=${cookie}` },
      body: JSON.stringify({ grant_type: 'refresh_token', tenantId: '000000' }),
    });
    expect(disguised.status).toBe(401);
    // Still unspent: the console's own JSON call works.
    expect((await refreshWithCookie(cookie)).status).toBe(200);
  });

  it('gives way to a token in the call', async () => {
    const cookie = refreshCookie(await signIn())!.value;
    const res = await tokenCall({ grant_type: 'refresh_token', refresh_token: 'not-a-token' }, { Cookie: `${REFRESH_COOKIE}=${cookie}` });
    expect(res.status).toBe(401);
    // The call's own token was bad, not the cookie: it stays usable.
    expect(refreshCookie(res)).toBeUndefined();
    expect((await refreshWithCookie(cookie)).status).toBe(200);
  });

  it('is cleared by sign-out, and its family ended', async () => {
    const res = await signIn();
    const { access_token } = (await res.json()) as { access_token: string };
    const cookie = refreshCookie(res)!.value;
    const out = await gw.request('/api/wdiov-auth/oauth/logout', { token: access_token, headers: { Authorization: BASIC } });
    expect(out.status).toBe(200);
    const cleared = refreshCookie(out)!;
    expect(cleared.value).toBe('');
    expect(cleared.attrs.get('max-age')).toBe('0');
    expect(cleared.attrs.get('path')).toBe(REFRESH_COOKIE_PATH);
    expect((await refreshWithCookie(cookie)).status).toBe(401);
  });
});
