import { expect, test, type Page } from '@playwright/test';
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
