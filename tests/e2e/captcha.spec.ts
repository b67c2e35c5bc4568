import { expect, test } from '@playwright/test';
import { launchGateway, type Gateway } from './support/gateway.ts';
import { ADMIN, requireChromium } from './support/session.ts';

requireChromium();

// The shared webServer runs with the captcha off, so this file starts its own gateway.
let gateway: Gateway;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  gateway = await launchGateway({ env: { CAPTCHA_MODE: 'on' } });
});
test.afterAll(async () => {
  await gateway?.dispose();
});

test('shows the captcha image and rejects a wrong code', async ({ page }) => {
  await page.goto(`${gateway.url}/login`);
  const image = page.locator('.wd-captcha img');
  await expect(image).toHaveAttribute('src', /^data:image\//);
  await expect(image).toHaveJSProperty('complete', true);
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const firstImage = await image.getAttribute('src');

  await page.locator('#login-account').fill(ADMIN.username);
  await page.locator('#login-password').fill(ADMIN.password);
  await page.locator('#login-captcha').fill('zzzz');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.locator('.wd-login-error')).toContainText('验证码不正确');
  await expect(page).toHaveURL(/\/login$/);
  // A captcha is single use: the failed attempt fetched a new one and cleared the field.
  await expect(image).not.toHaveAttribute('src', firstImage ?? '');
  await expect(page.locator('#login-captcha')).toHaveValue('');
});
