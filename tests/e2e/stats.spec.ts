import { expect, test } from '@playwright/test';
import { requireChromium, signIn } from './support/session.ts';

requireChromium();

const CHARTS = ['告警与故障', '里程与能耗', '在线率', '车辆状态'];

test('the data board draws its charts after sign-in, from / as well', async ({ page }) => {
  await signIn(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/wel\/index$/);
  for (const name of CHARTS) {
    const chart = page.getByRole('img', { name });
    await expect(chart).toBeVisible();
    await expect(chart.locator('svg').first()).toBeVisible();
  }
  // The fleet by state: one arc per state that has vehicles (specs running beside this one bring some online).
  await expect(page.getByTestId('chart-arc').first()).toBeVisible();
  await expect(page.getByText(/^\d+ 辆$/)).toBeVisible();
  // The vehicles with most alarms: ranked bars, or the sentence saying there were none.
  await expect(page.getByTestId('chart-rank').first().or(page.getByText('近30天没有车辆告警'))).toBeVisible();
  // Seven days of alarms and faults, then thirty.
  await expect(page.getByTestId('chart-bar')).toHaveCount(14);
  await page.getByRole('button', { name: '近30天' }).click();
  await expect(page.getByTestId('chart-bar')).toHaveCount(60);
  await expect(page.getByTestId('chart-line')).toHaveCount(4);
  // Pictures for a person to look at (light and dark), only when asked for: STATS_SCREENSHOTS=<folder>.
  const folder = process.env.STATS_SCREENSHOTS;
  if (folder) {
    for (const theme of ['white', 'dark']) {
      await page.evaluate((name) => localStorage.setItem('wdiov-themeName', JSON.stringify({ dataType: 'string', content: name, datetime: Date.now() })), theme);
      await page.reload();
      await expect(page.getByTestId('chart-arc').first()).toBeVisible();
      await page.screenshot({ path: `${folder}/data-board-${theme}.png` });
      await page.getByRole('img', { name: '车辆状态' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${folder}/data-board-${theme}-lower.png` });
    }
  }
});
