import { expect, test } from '@playwright/test';
import { accessToken, authHeaders, requireChromium, signInByApi } from './support/session.ts';

requireChromium();

/** Each test signs in on a page of its own: the two workers may share them out. */
test.describe.configure({ mode: 'parallel' });

const CHARTS = ['告警与故障', '里程与能耗', '在线率', '车辆状态'];

test('the data board draws its charts after sign-in, from / as well', async ({ page }) => {
  await signInByApi(page);
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

test('the large screen draws signed in, and through a share link without sign-in until revoked', async ({ page, browser }) => {
  if (process.env.STATS_SCREENSHOTS) test.setTimeout(180_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await signInByApi(page);
  await page.goto('/largeScreen');
  await expect(page).toHaveTitle('数据大屏');
  await expect(page.getByRole('heading', { name: '数据大屏' })).toBeVisible();
  await expect(page.getByText('车辆总数')).toBeVisible();
  for (const name of ['告警与故障', '车辆状态']) await expect(page.getByRole('img', { name }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: /^在线车辆分布/ }).first()).toBeVisible();
  await expect(page.getByTestId('chart-bar')).toHaveCount(14);

  await page.getByRole('button', { name: '分享' }).click();
  await page.getByRole('button', { name: '生成链接' }).click();
  const url = await page.getByRole('textbox', { name: '分享链接' }).inputValue();
  expect(url).toMatch(/\/largeScreen\?share=[\w-]+\.[\w-]+\.[\w-]+$/);

  const wall = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'zh-CN' });
  const shared = await wall.newPage();
  await shared.goto(url);
  await expect(shared).toHaveURL(/\/largeScreen\?share=/);
  await expect(shared.getByRole('img', { name: '告警与故障' })).toBeVisible();
  await expect(shared.getByTestId('chart-bar')).toHaveCount(14);
  await expect(shared.getByRole('button', { name: '分享' })).toHaveCount(0);
  // The fleet on a real map (MapLibre and the live map's deck.gl layers).
  const map = shared.getByRole('region', { name: /^在线车辆分布/ });
  await expect(map.locator('canvas').first()).toBeVisible();
  const folder = process.env.STATS_SCREENSHOTS;
  if (folder) {
    // The basemap's coast takes a while in software GL on a loaded machine: the picture waits for it.
    await expect(map.getByRole('status')).toHaveCount(0, { timeout: 60_000 });
    await shared.screenshot({ path: `${folder}/large-screen.png` });
  }
  // Without the link the same address asks for a sign-in.
  await shared.goto('/largeScreen');
  await expect(shared).toHaveURL(/\/login$/);

  await page.getByRole('button', { name: '撤销' }).first().click();
  await expect(page.getByText('已撤销').first()).toBeVisible();
  await shared.goto(url);
  await expect(shared.getByRole('alert')).toContainText('分享链接无效');
  await wall.close();
});

test('a statistics screen filters by vehicle and exports what it shows, recorded among the exports', async ({ page }) => {
  await signInByApi(page);
  await page.getByRole('complementary').getByText('统计分析').click();
  await page.getByRole('complementary').getByText('里程统计').click();
  await expect(page).toHaveURL(/\/statistics\/mileage$/);
  const table = page.getByRole('table', { name: '里程统计' });
  await expect(table.getByRole('columnheader', { name: '里程(km)' })).toBeVisible();
  await expect(page.getByRole('img', { name: '里程(km)' })).toBeVisible();
  const first = table.getByRole('row').nth(1).getByRole('cell').first();
  await expect(first).toHaveText(/^[A-Z0-9]{17}$/);
  const vin = (await first.textContent())!;
  await page.getByLabel('车架号').fill(vin);
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(vin);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^里程统计_\d{14}\.csv$/);
  const text = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  expect(text.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe('车架号,车牌号,里程(km),行驶时长(h),里程清零次数');
  expect(text).toContain(vin);
  const records = await page.request.get('/api/wdiov-base/exportRecord/page?resource_like=mileageStatistics&descs=create_time', { headers: authHeaders(await accessToken(page)) });
  expect((await records.json()).data.records[0]).toMatchObject({ format: 'csv', rowCount: 1, resource: 'mileageStatistics/list' });

  // The row opens the vehicle's detail screens of the specification.
  await table.getByRole('row').nth(1).getByRole('link', { name: '变化分析' }).click();
  await expect(page).toHaveURL(new RegExp(`/vehicleChangesAnalysisDetails/index\\?vin=${vin}$`));
  await expect(page.getByRole('heading', { name: '车辆变化分析' })).toBeVisible();
  await expect(page.getByRole('table', { name: '每日变化' })).toBeVisible();
  await page.goto(`/driverBehaviorDetail/index?vin=${vin}`);
  await expect(page.getByRole('heading', { name: '驾驶行为详情' })).toBeVisible();
  await expect(page.getByText('急加速').first()).toBeVisible();
});
