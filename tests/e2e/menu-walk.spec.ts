import { expect, test, type Page } from '@playwright/test';
import { menuRoutes } from './support/axe-scan.ts';
import { openPath } from './support/crud-walk.ts';
import { chineseOutsideUserData, consoleErrors, trackRequests, watchPageErrors } from './support/menu-walk.ts';
import { picture } from './support/pictures.ts';
import { signInByApi } from './support/session.ts';
import { requireChromium } from './support/session.ts';

requireChromium();

/** Lists whose search bar has a dropdown: one is opened, and the page scrolled under it. */
const DROPDOWN_SCROLLED = new Set(['/base/vehicle']);
/** Screens kept as pictures in English when asked for (E2E_PICTURES=1), to be looked at. */
const PICTURED = new Set(['/base/vehicle', '/alarm/vehicleFault', '/system/dict', '/vehteam/dispatch']);
/** The large screen opens in a window of its own; it is walked last, by address. */
const ROUTES = menuRoutes().sort((a, b) => Number(a.window) - Number(b.window));

async function chooseLanguage(page: Page, language: 'zh' | 'en'): Promise<void> {
  await page.evaluate((content) => {
    localStorage.setItem('wdiov-language', JSON.stringify({ dataType: 'string', content, datetime: Date.now() }));
    localStorage.removeItem('wdiov-logsList');
  }, language);
  await page.reload();
  await expect(page.getByRole('complementary').getByRole('menu')).toBeVisible();
}

async function open(page: Page, path: string, window: boolean, requests: ReturnType<typeof trackRequests>): Promise<void> {
  if (window) await page.goto(path);
  else await openPath(page, path);
  // The page's answers (its chunk, then lists, dictionaries, trees) are awaited until they stop.
  await requests.quiet();
  await expect(page.locator('.p-skeleton, .p-datatable-loading-overlay, .p-treetable-loading, .wd-page-loading')).toHaveCount(0);
}

/** The walk in parts, each a test with its own time: on a loaded machine one walk outlasted its limit. */
const PARTS = 3;

/**
 * Every menu leaf, opened in place one after the other in one signed-in page, in English after a
 * switch from Chinese: no runtime error may be logged (the console's own error log, which the
 * header's badge counts, and page errors) and no Chinese text may show outside user data. One walk
 * checks both (the runtime errors are those of the screens' code, whatever their language); a leaf
 * is given a short settle rather than every answer, so that the walk stays within about a minute.
 */
for (let part = 0; part < PARTS; part++) {
  const routes = ROUTES.filter((_, i) => i % PARTS === part);
  const last = part === PARTS - 1;
  test(`every menu leaf in en logs no runtime error and shows no Chinese outside user data (part ${part + 1} of ${PARTS})`, async ({ page }) => {
    test.setTimeout(150_000);
    const pageErrors = watchPageErrors(page);
    const requests = trackRequests(page);
    await signInByApi(page);
    await chooseLanguage(page, 'zh');
    // Tabs opened and lists shown before the switch (by the header's picker, no reload) are re-labelled by it.
    await open(page, '/base/vehicle', false, requests);
    await open(page, '/system/dict', false, requests);
    await page.locator('.wd-language-switch').getByText('English', { exact: true }).click();
    await expect(page.locator('html[lang="en"]')).toHaveCount(1);
    expect(await chineseOutsideUserData(page)).toEqual([]);
    const found: string[] = [];
    await walk(page, routes, requests, pageErrors, found);
    if (last) await vehicleDetail(page, requests, found);
    expect(found).toEqual([]);
  });
}

async function walk(page: Page, routes: typeof ROUTES, requests: ReturnType<typeof trackRequests>, pageErrors: string[], found: string[]): Promise<void> {
  for (const { path, window } of routes) {
    await open(page, path, window, requests);
    const texts = await chineseOutsideUserData(page);
    found.push(...texts.map((t) => `${path}: ${t}`));
    // A dropdown left open while the page scrolls (as a user does) must not throw.
    if (DROPDOWN_SCROLLED.has(path)) {
      const dropdown = page.locator('main.wd-content .wd-crud-search .p-dropdown:not(.p-disabled)').first();
      await dropdown.click();
      await expect(page.locator('.p-dropdown-panel')).toBeVisible();
      await page.locator('main.wd-content').hover();
      await page.mouse.wheel(0, 400);
      // Whether or not the page can scroll this far, its containers say they scrolled.
      await dropdown.evaluate((el) => {
        for (let node: Element | null = el; node; node = node.parentElement) node.dispatchEvent(new Event('scroll'));
        el.ownerDocument.defaultView?.dispatchEvent(new Event('scroll'));
      });
      await page.keyboard.press('Escape');
      await expect(page.locator('.p-dropdown-panel')).toBeHidden();
    }
    found.push(...(await consoleErrors(page)).map((e) => `${path}: ${e}`), ...pageErrors.splice(0).map((e) => `${path}: ${e}`));
    if (PICTURED.has(path)) await picture(page, `en-${path.slice(1).replaceAll('/', '-')}`);
  }
}

/** A row's detail, as a list opens it. */
async function vehicleDetail(page: Page, requests: ReturnType<typeof trackRequests>, found: string[]): Promise<void> {
  await open(page, '/base/vehicle', false, requests);
  await page.locator('section.wd-crud').getByRole('row').nth(1).getByRole('button', { name: 'View' }).click();
  const detail = page.getByRole('dialog');
  await expect(detail).toBeVisible();
  await requests.quiet();
  found.push(...(await chineseOutsideUserData(page)).map((t) => `vehicle detail: ${t}`));
  await picture(page, 'en-vehicle-detail');
}
