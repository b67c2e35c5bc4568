import { randomBytes } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { entities } from '@wdiov/contracts/entities/registry';
import { Fleet } from '../../simulators/src/fleet.ts';
import { ApiRows } from './support/api-rows.ts';
import { openPath } from './support/crud-walk.ts';
import { dismissToasts, expectToast, setControl } from './support/crud-form.ts';
import { useLiveGateway } from './support/live-gateway.ts';
import { fleetOptions } from './support/live-sim.ts';
import { picture } from './support/pictures.ts';
import { requireChromium, signInByApi } from './support/session.ts';
import { keepOffline, startTileServer } from './support/tile-server.ts';
import { SHIFT_WORDS, type ShiftWords } from './support/shift-words.ts';

requireChromium();

/**
 * An operator's shift, once in Chinese and once in English: 200 vehicles driving with alarms
 * arriving, the live map on a street basemap (a local tile server standing in for AMap, nothing
 * else leaves the machine), a vehicle followed, alarms handled from a card and from the inbox, a
 * seeded vehicle edited, vehicles imported from a spreadsheet, a dispatch with its vehicle picked
 * by plate, a vehicle's position shared. Every click must reach its target (Playwright fails a
 * click another element would take) and no runtime error may be logged.
 */
const live = useLiveGateway();
const RUN = randomBytes(3).toString('hex').toUpperCase().replace(/[IOQ]/g, '7');
const vinOf = (lang: string, n: number) => `LSH${lang === 'zh' ? 'Z' : 'E'}${RUN}${String(n).padStart(13 - RUN.length, '0')}`;

test.describe('a monitoring operator\'s shift', () => {
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  let api: ApiRows;
  let fleet: Fleet | undefined;
  let tiles: Awaited<ReturnType<typeof startTileServer>>;
  const errors: string[] = [];
  let escaped: string[] = [];
  let driver = '';

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(180_000);
    tiles = await startTileServer();
    page = await browser.newPage({ baseURL: live.gateway.url, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 1440, height: 900 } });
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
    escaped = await keepOffline(page, [live.gateway.url, tiles.origin]);
    await signInByApi(page, live.gateway.url);
    api = await ApiRows.of(page, live.gateway.url);
    for (const [paramKey, paramValue] of [['map.basemap', 'amap-road'], ['map.tileOrigin', tiles.origin]]) {
      const { records } = await api.get<{ records: { id: string }[] }>('/api/wdiov-system/param/list', { paramKey: paramKey! });
      await api.post('/api/wdiov-system/param/submit', { ...(records[0] ? { id: records[0].id } : {}), paramName: paramKey, paramKey, paramValue });
    }
    // The console's CSP names the tile origin from these params (read after the write): a fresh load takes it.
    await expect.poll(async () => (await page.request.get('/wel/index')).headers()['content-security-policy'] ?? '', { message: 'the CSP allows the tile origin' }).toContain(tiles.origin);
    await page.goto('/wel/index');
    driver = `司机${RUN}`;
    await api.create(entities.driver, { driverName: driver });
    fleet = new Fleet({ ...fleetOptions(live.ingestPort), vehicles: 200, alarmRate: 20, rampS: 10 });
    fleet.start();
  });
  test.afterAll(async () => {
    await fleet?.stop();
    await page?.close();
    await tiles?.close();
  });

  for (const lang of ['zh', 'en'] as const) {
    const w: ShiftWords = SHIFT_WORDS[lang];

    test(`${lang}: monitors the fleet on the street map and follows a vehicle`, async () => {
      test.setTimeout(120_000);
      if (lang === 'en') {
        await page.getByRole('banner').getByRole('group', { name: '语言' }).getByRole('button', { name: 'English' }).click();
        await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      }
      await openPath(page, '/monitoring/map');
      await expect(page.locator('.wd-map canvas.maplibregl-canvas')).toBeVisible({ timeout: 30_000 });
      await expect.poll(() => tiles.requests.some((r) => r.startsWith('/appmaptile')), { message: 'AMap road tiles asked for', timeout: 30_000 }).toBe(true);
      const plate = await seededPlate(api);
      await page.getByRole('textbox', { name: w.searchVehicle }).fill(plate);
      await page.locator('.wd-live-tree .wd-tree-plate', { hasText: plate }).first().click();
      await page.getByRole('button', { name: w.follow, exact: true }).click();
      await expect(page.getByRole('button', { name: w.unfollow })).toBeVisible();
      await picture(page, `shift-${lang}-map-follow`);
      await page.getByRole('button', { name: w.unfollow }).click();
      await expect(page.getByRole('button', { name: w.follow, exact: true })).toBeVisible();
    });

    test(`${lang}: handles an alarm from its card, and one from the inbox`, async () => {
      test.setTimeout(150_000);
      // The live map lists alarms in its inbox; elsewhere they come as the pop-up card.
      await openPath(page, '/base/vehicle');
      const card = page.locator('.wd-alarm-card').first();
      await expect(card).toBeVisible({ timeout: 90_000 });
      // Cards keep arriving: the one clicked may have replaced the one first seen, so its vehicle is read from where it led.
      await card.getByRole('button', { name: w.viewNow }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/alarm/vehicleAlarm' && /^[A-HJ-NPR-Z0-9]{17}$/.test(url.searchParams.get('vin') ?? ''));
      const vin = new URL(page.url()).searchParams.get('vin')!;
      const list = page.locator('main section').first();
      await expect(list.locator('tbody tr').first()).toContainText(vin);
      const open = list.locator('tbody tr').filter({ hasNotText: w.handled }).first();
      await open.locator('.p-checkbox').first().click();
      await list.getByRole('button', { name: w.handle, exact: true }).click();
      await handleIn(page.getByRole('dialog', { name: w.handle }), w, `${w.remark} ${RUN}`);
      await expectToast(page, w.handledOne);
      await expect(list.getByText(`${w.remark} ${RUN}`).first()).toBeVisible();

      await openPath(page, '/monitoring/map');
      const inbox = page.getByRole('region', { name: w.inbox });
      // The inbox keeps the state it was left in: opened on this shift's first visit, it is still open.
      if (!(await inbox.evaluate((el) => el.classList.contains('is-open')))) await inbox.getByText(w.inbox, { exact: false }).first().click();
      const item = inbox.getByRole('button', { name: w.handle, exact: true }).first();
      await expect(item).toBeVisible({ timeout: 60_000 });
      await item.click();
      await handleIn(page.getByRole('dialog', { name: w.handle }), w, `${w.remark} ${RUN}`);
      await expectToast(page, w.handledOne);
      await picture(page, `shift-${lang}-inbox`);
    });

    test(`${lang}: edits a seeded vehicle and imports vehicles from a spreadsheet`, async () => {
      test.setTimeout(120_000);
      await openPath(page, '/base/vehicle');
      const section = screenOf(page, entities.vehicle.title[lang]);
      const row = section.locator('tbody tr').first();
      await dismissToasts(page);
      await row.getByRole('button', { name: w.edit, exact: true }).click();
      const form = page.getByRole('dialog').filter({ has: page.locator('form.wd-crud-form') });
      await form.locator('#crud-color').fill(`${w.colour}${RUN}`);
      await form.getByRole('button', { name: w.submit, exact: true }).click();
      await expectToast(page, w.updated, form);
      await expect(form).toBeHidden();

      await section.getByRole('button', { name: w.import, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: w.importTitle });
      const header = lang === 'zh' ? '车架号,车牌号,车型,所属组织,能源类型' : 'VIN,Plate number,Vehicle model,Organisation,Energy type';
      const lines = [1, 2].map((n) => `${vinOf(lang, n)},,演示纯电动物流车,演示车队,`);
      await dialog.locator('input[type=file]').setInputFiles({ name: 'vehicles.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${[header, ...lines].join('\r\n')}\r\n`) });
      await expect(dialog.getByText(w.importSummary)).toBeVisible();
      await dialog.getByRole('button', { name: w.importConfirm, exact: true }).click();
      await expect(dialog.getByText(w.imported)).toBeVisible();
      await picture(page, `shift-${lang}-import`);
      // The footer's close (the header's icon bears the same name).
      await dialog.locator('.p-dialog-footer').getByRole('button', { name: w.close, exact: true }).click();
      await expect(dialog).toBeHidden();
    });

    test(`${lang}: dispatches a vehicle picked by its plate, and shares a vehicle's position`, async () => {
      test.setTimeout(120_000);
      const plate = await seededPlate(api);
      await openPath(page, '/vehteam/dispatch');
      const section = screenOf(page, entities.dispatch.title[lang]);
      await dismissToasts(page);
      await section.getByRole('toolbar').getByRole('button', { name: w.add, exact: true }).click();
      const form = page.getByRole('dialog').filter({ has: page.locator('form.wd-crud-form') });
      const dispatchNo = `PC-${lang}-${RUN}`;
      await form.locator('#crud-dispatchNo').fill(dispatchNo);
      await pickByText(page, form.locator('#crud-vehicleId'), plate);
      await pickByText(page, form.locator('#crud-driverId'), driver);
      await setControl(page, form.locator('#crud-planStart'), '2026-12-03 08:00:00');
      await form.getByRole('button', { name: w.submit, exact: true }).click();
      await expectToast(page, w.added, form);
      await expect(section.locator('tbody tr', { hasText: dispatchNo })).toContainText(plate);

      await openPath(page, '/base/vehicle');
      await screenOf(page, entities.vehicle.title[lang]).locator('tbody tr').first().getByRole('button', { name: w.share }).click();
      const share = page.getByRole('dialog', { name: new RegExp(`^${w.share} · `) });
      await share.getByRole('button', { name: w.createLink }).click();
      await expect(share.getByRole('textbox', { name: w.shareLink })).toHaveValue(/\/share\/vehicle\?share=/);
      await picture(page, `shift-${lang}-share`);
      await share.getByRole('button', { name: w.revoke }).first().click();
      await expect(share.getByText(w.revoked).first()).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(share).toBeHidden();
    });
  }

  test('the whole shift logged no runtime error and reached nothing off the machine', async () => {
    expect(errors).toEqual([]);
    expect(escaped).toEqual([]);
  });
});

/**
 * A list screen by its title, once it shows answered rows: until the new screen's chunk loads the
 * screen being left is still shown, and a click would land on its buttons.
 */
function screenOf(page: Page, title: string): Locator {
  const section = page.locator(`section.wd-crud[aria-label="${title}"]`).first();
  return section.filter({ has: page.locator('tbody tr') }).filter({ hasNot: page.locator('.p-skeleton') });
}

/** The plate of a vehicle of the seeded fleet (the shift's imported vehicles have none). */
async function seededPlate(api: ApiRows): Promise<string> {
  const [vehicle] = (await api.page(entities.vehicle, { size: 1, plateNumber_like: '粤' })).records;
  return String(vehicle!.plateNumber);
}

/** Handles in a handle dialog: a blank remark is refused first, then the remark given is taken. */
async function handleIn(dialog: Locator, w: ShiftWords, remark: string) {
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: w.submit, exact: true }).click();
  await expect(dialog).toContainText(w.remarkRequired);
  await dialog.getByRole('textbox').fill(remark);
  await dialog.getByRole('button', { name: w.submit, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** Opens a reference select, types into its filter and chooses the option showing `text`. */
async function pickByText(page: Page, input: Locator, text: string) {
  await input.locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " p-dropdown ")][1]').click();
  const panel = page.locator('.p-dropdown-panel').last();
  await expect(panel).toBeVisible();
  await panel.locator('.p-dropdown-filter').fill(text);
  await panel.locator('li.p-dropdown-item', { hasText: text }).first().click();
  await expect(panel).toBeHidden();
}
