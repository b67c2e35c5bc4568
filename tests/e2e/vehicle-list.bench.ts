import { expect, test } from '@playwright/test';
import { ApiRows } from './support/api-rows.ts';
import type { Gateway } from './support/gateway.ts';
import { requireChromium, signIn } from './support/session.ts';
import { gatewayWithVehicles, report, timeToRows, type Shown } from './support/vehicle-list.ts';

requireChromium();

/**
 * The vehicle list at 100,000 rows, run by `npm run bench` (a figure per action, too noisy on a
 * shared two-core machine to hold to a limit): each action's rows are still checked against the
 * API. Paging, searching and sorting themselves are asserted in `npm test` by the web suite
 * (crud/CrudPage.test.tsx), the gateway's list tests and the entity walk (crud-walk.spec.ts).
 */
test.describe('vehicle list at 100,000 rows', () => {
  const ROWS = Number(process.env.E2E_VEHICLE_ROWS ?? 100_000);
  let gateway: Gateway;

  test.beforeAll(async () => {
    // Fill by SQL (~10 s) plus two gateway starts on a slow machine.
    test.setTimeout(240_000);
    gateway = await gatewayWithVehicles(ROWS);
  });
  test.afterAll(async () => {
    await gateway?.dispose();
  });

  // Figures are printed, not asserted (a shared 2-core machine is too noisy); the rows are checked.
  test('pages, filters and sorts in the browser', async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, gateway.url);
    const api = await ApiRows.of(page, gateway.url);
    const apiVins = async (params: Record<string, string | number>) =>
      (await api.get<{ records: { vin: string }[] }>('/api/wdiov-base/vehicle/page', { current: 1, size: 10, ...params })).records.map((r) => r.vin);
    const section = page.locator('section.wd-crud[aria-label="车辆"]');
    const menu = page.getByRole('complementary');
    await menu.getByRole('menuitem', { name: '基础数据' }).click();
    const open = await timeToRows(page, '车辆', () => menu.getByRole('menuitem').filter({ hasText: /^车辆$/ }).click(), () => true);
    expect(open.total).toBeGreaterThanOrEqual(ROWS);
    await expect(section.locator('.p-paginator-current')).toContainText(String(open.total));
    report('browser.vehicle-list.open', [open]);

    // Paging: pages 2 to 6 with the next button, then the last page (the deepest offset).
    const paging: Shown[] = [];
    for (let p = 2; p <= 6; p++) {
      const shown = await timeToRows(page, '车辆', () => section.locator('.p-paginator-next').click(), (u) => u.searchParams.get('current') === String(p));
      expect(shown.vins).toEqual(await apiVins({ current: p }));
      paging.push(shown);
    }
    report('browser.vehicle-list.page', paging);
    const lastPage = Math.ceil(open.total / 10);
    const last = await timeToRows(page, '车辆', () => section.locator('.p-paginator-last').click(), (u) => u.searchParams.get('current') === String(lastPage));
    expect(last.vins).toEqual(await apiVins({ current: lastPage }));
    report('browser.vehicle-list.page-last', [last]);

    // Filtering: a whole VIN (LIKE over every row) finds its one vehicle, from page 1 again.
    const filtering: Shown[] = [];
    for (const g of [7, 54_321, ROWS]) {
      const vin = `LBENCH${String(g).padStart(11, '0')}`;
      await section.locator('#search-vin').fill(vin);
      const shown = await timeToRows(page, '车辆', () => section.getByRole('button', { name: '搜索' }).click(), (u) =>
        u.searchParams.get('vin_like') === vin && u.searchParams.get('current') === '1');
      expect(shown).toMatchObject({ vins: [vin], total: 1 });
      filtering.push(shown);
    }
    report('browser.vehicle-list.filter', filtering);
    await timeToRows(page, '车辆', () => section.getByRole('button', { name: '清空' }).click(), (u) => !u.searchParams.has('vin_like'));

    // Sorting by a column header: VIN ascending, descending, then plate ascending.
    const sorting: Shown[] = [];
    const header = (name: string) => section.locator('th').filter({ hasText: name });
    for (const [name, params] of [['车架号', { ascs: 'vin' }], ['车架号', { descs: 'vin' }], ['车牌号', { ascs: 'plate_number' }]] as const) {
      const [key, value] = Object.entries(params)[0]!;
      const shown = await timeToRows(page, '车辆', () => header(name).click(), (u) => u.searchParams.get(key) === value);
      expect(shown.vins).toEqual(await apiVins(params));
      sorting.push(shown);
    }
    report('browser.vehicle-list.sort', sorting);
  });
});
