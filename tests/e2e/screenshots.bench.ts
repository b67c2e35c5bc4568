import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { requireChromium, signIn } from './support/session.ts';

requireChromium();

// Kept for review (tests/.gitignore); fixed names so a run overwrites the previous one.
const shot = (name: string) => fileURLToPath(new URL(`../screenshots/${name}.png`, import.meta.url));

async function useEnglish(page: Page) {
  await page.getByRole('group', { name: '语言' }).first().getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}

/** Fonts and icon fonts load late: wait for them so the pictures are stable. */
async function settle(page: Page) {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForLoadState('networkidle');
}

test('sign-in page, zh and en', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
  await settle(page);
  await page.screenshot({ path: shot('login-zh') });
  await useEnglish(page);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await settle(page);
  await page.screenshot({ path: shot('login-en') });
});

test('home layout, zh and en', async ({ page }) => {
  await signIn(page);
  // The board is a lazy chunk: shoot it, not its loading spinner.
  await expect(page.getByRole('heading', { name: '欢迎回来，管理员' })).toBeVisible();
  await settle(page);
  await page.screenshot({ path: shot('home-zh') });
  await useEnglish(page);
  await expect(page.getByRole('heading', { name: 'Welcome back, 管理员' })).toBeVisible();
  await settle(page);
  await page.screenshot({ path: shot('home-en') });
});

test('remote diagnosis screen', async ({ page }) => {
  await signIn(page);
  await page.goto('/remoteDiagnose/index');
  const screen = page.getByRole('region', { name: '远程诊断' });
  await expect(screen).toBeVisible();
  await expect(screen.locator('.p-datatable')).toBeVisible();
  await settle(page);
  await page.screenshot({ path: shot('remote-diagnosis-zh') });
  await useEnglish(page);
  await expect(page.getByRole('region', { name: 'Remote diagnosis' })).toBeVisible();
  await settle(page);
  await page.screenshot({ path: shot('remote-diagnosis-en') });
});
