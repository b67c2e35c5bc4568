import { expect, test, type Page } from '@playwright/test';
import { en } from '../../web/src/i18n/en.ts';
import { zh } from '../../web/src/i18n/zh.ts';
import { ALARM_FLAGS, alarmTerminal, fleetVins } from './support/alarm-terminal.ts';
import { describeFindings, menuRoutes, seriousViolations } from './support/axe-scan.ts';
import { entityRoutes, openPath } from './support/crud-walk.ts';
import { listFeatures, ownScreens, representatives } from './support/representatives.ts';
import { picture } from './support/pictures.ts';
import { sharedIngestPort } from './support/ports.ts';
import { liveSocketOpen, recordSockets } from './support/socket.ts';
import { requireChromium, signInByApi } from './support/session.ts';

requireChromium();

/**
 * axe (WCAG 2 A/AA, critical and serious) on the routes of the menu (every kind of screen:
 * auditedRoutes below), in zh and en, in the default and the dark theme (each route in one of the
 * four in turn, so every audited route and every variant is audited; A11Y_EVERY_VARIANT=1: every
 * route in all four), with a live alarm card showing (raised by a terminal on the gateway's
 * ingest), a form and a confirmation open, and the live map's vehicle panel open. Each language
 * and theme is one browser context signed in once; they are independent, so workers may share them.
 */
test.describe.configure({ mode: 'parallel' });

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

async function expectNoSerious(page: Page, where: string, within?: string): Promise<void> {
  const found = await seriousViolations(page, where, within);
  if (found.length) console.log(describeFindings(found));
  expect(found.map((f) => `${f.where}: ${f.rule}`)).toEqual([]);
}

test('sign-in page, in the default and the dark theme', async ({ page }) => {
  await page.goto('/login');
  await expectNoSerious(page, '/login');
  await page.evaluate(() => localStorage.setItem('wdiov-themeName', JSON.stringify({ dataType: 'string', content: 'dark', datetime: Date.now() })));
  await page.reload();
  await expect(page.locator('html[data-theme="theme-dark"]')).toHaveCount(1);
  await expectNoSerious(page, 'dark /login');
});

const MESSAGES = { zh, en } as const;
/**
 * The vehicle whose alarm a variant raises: a vehicle already in alarm raises no new card, so each
 * variant, and each worker that signs in again after a failure, takes its own. Twenty apart:
 * keyboard.spec.ts raises alarms on the first ones, and a vehicle it adds shifts the list by one.
 */
const fleetIndex = (variant: number, worker: number) => 20 * (variant + 1) + (worker % 10);
const VARIANTS = [
  { language: 'zh', theme: 'default' },
  { language: 'en', theme: 'default' },
  { language: 'zh', theme: 'dark' },
  { language: 'en', theme: 'dark' },
] as const;
/** The live map is audited with a vehicle's panel open (its own test below). */
const LIVE_MAP = '/monitoring/map';
/**
 * The routes audited: every route that is not a generic entity screen, and of the generic ones
 * (web/src/crud: the same list, search bar and table for every definition) the fewest whose
 * search controls, column kinds and left-out buttons together are all those of every generic
 * screen (support/representatives.ts), as the crud walk chooses its screens. A generic screen
 * differs from another only by those kinds, so the rest audited the same markup again (two
 * thirds of this walk). A11Y_EVERY_VARIANT=1 audits every route.
 */
function auditedRoutes() {
  const all = menuRoutes().filter((r) => r.path !== LIVE_MAP);
  if (process.env.A11Y_EVERY_VARIANT === '1') return all;
  const own = ownScreens();
  const generic = new Map(entityRoutes().filter((r) => !own.has(r.entity.name)).map((r) => [r.path, r]));
  const kept = new Set(representatives([...generic.values()], (r) => listFeatures(r.entity, r.without, own)).map((r) => r.path));
  return all.filter((r) => !generic.has(r.path) || kept.has(r.path));
}
// Windows of their own (the large screen) are fresh loads, which drop the live cards: they go last.
const ROUTES = auditedRoutes().sort((a, b) => Number(a.window) - Number(b.window));
/**
 * A variant's routes: a quarter of them in turn. Languages change only texts, themes only colours
 * of the same shared components (the list, form, tree and shell), which every variant audits on
 * its quarter and on the form, confirmation and live map below.
 */
const routesOf = (variant: number) => (process.env.A11Y_EVERY_VARIANT === '1' ? ROUTES : ROUTES.filter((_, i) => i % VARIANTS.length === variant));
/** Screens kept as pictures of the dark theme (in the test's output folder) when asked for, to be looked at. */
const PICTURED = new Set(['/wel/index', '/base/vehicle', '/alarm/vehicleAlarm', '/remoteDiagnose/index']);
/**
 * A menu route is audited inside the console frame's content only: the frame around it (menu,
 * top bar, tabs, alarm cards) is the same component on every route and is audited whole, with
 * the page's document rules, by each variant's form test and by the live map test (last, with
 * the variant's route tabs open and the menu's last highlight). Auditing it again on each of the
 * hundred routes took a good part of this walk. Windows of their own have no frame and are
 * audited whole.
 */
const ROUTE_CONTENT = 'main.wd-content';
/**
 * The variants auditing the live map with the vehicle panel open: the map's page changes with a
 * language only in its texts and with a theme only in its colours, so one variant per language
 * and per theme (zh default, en dark) audits every text and every colour of it. The map page was
 * the slowest audit (software GL), four times over.
 */
const MAP_VARIANTS = new Set([0, 3]);
/** Pictures of the dark theme, when asked for (support/pictures.ts). */
const darkPicture = (page: Page, theme: string, name: string) => (theme === 'dark' ? picture(page, name) : undefined);

VARIANTS.forEach(({ language, theme }, index) => {
  test.describe(`every menu route in ${language}, ${theme} theme`, () => {
    // In order, in one worker; a failure restarts the worker (and signs in again) for the rest only.
    test.describe.configure({ mode: 'default' });
    const m = MESSAGES[language];
    let page: Page;
    test.beforeAll(async ({ browser }, info) => {
      test.setTimeout(120_000);
      const use = info.project.use;
      const context = await browser.newContext({ baseURL: use.baseURL, locale: use.locale, viewport: use.viewport });
      page = await context.newPage();
      await recordSockets(page);
      await signInByApi(page);
      await choose(page, { language, themeName: theme });
      await liveSocketOpen(page);
      // A live alarm card, on a vehicle of this variant's own (a vehicle's alarm raises one card).
      const [vin] = await fleetVins(page, { from: fleetIndex(index, info.workerIndex), count: 1 });
      const terminal = await alarmTerminal(sharedIngestPort());
      // Level 3: the pop-up keeps it open (levels 1 and 2 collapse to a notice after a while). One card
      // shows at a time and every session gets every card, so another variant's may be the one shown.
      await terminal.raise(vin, ALARM_FLAGS.insulation, 3);
      await expect(page.locator('.wd-alarm-dock .wd-alarm-card')).toBeVisible({ timeout: 20_000 });
      terminal.close();
    });
    test.afterAll(async () => {
      await page?.context().close();
    });

    test('with an alarm card, the add form and the delete confirmation open', async () => {
      await openPath(page, '/system/user');
      await settle(page);
      // Every signed-in session gets every card: the other variants' may be showing too.
      await expect(page.locator('.wd-alarm-card').first()).toBeVisible();
      const list = page.locator('section.wd-crud');
      // By keyboard, as a keyboard user works (the pop-up lies under the page, never over its buttons).
      await list.getByRole('toolbar').getByRole('button', { name: m.crudAdd, exact: true }).focus();
      await page.keyboard.press('Enter');
      const form = page.getByRole('dialog', { name: new RegExp(m.crudAdd) });
      await expect(form).toBeVisible();
      await expectNoSerious(page, `${language}/${theme} add form`);
      await darkPicture(page, theme, 'add-form');
      await page.keyboard.press('Escape');
      await expect(form).toBeHidden();
      await list.getByRole('row').nth(1).getByRole('button', { name: m.crudDelete }).focus();
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog', { name: m.commonTip }));
      await expect(confirm).toBeVisible();
      await expectNoSerious(page, `${language}/${theme} delete confirmation`);
      await confirm.getByRole('button', { name: m.commonCancel }).focus();
      await page.keyboard.press('Enter');
      await expect(confirm).toBeHidden();
    });

    for (const { path, window } of routesOf(index)) {
      test(path, async () => {
        // A window of its own is a fresh load of the address; the frame's pages are opened in place.
        if (window) await page.goto(path);
        else await openPath(page, path);
        await settle(page);
        await expectNoSerious(page, `${language}/${theme} ${path}`, ROUTE_CONTENT);
        if (PICTURED.has(path)) await darkPicture(page, theme, path.slice(1).replaceAll('/', '-'));
      });
    }

    if (MAP_VARIANTS.has(index) || process.env.A11Y_EVERY_VARIANT === '1') test("the live map with a vehicle's realtime panel open from the list", async () => {
      // The map draws on the CPU here (software GL): its page is the slowest to audit.
      test.setTimeout(180_000);
      if (page.url().includes('largeScreen')) await page.goto(LIVE_MAP);
      else await openPath(page, LIVE_MAP);
      await settle(page);
      // A vehicle (its name ends in the VIN), not an organisation.
      const item = page.getByRole('tree').getByRole('treeitem', { name: /[A-HJ-NPR-Z0-9]{17}/ }).first();
      await item.focus();
      await page.keyboard.press('Enter');
      const panel = page.getByRole('complementary', { name: m.monRealtime });
      await expect(panel).toBeFocused();
      await expectNoSerious(page, `${language}/${theme} live map, realtime panel`);
      await darkPicture(page, theme, 'live-map');
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await expect(item).toBeFocused();
    });
  });
});
