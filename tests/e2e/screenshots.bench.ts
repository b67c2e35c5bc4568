import { expect, test, type Locator, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { requireChromium, signIn } from './support/session.ts';

requireChromium();

// Kept for review (tests/.gitignore); fixed names so a run overwrites the previous one.
const shot = (name: string) => fileURLToPath(new URL(`../screenshots/${name}.png`, import.meta.url));

async function useEnglish(page: Page) {
  await page.getByRole('group', { name: '语言' }).first().getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}

/** Once `shown` is visible and the fonts (which load late) are in, a picture named `name`. */
async function shootWhen(page: Page, shown: Locator, name: string) {
  await expect(shown).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: shot(name) });
}

test('sign-in page, zh and en', async ({ page }) => {
  await page.goto('/login');
  await shootWhen(page, page.getByRole('button', { name: '登录' }), 'login-zh');
  await useEnglish(page);
  await shootWhen(page, page.getByRole('button', { name: 'Sign in' }), 'login-en');
});

test('home layout, zh and en', async ({ page }) => {
  await signIn(page);
  // The board is a lazy chunk: shoot it, not its loading spinner.
  await shootWhen(page, page.getByRole('heading', { name: '欢迎回来，管理员' }), 'home-zh');
  await useEnglish(page);
  await shootWhen(page, page.getByRole('heading', { name: 'Welcome back, 管理员' }), 'home-en');
});

test('remote diagnosis screen', async ({ page }) => {
  await signIn(page);
  await page.goto('/remoteDiagnose/index');
  const screen = page.getByRole('region', { name: '远程诊断' });
  await expect(screen).toBeVisible();
  await shootWhen(page, screen.locator('.p-datatable'), 'remote-diagnosis-zh');
  await useEnglish(page);
  await shootWhen(page, page.getByRole('region', { name: 'Remote diagnosis' }), 'remote-diagnosis-en');
});
