import { expect, test, type Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import type { TokenResponse } from '../../../web/src/api/wire.ts';
import { toSessionUser } from '../../../web/src/session/session-user.ts';
import { skipReason } from './chromium.ts';

export const ADMIN = { username: 'admin', password: 'admin' };
/** base64("saber:saber_secret"): the client credentials every API call carries. */
export const CLIENT_BASIC_AUTH = 'Basic c2FiZXI6c2FiZXJfc2VjcmV0';
/** The httpOnly cookie the gateway keeps the console's refresh token in. */
export const REFRESH_COOKIE = 'wdiov-refresh-token';

/** The access token each page last obtained (the console holds it in memory only). */
const tokens = new WeakMap<Page, string>();

/** Follows the token answers a page receives, so a test can call the API as that page does. */
export function followTokens(page: Page): void {
  if (tokens.has(page)) return;
  tokens.set(page, '');
  page.on('response', async (response) => {
    const url = response.url();
    if (url.includes('/oauth/logout')) tokens.set(page, '');
    if (!url.includes('/oauth/token') || response.request().method() !== 'POST' || !response.ok()) return;
    const body = (await response.json().catch(() => ({}))) as { access_token?: string };
    if (body.access_token) tokens.set(page, body.access_token);
  });
}

/** Call at the top of every spec file: skips it (with the reason) when Chromium is missing. */
export function requireChromium(): void {
  test.skip(skipReason !== null, skipReason ?? '');
}

/**
 * Signs in through the form (captcha off) and waits for the home tab.
 * `baseUrl` targets a gateway other than the shared webServer one.
 */
export async function signIn(page: Page, baseUrl = '', user = ADMIN): Promise<void> {
  followTokens(page);
  await page.goto(`${baseUrl}/login`);
  await page.locator('#login-account').fill(user.username);
  await page.locator('#login-password').fill(user.password);
  await page.locator('form.wd-login-form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(page.getByRole('complementary').getByRole('menu')).toBeVisible();
}

/**
 * Signs in through the API instead of the form, for tests about something else: one token call
 * from the page's own request context (so the browser keeps the refresh cookie it sets), the user
 * stored as the console stores it at sign-in (session/session-storage.ts), then the home page,
 * which restores the session from that cookie as a reload does. The sign-in form itself is walked
 * by shell.spec.ts and keyboard.spec.ts.
 */
export async function signInByApi(page: Page, baseUrl = '', user = ADMIN): Promise<void> {
  followTokens(page);
  const res = await page.request.post(`${baseUrl}/api/wdiov-auth/oauth/token`, {
    headers: { Authorization: CLIENT_BASIC_AUTH, 'Tenant-Id': '000000' },
    form: {
      tenantId: '000000', username: user.username, grant_type: 'password', scope: 'all', type: 'account',
      password: createHash('md5').update(user.password).digest('hex'),
    },
  });
  const token = (await res.json()) as TokenResponse;
  if (!token.access_token) throw new Error(`sign-in of ${user.username} failed: ${JSON.stringify(token)}`);
  // Storage belongs to an origin: a cheap page of the gateway's first.
  await page.goto(`${baseUrl}/api/health`);
  await page.evaluate((stored) => {
    for (const [name, content] of Object.entries(stored)) {
      localStorage.setItem(`wdiov-${name}`, JSON.stringify({ dataType: typeof content, content, datetime: Date.now() }));
    }
  }, { tenantId: toSessionUser(token).tenantId, userInfo: toSessionUser(token) });
  await page.goto(`${baseUrl}/wel/index`);
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(page.getByRole('complementary').getByRole('menu')).toBeVisible();
}

/** The access token the page last obtained ('' after its sign-out). */
export async function accessToken(page: Page): Promise<string> {
  return tokens.get(page) ?? '';
}

/** The refresh cookie the browser holds for the page (scripts of the page cannot read it). */
export async function refreshCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === REFRESH_COOKIE);
}

/** Headers of an authenticated API call, as the console sends them. */
export function authHeaders(token: string): Record<string, string> {
  return { Authorization: CLIENT_BASIC_AUTH, 'Wdiov-Auth': `bearer ${token}` };
}
