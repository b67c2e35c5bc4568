import { expect, test, type Page, type Response } from '@playwright/test';
import { createUserWithMenus } from './support/operator.ts';
import { accessToken, authHeaders, refreshCookie, requireChromium, signIn, signInByApi } from './support/session.ts';

requireChromium();

const sidebar = (page: Page) => page.getByRole('complementary');

test.describe('the session in the browser', () => {
  test('keeps no token where a script reads it, survives a reload, and ends with sign-out', async ({ page }) => {
    await signIn(page);
    const access = await accessToken(page);
    expect(access).not.toBe('');
    const cookie = await refreshCookie(page);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/wdiov-auth/oauth/token' });
    const stored = () => page.evaluate(() => ({ cookies: document.cookie, local: JSON.stringify({ ...localStorage }), session: JSON.stringify({ ...sessionStorage }) }));
    const seen = await stored();
    for (const secret of [access, cookie!.value]) {
      expect(seen.cookies).not.toContain(secret);
      expect(seen.local).not.toContain(secret);
      expect(seen.session).not.toContain(secret);
    }
    expect(seen.cookies).not.toContain('token');

    // A reload: the page asked for stays, its access token comes back through the cookie.
    await page.goto('/system/user');
    await expect(page.getByRole('tab', { selected: true })).toContainText('用户管理');
    const refreshed = page.waitForResponse((r) => r.url().includes('/oauth/token') && r.request().method() === 'POST');
    await page.reload();
    expect((await refreshed).ok()).toBe(true);
    await expect(page).toHaveURL(/\/system\/user$/);
    await expect(sidebar(page).getByRole('menu')).toBeVisible();
    expect(await accessToken(page)).not.toBe(access);

    await page.getByRole('banner').getByRole('button', { name: /管理员/ }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.getByRole('dialog', { name: '提示' }).locator('.p-confirm-dialog-accept').click();
    await expect(page).toHaveURL(/\/login$/);
    await expect.poll(() => refreshCookie(page)).toBeUndefined();
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('keeps every tab signed in when tabs reload at the same moment', async ({ page, context }) => {
    await signInByApi(page);
    const tabs = [page, await context.newPage(), await context.newPage()];
    await Promise.all(tabs.slice(1).map((tab) => tab.goto('/system/user')));
    for (const tab of tabs) await expect(sidebar(tab).getByRole('menu')).toBeVisible();
    // Each reload spends the refresh cookie the tabs share: sent twice, it would end the sign-in in every tab.
    const refreshed = tabs.map((tab) => tab.waitForResponse((r) => r.url().includes('/oauth/token') && r.request().method() === 'POST'));
    await Promise.all(tabs.map((tab) => tab.reload()));
    for (const answer of await Promise.all(refreshed)) expect(answer.ok()).toBe(true);
    for (const tab of tabs) {
      await expect(sidebar(tab).getByRole('menu')).toBeVisible();
      await expect(tab).not.toHaveURL(/\/login$/);
    }
    // And the sign-in lives on: a tab still refreshes after the others did.
    const again = tabs[0]!.waitForResponse((r) => r.url().includes('/oauth/token') && r.request().method() === 'POST');
    await tabs[0]!.reload();
    expect((await again).ok()).toBe(true);
    await expect(sidebar(tabs[0]!).getByRole('menu')).toBeVisible();
  });
});

/**
 * An operator: the data board, the live map, track playback, alarm, fault and fence records (and
 * handling alarms), the vehicle list (adding and editing vehicles); folders as the role tree grants them.
 */
const OPERATOR_MENUS = [
  'wel', 'monitoring', 'live_map', 'trajectory', 'vehicle_alarm', 'vehicle_alarm_handle', 'vehicle_fault', 'fence_access',
  'base', 'vehicle', 'vehicle_add', 'vehicle_edit', 'vehicle_view',
];
const GRANTED = [
  ['数据看板', '/wel/index'],
  ['实时监控', '/monitoring/map'],
  ['轨迹回放', '/trajectory/index'],
  ['车辆告警', '/alarm/vehicleAlarm'],
  ['车辆故障', '/alarm/vehicleFault'],
  ['围栏进出记录', '/fenceAccessRecord/index'],
  ['车辆', '/base/vehicle'],
] as const;
const NOT_GRANTED = ['/system/user', '/system/dept', '/remoteDiagnose/index', '/base/vehicleModel', '/vehteam/driver'];

/** API answers a page got that deny or fail: 403 and 5xx. */
function recordFailures(page: Page): string[] {
  const failures: string[] = [];
  page.on('response', (r: Response) => {
    if (r.url().includes('/api/') && (r.status() === 403 || r.status() >= 500)) failures.push(`${r.request().method()} ${new URL(r.url()).pathname} → ${r.status()}`);
  });
  return failures;
}

/** Error toasts, however briefly shown. */
async function recordErrorToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { __errorToasts: string[] }).__errorToasts = []);
    new MutationObserver(() => {
      document.querySelectorAll('.p-toast-message-error:not([data-seen])').forEach((el) => {
        el.setAttribute('data-seen', '');
        seen.push(el.textContent ?? '');
      });
    }).observe(document, { childList: true, subtree: true });
  });
}
const errorToasts = (page: Page) => page.evaluate(() => (window as unknown as { __errorToasts?: string[] }).__errorToasts ?? []);

test.describe('an operator who holds only some screens', () => {
  let operator: { username: string; password: string };

  test.beforeAll(async ({ playwright }, info) => {
    const request = await playwright.request.newContext();
    operator = await createUserWithMenus(request, info.project.use.baseURL!, `operator${Date.now() % 100_000}`, OPERATOR_MENUS);
    await request.dispose();
  });

  test('walks every granted screen without a refusal, a server error or an error toast', async ({ page }) => {
    test.setTimeout(120_000);
    await recordErrorToasts(page);
    const failures = recordFailures(page);
    const calls = new Set<string>();
    page.on('request', (r) => {
      if (r.url().includes('/api/')) calls.add(new URL(r.url()).pathname.replace('/api/', ''));
    });
    await signInByApi(page, '', operator);
    for (const [name, path] of GRANTED) {
      await page.goto(path);
      await expect(page, name).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('tab', { selected: true })).toContainText(name);
      // Every lookup of the screen answered (dropdowns, trees, dictionaries, counters).
      await page.waitForLoadState('networkidle');
      expect(await errorToasts(page), `${name}: error toasts`).toEqual([]);
    }
    // A vehicle's details (from the map or an alarm): master data, live state, alarms, cells.
    const listed = await page.request.get('/api/wdiov-base/vehicle/page?current=1&size=1', { headers: authHeaders(await accessToken(page)) });
    const vin = ((await listed.json()) as { data: { records: { vin: string }[] } }).data.records[0]?.vin;
    expect(vin, 'a seeded vehicle').toBeTruthy();
    await page.goto(`/vehicleDetails/index?vin=${vin}`);
    await expect(page.getByText(vin!).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await errorToasts(page), 'vehicle details: error toasts').toEqual([]);
    await page.goto('/base/vehicle');
    // The vehicle form: every dropdown of what a vehicle refers to (model, terminal, organisation …).
    await page.getByRole('button', { name: '新增' }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await errorToasts(page), 'vehicle form: error toasts').toEqual([]);
    expect(failures).toEqual([]);
    console.log(`operator walk: ${calls.size} distinct API calls answered without 403/5xx: ${[...calls].sort().join(' ')}`);
  });

  test('sees only its screens in the menu, and is told no for the others when typed', async ({ page }) => {
    await signInByApi(page, '', operator);
    const menu = sidebar(page);
    await expect(menu.getByRole('menuitem', { name: '监控中心' })).toBeVisible();
    for (const absent of ['系统管理', '权限管理', '日志管理', '研发工具']) await expect(menu.getByRole('menuitem', { name: absent })).toHaveCount(0);
    for (const path of NOT_GRANTED) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/403$/);
      await expect(page.getByText('抱歉，您无权访问该页面')).toBeVisible();
    }
  });
});
