import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { requireChromium, signInByApi } from './support/session.ts';
import { entityRoutes, openPath } from './support/crud-walk.ts';

requireChromium();

/** Each test signs in on a page of its own: the two workers may share them out. */
test.describe.configure({ mode: 'parallel' });

const VEHICLES = entityRoutes().find((r) => r.entity.name === 'vehicle')!.path;
/** The demo fleet's organisation and model (gateway/src/seed/demo-fleet.ts), as the list's export names them. */
const ORG = '演示车队';
const MODEL = '演示纯电动物流车';
const HEADER = '车架号,车牌号,车型,所属组织,能源类型';

/** A VIN of this run: 17 characters without I, O or Q. */
const vinOf = (run: string, n: number) => `LE2E${run}${String(n).padStart(13 - run.length, '0')}`;
const csv = (lines: string[]) => ({ name: 'vehicles.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${[HEADER, ...lines].join('\r\n')}\r\n`) });

test('a list imports a CSV through its dialog: errors first, nothing written, then every row at once', async ({ page }) => {
  const run = randomBytes(3).toString('hex').toUpperCase().replace(/[IOQ]/g, '7');
  await signInByApi(page);
  await openPath(page, VEHICLES);
  await page.getByRole('button', { name: '导入', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '导入车辆' });
  await expect(dialog).toBeVisible();

  const file = dialog.locator('input[type=file]');
  await file.setInputFiles(csv([`${vinOf(run, 1)},,${MODEL},${ORG},纯电动`, `${vinOf(run, 2)},,无此车型,${ORG},`]));
  await expect(dialog.getByText('共 2 行, 可导入 1 行, 1 处错误')).toBeVisible();
  await expect(dialog.getByRole('cell', { name: '车型不存在: 无此车型' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: '确认导入' })).toBeDisabled();

  await file.setInputFiles(csv([`${vinOf(run, 1)},,${MODEL},${ORG},纯电动`, `${vinOf(run, 2)},,${MODEL},${ORG},`]));
  await expect(dialog.getByText('共 2 行, 可导入 2 行, 0 处错误')).toBeVisible();
  await dialog.getByRole('button', { name: '确认导入' }).click();
  await expect(dialog.getByText('已导入 2 条')).toBeVisible();
  // The footer's close (the header's icon bears the same name).
  await dialog.locator('.p-dialog-footer').getByRole('button', { name: '关闭' }).click();

  await page.getByLabel('车架号').first().fill(`LE2E${run}`);
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(page.getByRole('table').getByText(vinOf(run, 2))).toBeVisible();
  await expect(page.getByRole('table').getByText(vinOf(run, 1))).toBeVisible();
});

test('a vehicle\'s position opens through its share link without sign-in, until revoked', async ({ page, browser }) => {
  await signInByApi(page);
  await openPath(page, VEHICLES);
  const row = page.getByRole('table').getByRole('row').nth(1);
  await row.getByRole('button', { name: '分享位置' }).click();
  const dialog = page.getByRole('dialog', { name: /^分享位置 · / });
  await dialog.getByRole('button', { name: '生成链接' }).click();
  const url = await dialog.getByRole('textbox', { name: '分享链接' }).inputValue();
  expect(url).toMatch(/\/share\/vehicle\?share=[\w-]+\.[\w-]+\.[\w-]+$/);

  const viewer = await browser.newContext({ locale: 'zh-CN' });
  const shared = await viewer.newPage();
  await shared.goto(url);
  await expect(shared.getByRole('heading', { name: /^车辆实时位置 · / })).toBeVisible();
  await expect(shared.getByText(/^链接有效至 /)).toBeVisible();
  // The page never asked anyone to sign in.
  await expect(shared).toHaveURL(/\/share\/vehicle\?share=/);

  await dialog.getByRole('button', { name: '撤销' }).first().click();
  await expect(dialog.getByText('已撤销').first()).toBeVisible();
  await shared.reload();
  await expect(shared.getByRole('alert')).toContainText('分享链接无效');
  await viewer.close();
});
