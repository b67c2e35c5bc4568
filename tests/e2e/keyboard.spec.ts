import { expect, test, type Locator, type Page } from '@playwright/test';
import { entityByName } from '@wdiov/contracts/entities/registry';
import { ApiRows } from './support/api-rows.ts';
import { ALARM_FLAGS, alarmTerminal, fleetVins } from './support/alarm-terminal.ts';
import { picture } from './support/pictures.ts';
import { sharedIngestPort } from './support/ports.ts';
import { liveSocketOpen, recordSockets } from './support/socket.ts';
import { ADMIN, followTokens, requireChromium, signInByApi } from './support/session.ts';

requireChromium();

/** Counts every pointer and mouse event the page sees: a keyboard-only walk must leave it at 0. */
async function watchPointer(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { pointerEvents: number };
    w.pointerEvents = 0;
    for (const type of ['pointerdown', 'pointerup', 'mousedown', 'mouseup']) {
      window.addEventListener(type, () => (w.pointerEvents += 1), true);
    }
  });
}
const pointerEvents = (page: Page) => page.evaluate(() => (window as unknown as { pointerEvents: number }).pointerEvents);

/** Presses Tab (Shift+Tab backwards) until the target has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`focus never reached ${target}`);
}

/** Focus is visibly marked: an outline or a box shadow on the focused element. */
async function expectVisibleFocus(page: Page): Promise<void> {
  const marked = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return false;
    const s = getComputedStyle(el);
    return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
  });
  expect(marked, 'the focused element shows a focus ring').toBe(true);
}

/** Opens a select from the keyboard and picks the first option (PrimeReact: Alt+Down opens, Enter picks). */
async function pickFirstByKeyboard(page: Page, select: Locator): Promise<void> {
  await tabTo(page, select);
  await page.keyboard.press('Alt+ArrowDown');
  const panel = page.locator('.p-dropdown-panel, .p-treeselect-panel').last();
  await expect(panel).toBeVisible();
  await expect(panel.locator('.p-dropdown-item, .p-treenode-content').first()).toBeVisible();
  // The tree select's panel focuses its filter once it has opened (not at once); ArrowDown from
  // there moves the focus to the tree's first node.
  const filter = panel.locator('.p-treeselect-filter');
  if (await filter.count()) await expect(filter).toBeFocused();
  await page.keyboard.press('ArrowDown');
  if (await filter.count()) {
    await expect.poll(() => panel.evaluate((p) => p.contains(document.activeElement) && !!document.activeElement?.closest('.p-treenode'))).toBe(true);
  }
  await page.keyboard.press('Enter');
  await expect(panel).toBeHidden();
}

/** Signs in on the form by keyboard. */
async function signInByKeyboard(page: Page): Promise<void> {
  followTokens(page);
  await page.goto('/login');
  // The account field has the focus first in the form.
  await tabTo(page, page.locator('#login-account'));
  await page.keyboard.type(ADMIN.username);
  await tabTo(page, page.locator('#login-password'));
  await page.keyboard.type(ADMIN.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/wel\/index$/);
}

/** Signs out through the user menu and its confirmation, by keyboard. */
async function signOutByKeyboard(page: Page): Promise<void> {
  const user = page.getByRole('banner').getByRole('button', { name: /管理员|admin/ });
  await tabTo(page, user, { back: true });
  await page.keyboard.press('Enter');
  const logout = page.getByRole('menuitem', { name: '退出登录' });
  await expect(logout).toBeVisible();
  // The popup menu takes the focus; its last item signs out.
  const menu = page.getByRole('menu').filter({ has: logout });
  await expect.poll(() => menu.evaluate((m) => m.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog', { name: '提示' }));
  await expect(confirm).toBeVisible();
  await tabTo(page, confirm.getByRole('button', { name: /确定|是|Yes/ }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login/);
}

test('signs in, filters the vehicles, adds one through the form and signs out, all by keyboard', async ({ page }) => {
  test.setTimeout(120_000);
  // The form's references need a vehicle model and an organisation to choose (set up through the API,
  // signed in through it too: the sign-in form is what this test walks next, by keyboard).
  await signInByApi(page);
  const api = await ApiRows.of(page);
  await api.ensureRow(entityByName('vehicleModel')!);
  await api.ensureRow(entityByName('org')!);
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());

  await watchPointer(page);
  await signInByKeyboard(page);

  // The vehicle list through the sidebar.
  const sidebar = page.getByRole('complementary', { name: '菜单' });
  await tabTo(page, sidebar.getByRole('menuitem', { name: '基础数据' }));
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await tabTo(page, sidebar.getByRole('menuitem', { name: '车辆', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/base\/vehicle$/);
  const list = page.getByRole('region', { name: '车辆' });
  await expect(list.getByRole('table')).toBeVisible();

  // Filter by VIN.
  // 17 characters, no I, O or Q (the VIN pattern).
  const vin = `LKB${String(Date.now()).padStart(14, '0')}`;
  await tabTo(page, list.locator('#search-vin'));
  await page.keyboard.type('NO-SUCH-VIN');
  await page.keyboard.press('Enter');
  await expect(list.getByText('还没有车辆数据，新增一条开始吧。')).toBeVisible();

  // Add through the form: focus moves into the dialog and back to the add button when it closes.
  const add = list.getByRole('toolbar').getByRole('button', { name: '新增' });
  // Forward from the search field: the toolbar follows the search bar, whatever cards the pop-up holds below.
  await tabTo(page, add);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: '新增车辆' });
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await tabTo(page, dialog.locator('#crud-vin'));
  await page.keyboard.type(vin);
  await pickFirstByKeyboard(page, dialog.locator('.p-dropdown:has(#crud-vehicleModelId)'));
  await pickFirstByKeyboard(page, dialog.locator('.p-treeselect:has(#crud-orgId)'));
  await tabTo(page, dialog.getByRole('button', { name: '提交' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();

  // The new vehicle is found by the filter.
  await tabTo(page, list.locator('#search-vin'), { back: true });
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(vin);
  await page.keyboard.press('Enter');
  await expect(list.getByRole('row').filter({ hasText: vin })).toHaveCount(1);

  // Escape closes a dialog and gives the focus back.
  await tabTo(page, add);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();

  await signOutByKeyboard(page);
  expect(await pointerEvents(page)).toBe(0);
});

test.describe('live alarm cards', () => {
  // Cards come from a terminal on the gateway's GB/T 32960 ingest.
  test("the pop-up fits the window at 1280×800; Alt+Shift+A and Enter open its 'view now', Alt+Shift+X acknowledges it; then sign out", async ({ page }) => {
    test.setTimeout(120_000);
    await watchPointer(page);
    await recordSockets(page);
    await signInByKeyboard(page);
    await liveSocketOpen(page);
    const [low, high, middle] = (await fleetVins(page, { count: 3 })) as [string, string, string];
    const terminal = await alarmTerminal(sharedIngestPort());
    const cards = page.locator('.wd-alarm-card');
    for (const [vin, level] of [[low, 1], [high, 3], [middle, 2]] as const) await terminal.raise(vin, ALARM_FLAGS.insulation, level);
    terminal.close();
    // One card shows at a time, the most severe first: its level 3 before the 2 and the 1 that came around it.
    // Specs running beside this one raise cards too (every admin session gets them, a11y's at level 3 as well).
    const ours = cards.filter({ hasText: new RegExp([low, high, middle].join('|')) });
    await expect(page.locator('.wd-alarm-dock .wd-alarm-more')).toHaveText(/还有 ([2-9]|\d{2,}) 条/, { timeout: 20_000 });
    await expect(cards).toHaveCount(1);

    // The pop-up stays inside the window, under the page.
    const viewport = page.viewportSize()!;
    expect(viewport).toEqual({ width: 1280, height: 800 });
    const inside = async (what: string, box: { x: number; y: number; width: number; height: number } | null) => {
      expect(box, what).not.toBeNull();
      expect(box!.y, `${what} top`).toBeGreaterThanOrEqual(0);
      expect(box!.x, `${what} left`).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height, `${what} bottom`).toBeLessThanOrEqual(viewport.height);
      expect(box!.x + box!.width, `${what} right`).toBeLessThanOrEqual(viewport.width);
    };
    const popup = page.getByRole('region', { name: '实时报警' });
    await inside('the pop-up', await popup.boundingBox());
    await inside("the card's view now", await cards.first().getByRole('button', { name: '立即查看' }).boundingBox());
    await picture(page, 'alarm-popup-1280x800');
    if (await ours.count()) await expect(ours.first()).not.toContainText(low);

    // The shortcut focuses the shown card's 'view now' (another spec's card may be the one shown),
    // and Enter opens that vehicle's alarms.
    const topVin = /[A-HJ-NPR-Z0-9]{17}/.exec(await cards.first().innerText())?.[0];
    expect(topVin).toBeTruthy();
    await page.keyboard.press('Alt+Shift+A');
    await expect(cards.first().getByRole('button', { name: '立即查看' })).toBeFocused();
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === '/alarm/vehicleAlarm' && url.searchParams.get('vin') === topVin);
    // Alt+Shift+X acknowledges the card shown: the next one takes its place.
    await page.keyboard.press('Alt+Shift+X');
    await expect(cards.filter({ hasText: topVin! })).toHaveCount(0);

    await signOutByKeyboard(page);
    expect(await pointerEvents(page)).toBe(0);
  });
});
