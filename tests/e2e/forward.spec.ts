import { expect, test, type Locator, type Page } from '@playwright/test';
import { SuperiorPlatform } from '../../simulators/src/superior-platform.ts';
import { alarmTerminal, fleetVins } from './support/alarm-terminal.ts';
import { rowEditingPage, type ApiRows } from './support/api-rows.ts';
import { openPath } from './support/crud-walk.ts';
import { picture } from './support/pictures.ts';
import { sharedIngestPort } from './support/ports.ts';
import { requireChromium } from './support/session.ts';

requireChromium();

/**
 * Forwarding through the console: a platform pointing at a superior platform this spec plays
 * (the simulator's platform mode), vehicles bound in the bind dialog, the status switched on:
 * the link panel shows it logged in and the frames of a bound vehicle counted, the record screen
 * its figures and the vehicle's log; switched off
 * (after the confirmation) it logs out. Pictures of the pages are taken when asked
 * for (support/pictures.ts).
 */
let page: Page;
let api: ApiRows;
let superior: SuperiorPlatform;
let platformPort: number;
const RUN = 10_000 + (Date.now() % 80_000);
const NAME = `转发测试平台${RUN}`;

test.beforeAll(async ({ browser }, info) => {
  superior = new SuperiorPlatform({ username: 'e2euser', password: 'e2epass' });
  platformPort = await superior.listen(0);
  ({ page, api } = await rowEditingPage(browser, info));
});

test.afterAll(async () => {
  await page?.close();
  await superior?.stop();
});

const shot = (name: string) => picture(page, name, { fullPage: true });

/** The platform's row in the list and its line in the link panel. */
function platformRow(): Locator {
  return page.locator('section.wd-crud tbody tr', { hasText: NAME });
}
const linkLine = () => page.locator(`.wd-fwd-links li[data-platform="${NAME}"]`);

test('a platform bound to vehicles and switched on logs in and counts frames; switched off it logs out', async () => {
  test.setTimeout(150_000);
  await api.post('/api/wdiov-base/forwardPlatform/submit', {
    platformName: NAME, platformType: Number(await api.dictKey('platform_type')), host: '127.0.0.1', port: platformPort, protocol: 1,
    platformCode: `E2E${RUN}`, username: 'e2euser', password: 'e2epass', encryption: 1,
  });
  const [bound, other] = await fleetVins(page, { from: 70, count: 2 });

  await openPath(page, '/base/forwardPlatform');
  await expect(platformRow()).toHaveCount(1);
  await expect(linkLine()).toContainText('未连接');

  // Bind two vehicles in the dialog: search each, tick it, save.
  await platformRow().getByRole('button', { name: '绑定车辆' }).click();
  const dialog = page.getByRole('dialog', { name: `绑定车辆 · ${NAME}` });
  for (const vin of [bound!, other!]) {
    await dialog.getByRole('textbox', { name: '车架号或车牌号' }).fill(vin);
    await dialog.getByRole('button', { name: '查询' }).click();
    const row = dialog.locator('tbody tr', { hasText: vin });
    await expect(row).toHaveCount(1);
    await row.locator('.p-checkbox').click();
  }
  await expect(dialog).toContainText('已选 2 辆');
  await shot('forward-bind-dialog');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  const platforms = await api.get<{ records: { id: string }[] }>('/api/wdiov-base/forwardPlatform/page', { platformName: NAME });
  const platformId = String(platforms.records[0]!.id);
  const list = await api.get<{ vin: string }[]>('/api/wdiov-base/forwardPlatformVehicle/vehicleList', { forwardPlatformId: platformId });
  expect(list.map((v) => v.vin).sort()).toEqual([bound, other].sort());

  // Blacklist dialog: opens empty for this platform.
  await platformRow().getByRole('button', { name: '黑名单' }).click();
  const barred = page.getByRole('dialog', { name: `转发黑名单 · ${NAME}` });
  await expect(barred).toContainText('这个平台没有黑名单车辆');
  await shot('forward-blacklist-dialog');
  await barred.getByRole('button', { name: 'Close' }).or(barred.locator('.p-dialog-header-close')).first().click();
  await expect(barred).toBeHidden();

  // Switch it on: the link logs in.
  await platformRow().getByRole('button', { name: '启动转发' }).click();
  await expect(linkLine()).toContainText('已登录', { timeout: 30_000 });
  expect(superior.records.logins).toBeGreaterThanOrEqual(1);

  // A bound vehicle reports: its frames reach the superior platform and are counted.
  const terminal = await alarmTerminal(sharedIngestPort());
  try {
    await terminal.raise(bound!, 0, 0, Date.now() - 5000);
    await expect.poll(() => superior.records.vehicles[bound!]?.realtime ?? 0, { timeout: 30_000 }).toBe(2);
  } finally {
    terminal.close();
  }
  await expect(linkLine()).toContainText('已发送 2 帧', { timeout: 30_000 });
  await shot('forward-platforms-logged-in');

  // The record screen: the platform's summed figures above, the vehicle's record below; the
  // platform's card narrows the list to it, and the row opens the vehicle's forwarding log.
  await openPath(page, '/base/forwardRecord');
  const card = page.locator(`.wd-fwd-card[data-platform="${NAME}"]`);
  await expect(card).toContainText('已登录', { timeout: 30_000 });
  await expect(card).toContainText('2已发送');
  await card.click();
  await expect(card).toHaveAttribute('aria-pressed', 'true');
  const record = page.locator('section.wd-crud tbody tr', { hasText: bound! });
  await expect(record).toHaveCount(1);
  await shot('forward-records');
  await record.getByRole('button', { name: '转发日志' }).click();
  const log = page.getByRole('dialog', { name: `车辆转发日志 · ${bound}` });
  await expect(log.locator('tbody tr', { hasText: NAME })).toContainText('已绑定');
  await shot('forward-vehicle-log');
  await log.locator('.p-dialog-header-close').first().click();
  await expect(log).toBeHidden();

  // Switch it off, after the confirmation: the link logs out.
  await openPath(page, '/base/forwardPlatform');
  await platformRow().getByRole('button', { name: '停止转发' }).click();
  const confirm = page.locator('.p-confirm-dialog');
  await expect(confirm).toContainText(NAME);
  await confirm.getByRole('button', { name: '确定' }).click();
  await expect(linkLine()).toContainText('未连接', { timeout: 30_000 });
  expect(superior.records.logouts).toBe(1);
  await shot('forward-platforms-stopped');
});
