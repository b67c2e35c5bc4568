import { expect, test, type Page } from '@playwright/test';
import { describeFindings, menuRoutes, seriousViolations, type MenuRoute } from './support/axe-scan.ts';
import { entityRoutes, openPath } from './support/crud-walk.ts';
import { listFeatures, representatives } from './support/representatives.ts';
import { requireChromium, signIn } from './support/session.ts';

requireChromium();

/** Waits for a page's first answers: no skeleton, no loading mask. */
async function settle(page: Page): Promise<void> {
  await expect(page.locator('.p-skeleton, .p-datatable-loading-overlay, .p-treetable-loading, .wd-page-loading')).toHaveCount(0);
}

/** Sets a stored choice the console reads at start (util/storage.ts), then reloads. */
async function choose(page: Page, choices: Record<string, string>): Promise<void> {
  await page.evaluate((entries) => {
    for (const [name, content] of Object.entries(entries)) {
      localStorage.setItem(`wdiov-${name}`, JSON.stringify({ dataType: 'string', content, datetime: Date.now() }));
    }
  }, choices);
  await page.reload();
  await expect(page.getByRole('complementary').getByRole('menu')).toBeVisible();
}

async function expectNoSerious(page: Page, where: string): Promise<void> {
  const found = await seriousViolations(page, where);
  if (found.length) console.log(describeFindings(found));
  expect(found.map((f) => `${f.where}: ${f.rule}`)).toEqual([]);
}

test('sign-in page', async ({ page }) => {
  await page.goto('/login');
  await expectNoSerious(page, '/login');
});

/**
 * One signed-in page for every route (signing in per route would double the run); the language
 * and theme are set once per block.
 */
/** Dark theme: a page of each kind (dashboard, live map, flat list, tree list, list beside a tree, form page). */
const DARK_PATHS = ['/wel/index', '/monitoring/map', '/base/vehicle', '/system/menu', '/system/user', '/remoteDiagnose/index'];
/**
 * Every page of its own, and one generic entity list per kind of search control, column and
 * button set (support/representatives.ts): the other lists are the same generic code
 * (web/src/crud) with other labels, and every label is checked non-empty in both languages by
 * contracts/test/business-entities.test.ts.
 */
const entityOf = new Map(entityRoutes().map((r) => [r.path, r]));
const ROUTES = representatives(menuRoutes(), (m) => {
  const r = entityOf.get(m.path);
  return r ? listFeatures(r.entity, r.without) : [`page ${m.path}`];
});
const VARIANTS: { language: string; theme: string; routes: MenuRoute[] }[] = [
  { language: 'zh', theme: 'default', routes: ROUTES },
  { language: 'en', theme: 'default', routes: ROUTES },
  { language: 'zh', theme: 'dark', routes: menuRoutes().filter((r) => DARK_PATHS.includes(r.path)) },
];

for (const { language, theme, routes } of VARIANTS) {
  test.describe(`menu routes in ${language}, ${theme} theme`, () => {
    let page: Page;
    test.beforeAll(async ({ browser }, info) => {
      const use = info.project.use;
      const context = await browser.newContext({ baseURL: use.baseURL, locale: use.locale, viewport: use.viewport });
      page = await context.newPage();
      await signIn(page);
      await choose(page, { language, themeName: theme });
    });
    test.afterAll(async () => {
      await page?.context().close();
    });
    for (const { path, window } of routes) {
      test(path, async () => {
        // A window of its own is a fresh load of the address; the frame's pages are opened in place.
        if (window) await page.goto(path);
        else await openPath(page, path);
        await settle(page);
        await expectNoSerious(page, `${language}/${theme} ${path}`);
        if (window) await page.goto('/wel/index');
      });
    }

    // Dialogs: the generic form, and the confirmation before a delete (on the administrator's row).
    if (language === 'zh') {
      test('the add form and the delete confirmation', async () => {
        await openPath(page, '/system/user');
        await settle(page);
        const list = page.locator('section.wd-crud');
        await list.getByRole('toolbar').getByRole('button', { name: '新增' }).click();
        const form = page.getByRole('dialog', { name: /新增/ });
        await expect(form).toBeVisible();
        await expectNoSerious(page, `${language}/${theme} add form`);
        await page.keyboard.press('Escape');
        await expect(form).toBeHidden();
        await list.getByRole('row').nth(1).getByRole('button', { name: '删除' }).click();
        const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog', { name: '提示' }));
        await expect(confirm).toBeVisible();
        await expectNoSerious(page, `${language}/${theme} delete confirmation`);
        await confirm.getByRole('button', { name: '取消' }).click();
        await expect(confirm).toBeHidden();
      });
    }
  });
}
