import { expect, test, type Locator, type Page, type WebSocketRoute } from '@playwright/test';
import { alarmTerminal, ALARM_FLAGS, fleetVins } from './support/alarm-terminal.ts';
import { launchGateway, type Gateway } from './support/gateway.ts';
import { picture } from './support/pictures.ts';
import { freePort } from './support/ports.ts';
import { liveSocketOpen, recordSockets, SOCKET_PATH } from './support/socket.ts';
import { accessToken, authHeaders, requireChromium, signInByApi } from './support/session.ts';

requireChromium();

/**
 * The alarm pop-up over a whole shift's work: twenty open alarms never stand between the operator
 * and a list's row actions or a dialog's buttons (Playwright's actionability check fails when another
 * element would take the click), and a card raised while the console's link is down shows once the
 * link is back, exactly once. Cards come from a terminal on the ingest of this spec's own gateway,
 * so the specs beside it see none of its twenty (every admin session gets every card).
 */
const ARRIVING = 20;

test.describe.configure({ mode: 'serial' });

let gateway: Gateway;
let ingestPort = 0;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  ingestPort = await freePort();
  gateway = await launchGateway({ env: { INGEST_PORT: String(ingestPort) } });
});
test.afterAll(async () => {
  await gateway?.dispose();
});

const dock = (page: Page) => page.locator('.wd-alarm-dock');
const othersCount = async (page: Page) => Number(/(\d+)/.exec((await dock(page).locator('.wd-alarm-more').textContent().catch(() => '')) ?? '')?.[1] ?? 0);

/**
 * Every enabled button inside `scope` passes the click's actionability checks (visible, stable,
 * receiving the pointer: no other element lies over it); answers how many.
 */
async function allClickable(scope: Locator, what: string): Promise<number> {
  const buttons = await scope.locator('button:enabled:visible, [role="button"]:visible:not([aria-disabled="true"])').all();
  for (const [i, button] of buttons.entries()) {
    await button.click({ trial: true, timeout: 5_000 }).catch((error: Error) => {
      throw new Error(`${what}: button ${i + 1} (${(button as unknown as { toString(): string }).toString()}) does not take a click: ${error.message}`);
    });
  }
  return buttons.length;
}

test('with twenty open alarms arriving, every row action of a list and every button of its dialogs takes its click', async ({ page }) => {
  test.setTimeout(240_000);
  await recordSockets(page);
  await signInByApi(page, gateway.url);
  await page.goto(`${gateway.url}/base/vehicle`);
  await liveSocketOpen(page);
  const section = page.locator('main section').first();
  await expect(section.locator('tbody tr').first()).toBeVisible();

  const vins = await fleetVins(page, { baseUrl: gateway.url, count: ARRIVING });
  const terminal = await alarmTerminal(ingestPort);
  try {
    // Level 3 every third one: those stay open until acknowledged, the worst case for the page.
    for (const [i, vin] of vins.entries()) await terminal.raise(vin, ALARM_FLAGS.insulation, [3, 2, 1][i % 3]!);
  } finally {
    terminal.close();
  }
  await expect.poll(() => othersCount(page), { timeout: 60_000, message: 'the pop-up counts the other open alarms' }).toBeGreaterThanOrEqual(ARRIVING - 1);
  await expect(dock(page).locator('.wd-alarm-card, .wd-alarm-notice')).toHaveCount(1);

  // The pop-up lies under the page, never over it.
  const content = (await page.locator('main.wd-content').boundingBox())!;
  const popup = (await dock(page).boundingBox())!;
  expect(popup.y, 'the pop-up starts below the page').toBeGreaterThanOrEqual(content.y + content.height - 1);
  await picture(page, 'alarm-popup-list-zh');

  const rows = section.locator('tbody tr');
  const rowCount = await rows.count();
  expect(rowCount).toBeGreaterThanOrEqual(10);
  let rowButtons = 0;
  for (let i = 0; i < rowCount; i += 1) rowButtons += await allClickable(rows.nth(i), `row ${i + 1}`);
  expect(rowButtons, 'each row has its actions').toBeGreaterThanOrEqual(rowCount * 2);
  await allClickable(section.getByRole('toolbar'), 'the toolbar');
  await allClickable(section.locator('.p-paginator'), 'the paginator');

  // The last row's dialogs: each button takes its click, then the dialog closes by its own button.
  const last = rows.nth(rowCount - 1);
  const dialog = page.getByRole('dialog').filter({ has: page.locator('form.wd-crud-form') });
  for (const [action, closeWith] of [['查看', '关闭'], ['编辑', '取消']] as const) {
    await last.getByRole('button', { name: action }).click();
    await expect(dialog).toBeVisible();
    expect(await allClickable(dialog, `the ${action} dialog`)).toBeGreaterThanOrEqual(2);
    // The footer's button: the header's close icon bears the same name.
    await dialog.locator('.p-dialog-footer').getByRole('button', { name: closeWith, exact: true }).click();
    await expect(dialog).toBeHidden();
  }
  await last.getByRole('button', { name: '删除' }).click();
  const confirm = page.locator('.p-confirm-dialog');
  await expect(confirm).toBeVisible();
  expect(await allClickable(confirm, 'the delete confirmation')).toBeGreaterThanOrEqual(2);
  await confirm.locator('.p-confirm-dialog-reject').click();
  await expect(confirm).toBeHidden();

  // The pop-up's setting: level 1 and 2 cards collapse after 3 s, kept with the console's settings.
  await dock(page).getByRole('button', { name: '弹窗设置' }).click();
  await page.locator('#alarm-collapse-seconds').fill('3');
  await page.locator('.wd-alarm-settings').getByRole('button', { name: '保存' }).click();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('wdiov-alarmCollapseSeconds') ?? '{}').content)).toBe(3);
  // Acknowledged one by one, the level-3 cards give way to a level 2, which collapses to its notice.
  for (let i = 0; i < ARRIVING; i += 1) {
    const card = dock(page).locator('.wd-alarm-card');
    if (!(await card.count()) || /[12] 级/.test(await card.locator('header').innerText())) break;
    await card.getByRole('button', { name: '关闭' }).click();
  }
  await expect(dock(page).locator('.wd-alarm-notice')).toBeVisible({ timeout: 10_000 });
  await picture(page, 'alarm-notice-zh');
  expect(await allClickable(dock(page), 'the collapsed notice')).toBeGreaterThanOrEqual(4);

  // Dismiss-all clears the pop-up.
  await dock(page).getByRole('button', { name: '全部关闭' }).click();
  await expect(dock(page)).toHaveCount(0);
});

test('a card raised while the console\'s link is down shows once the link is back, exactly once', async ({ page }) => {
  test.setTimeout(180_000);
  await recordSockets(page);
  // The gateway's socket goes through this route: passed on while up, refused while down.
  let down = false;
  let current: WebSocketRoute | undefined;
  await page.routeWebSocket((url) => url.pathname.startsWith(SOCKET_PATH), (ws) => {
    if (down) return void ws.close({ code: 1011, reason: 'link down' });
    current = ws;
    ws.connectToServer();
  });
  await signInByApi(page, gateway.url);
  await liveSocketOpen(page);
  const [vin] = (await fleetVins(page, { baseUrl: gateway.url, from: ARRIVING + 5, count: 1 })) as [string];
  const token = await accessToken(page);

  down = true;
  await current!.close({ code: 1011, reason: 'link down' });
  const terminal = await alarmTerminal(ingestPort);
  try {
    await terminal.raise(vin, ALARM_FLAGS.insulation, 4);
  } finally {
    terminal.close();
  }
  // Stored (and so called out) while the console could not hear it.
  await expect.poll(async () => {
    const answer = await page.request.get(`${gateway.url}/api/wdiov-base/vehicleAlarmData/page?vin=${vin}`, { headers: authHeaders(token) });
    return ((await answer.json()) as { data: { total: number } }).data.total;
  }, { timeout: 30_000, message: `the alarm of ${vin} is stored` }).toBeGreaterThanOrEqual(1);
  const ours = page.locator('.wd-alarm-card, .wd-alarm-notice').filter({ hasText: vin });
  await expect(ours).toHaveCount(0);

  down = false;
  // The console retries every 10 s; once up, it asks for what it missed.
  await expect(ours).toBeVisible({ timeout: 40_000 });
  await expect(ours).toHaveCount(1);
  await picture(page, 'alarm-popup-caught-up-zh');

  // Once in the inbox too (the live map's list of every card the console got).
  await page.evaluate(() => {
    history.pushState({}, '', '/monitoring/map');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  const listed = await page.request.get(`${gateway.url}/api/wdiov-base/vehicle/page?vin=${vin}`, { headers: authHeaders(token) });
  const plate = ((await listed.json()) as { data: { records: { plateNumber?: string }[] } }).data.records[0]?.plateNumber;
  const inbox = page.locator('section.wd-inbox');
  await expect(inbox).toBeVisible();
  // An inbox entry names the vehicle by its plate (its VIN without one).
  await expect(inbox.locator('li').filter({ hasText: plate || vin })).toHaveCount(1);
  await picture(page, 'alarm-inbox-zh');

  // The same in English: the inbox, then the pop-up on the home page.
  await page.locator('.p-selectbutton').getByText('English').click();
  await expect(inbox.getByRole('button', { name: /Alarm inbox/ })).toBeVisible();
  await picture(page, 'alarm-inbox-en');
  await page.evaluate(() => {
    history.pushState({}, '', '/wel/index');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(dock(page).getByRole('button', { name: 'Dismiss all' })).toBeVisible();
  await expect(ours).toContainText('View now');
  await picture(page, 'alarm-popup-en');
});
