import { expect, test, type Page } from '@playwright/test';
import { skipReason } from './chromium.ts';

export const ADMIN = { username: 'admin', password: 'admin' };
/** base64("saber:saber_secret"): the client credentials every API call carries. */
const CLIENT_BASIC_AUTH = 'Basic c2FiZXI6c2FiZXJfc2VjcmV0';
export const ACCESS_TOKEN_COOKIE = 'wdiov-access-token';

/** Call at the top of every spec file: skips it (with the reason) when Chromium is missing. */
export function requireChromium(): void {
  test.skip(skipReason !== null, skipReason ?? '');
}

/**
 * Signs in through the form (captcha off) and waits for the home tab.
 * `baseUrl` targets a gateway other than the shared webServer one.
 */
export async function signIn(page: Page, baseUrl = '', user = ADMIN): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.locator('#login-account').fill(user.username);
  await page.locator('#login-password').fill(user.password);
  await page.locator('form.wd-login-form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(page.getByRole('complementary').getByRole('menu')).toBeVisible();
}

/** The access token the console stored in its cookie. */
export async function accessToken(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === ACCESS_TOKEN_COOKIE);
  return decodeURIComponent(cookie?.value ?? '');
}

/** Headers of an authenticated API call, as the console sends them. */
export function authHeaders(token: string): Record<string, string> {
  return { Authorization: CLIENT_BASIC_AUTH, 'Wdiov-Auth': `bearer ${token}` };
}
