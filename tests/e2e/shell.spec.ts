import { expect, test, type Page } from '@playwright/test';
import { CI } from './support/chromium.ts';
import { launchGateway } from './support/gateway.ts';
import { accessToken, authHeaders, refreshCookie, requireChromium, signIn, signInByApi } from './support/session.ts';
import { probeSocket, recordSockets, SOCKET_PATH, sockets } from './support/socket.ts';

requireChromium();

/**
 * Each test signs in on a page of its own (the reconnect test on a gateway of its own), so the
 * two workers may share them out: the file otherwise ran in one worker, often last.
 */
test.describe.configure({ mode: 'parallel' });

const sidebar = (page: Page) => page.getByRole('complementary');
const tabs = (page: Page) => page.getByRole('tablist').getByRole('tab');

/** Expands a sidebar folder, then opens its pages one by one. */
async function openPages(page: Page, folder: string, ...pages: string[]) {
  await sidebar(page).getByRole('menuitem', { name: folder }).click();
  // Clicked in quick succession: each navigation gets its tab, even when the next click comes
  // before the page's chunk has loaded.
  for (const name of pages) await sidebar(page).getByRole('menuitem', { name }).click();
  for (const name of pages) await expect(tabs(page).filter({ hasText: name })).toHaveCount(1);
  await expect(tabs(page).filter({ hasText: pages.at(-1)! })).toHaveAttribute('aria-selected', 'true');
}

test('signs in with the captcha off and shows the menu', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle(/登录/);
  await expect(page.locator('#login-captcha')).toHaveCount(0);
  await signIn(page);
  await expect(sidebar(page).getByRole('menuitem', { name: '系统管理' })).toBeVisible();
  await expect(tabs(page)).toHaveText(['数据看板']);
  await expect(page.getByRole('heading', { name: '欢迎回来，管理员' })).toBeVisible();
});

test('opens three tabs and closes the others', async ({ page }) => {
  await signInByApi(page);
  await openPages(page, '系统管理', '用户管理', '机构管理', '岗位管理');
  await expect(tabs(page)).toHaveText(['数据看板', '用户管理', '机构管理', '岗位管理']);
  await tabs(page).filter({ hasText: '机构管理' }).click();
  await expect(page).toHaveURL(/\/system\/dept$/);
  // The strip follows the page once it has rendered (its chunk may still be loading): act on what is shown.
  await expect(tabs(page).filter({ hasText: '机构管理' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: '标签操作' }).click();
  await page.getByRole('menuitem', { name: '关闭其他' }).click();
  // The first page always stays; the active one is the "other" kept.
  await expect(tabs(page)).toHaveText(['数据看板', '机构管理']);
  await expect(page.getByRole('button', { name: '关闭当前 数据看板' })).toHaveCount(0);
});

test('locks with a lock password and unlocks', async ({ page }) => {
  await signInByApi(page);
  await page.getByRole('button', { name: '锁屏' }).click();
  const dialog = page.getByRole('dialog', { name: '设置锁屏密码' });
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('锁屏密码不能为空');
  await dialog.locator('#lock-password').fill('s3cret');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/\/lock$/);
  // Locked: any other page is forced back to /lock, even after a reload.
  await page.goto('/wel/index');
  await expect(page).toHaveURL(/\/lock$/);
  const password = page.getByPlaceholder('请输入锁屏密码');
  await password.fill('wrong');
  await page.getByRole('button', { name: '解锁' }).click();
  await expect(page.getByRole('alert')).toHaveText('解锁密码错误,请重新输入');
  await password.fill('s3cret');
  await page.getByRole('button', { name: '解锁' }).click();
  await expect(page).toHaveURL(/\/wel\/index$/);
});

test('switches to English and back', async ({ page }) => {
  await signInByApi(page);
  const language = page.getByRole('banner').getByRole('group', { name: '语言' });
  await language.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(tabs(page)).toHaveText(['Data board']);
  await expect(page.getByRole('button', { name: 'Lock' })).toBeVisible();
  // The choice survives a reload.
  await page.reload();
  await expect(tabs(page)).toHaveText(['Data board']);
  await page.getByRole('banner').getByRole('group', { name: 'Language' }).getByRole('button', { name: '中文' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(tabs(page)).toHaveText(['数据看板']);
  await expect(page.getByRole('button', { name: '锁屏' })).toBeVisible();
});

test('signs out after the confirm', async ({ page }) => {
  await signInByApi(page);
  await page.getByRole('banner').getByRole('button', { name: /管理员/ }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  const confirm = page.getByRole('dialog', { name: '提示' });
  await expect(confirm).toContainText('退出系统, 是否继续?');
  // By class: PrimeReact labels it "Yes" in either language (no PrimeReact locale is set).
  await confirm.locator('.p-confirm-dialog-accept').click();
  await expect(page).toHaveURL(/\/login$/);
  // The guard leaves for /login while the server logout is in flight; its answer drops the refresh cookie.
  await expect.poll(() => refreshCookie(page)).toBeUndefined();
  await page.goto('/wel/index');
  await expect(page).toHaveURL(/\/login$/);
});

test('a 401 from the server lands on /login', async ({ page }) => {
  await signInByApi(page);
  // The data board's own calls are answered first (its charts drawn): the 401 below is to come from the call this test
  // makes the page send.
  for (const name of ['告警与故障', '里程与能耗', '在线率', '车辆状态']) await expect(page.getByRole('img', { name })).toBeVisible();
  // Revoke the token server side: the page still holds it, so its next call answers 401.
  const token = await accessToken(page);
  const logout = await page.request.get('/api/wdiov-auth/oauth/logout', { headers: authHeaders(token) });
  expect(logout.ok()).toBe(true);
  const revoked = await page.request.get('/api/wdiov-user/info', { headers: authHeaders(token) });
  expect(revoked.status()).toBe(401);
  // The profile page calls GET wdiov-user/info on open.
  await page.getByRole('banner').getByRole('button', { name: /管理员/ }).click();
  await page.getByRole('menuitem', { name: '个人信息' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // Nobody is kept to restore: a reload stays signed out.
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
});

test('the live socket reconnects after the gateway restarts', async ({ page }) => {
  // Start, retry wait (10 s) and restart of a private gateway.
  test.setTimeout(150_000);
  const gateway = await launchGateway();
  try {
    await recordSockets(page);
    await signInByApi(page, gateway.url);
    const probe = await probeSocket(gateway.url, await accessToken(page));
    // The socket route is still being built in gateway/: skip (say why) until it answers, fail under CI.
    if (!probe.upgraded && !CI) {
      const reason = `gateway does not serve the live socket yet: a WebSocket handshake on ${SOCKET_PATH} answered HTTP ${probe.status}`;
      console.log(reason);
      test.skip(true, reason);
    }
    const isOpen = async () => (await sockets(page)).filter((s) => s.opened && !s.closed).length;
    await expect.poll(isOpen, { timeout: 20_000 }).toBe(1);
    const before = (await sockets(page)).length;

    await gateway.stop();
    await expect.poll(isOpen, { timeout: 15_000 }).toBe(0);
    await gateway.start();

    // The live link machine retries every 10 s: a new socket must open within a few retries.
    await expect
      .poll(async () => (await sockets(page)).slice(before).some((s) => s.opened && !s.closed), { timeout: 45_000 })
      .toBe(true);
    expect(await isOpen()).toBe(1);
    await expect(page).toHaveURL(/\/wel\/index$/);
  } finally {
    await gateway.dispose();
  }
});
