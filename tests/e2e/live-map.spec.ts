import { expect, test, type Page } from '@playwright/test';
import { entityByName } from '@wdiov/contracts/entities/registry';
import { Fleet } from '../../simulators/src/fleet.ts';
import { ApiRows } from './support/api-rows.ts';
import { dismissToasts, expectToast } from './support/crud-form.ts';
import { useLiveGateway } from './support/live-gateway.ts';
import { distanceM, fenceOnPath, fleetOptions, pixelOffset, predictPaths, type Point } from './support/live-sim.ts';
import { cardLatencies, moved, storeCount, watchCards } from './support/live-store-probe.ts';
import { requireChromium, signInByApi } from './support/session.ts';

requireChromium();

/**
 * The live path in the browser: our own gateway (known ingest port, a build that exposes
 * window.__liveStore) fed by the simulator running in this worker.
 */
const MAP_CENTRE: Point = [114.06, 22.54]; // web/src/map/map-settings.ts DEFAULT_CENTER, DEFAULT_ZOOM
const MAP_ZOOM = 10;
const FENCE_RADIUS_M = 150;

const live = useLiveGateway();

test.describe('with 50 simulated vehicles', () => {
  // Each step builds on the last: the fence is drawn before the fleet starts, records follow the run.
  test.describe.configure({ mode: 'serial' });
  let page: Page;
  let api: ApiRows;
  let fleet: Fleet | undefined;
  let fenced: { vin: string; name: string; atS: number; startedAt: number };

  test.beforeAll(async ({ browser }) => {
    // The console's users are in UTC+8, the gateway's default UTC_OFFSET_MIN (the pages read
    // times in the server's zone, so the browser's zone only changes what the operator sees).
    page = await browser.newPage({ baseURL: live.gateway.url, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 1280, height: 800 } });
    await signInByApi(page, live.gateway.url);
    api = await ApiRows.of(page, live.gateway.url);
  });
  test.afterAll(async () => {
    await fleet?.stop();
    await page?.close();
  });

  test('draws a circle fence on a simulated vehicle\'s path, binds it, starts the fleet', async () => {
    test.setTimeout(150_000);
    const options = fleetOptions(live.ingestPort);
    const paths = predictPaths(options, 120);
    await page.goto('/base/electronicFence/draw');
    const canvas = page.locator('.wd-fence-map canvas.maplibregl-canvas');
    await expect(canvas).toBeVisible({ timeout: 30_000 });
    const box = (await canvas.boundingBox())!;
    const at = (p: Point) => {
      const { dx, dy } = pixelOffset(MAP_CENTRE, MAP_ZOOM, p);
      return { x: box.width / 2 + dx, y: box.height / 2 + dy };
    };
    const inside = (p: Point) => {
      const { x, y } = at(p);
      return x > 80 && x < box.width - 80 && y > 80 && y < box.height - 80;
    };
    const site = fenceOnPath(paths, FENCE_RADIUS_M, [25, 60], inside);
    if (!site) throw new Error('no simulated vehicle passes a drawable point between 25 and 60 s');

    const name = `e2e-fence-${Date.now() % 100_000}`;
    // The shape buttons are enabled once the editor's map has loaded: slow while another browser worker runs.
    await page.locator('.p-selectbutton').getByText('圆形').click({ timeout: 60_000 });
    const radius = page.locator('label.wd-mon-field', { hasText: '半径' }).locator('input');
    await radius.click();
    await radius.press('ControlOrMeta+a');
    await radius.pressSequentially(String(FENCE_RADIUS_M));
    await radius.blur();
    await page.locator('input[name="fenceName"]').fill(name);
    const binder = page.locator('.wd-binder');
    await binder.getByRole('textbox', { name: '车牌号或 VIN' }).fill(site.vin);
    await binder.getByRole('button', { name: '搜索' }).click();
    await binder.locator('li', { hasText: site.vin }).getByRole('button', { name: '绑定' }).click();
    await expect(binder.getByRole('heading')).toHaveText('绑定车辆（1）');
    // The drawing controls are enabled once the map has loaded; click and save until the save is accepted.
    await expect(async () => {
      await dismissToasts(page);
      await canvas.click({ position: at(site.centre) });
      await page.getByRole('button', { name: '保存' }).click();
      await expectToast(page, '新增成功', undefined, 5_000);
    }).toPass({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/base\/electronicFence\/draw\?id=\d+/);

    // What was stored: a circle near the clicked point (a pixel is ~70 m at zoom 10, clicks land on whole
    // pixels), bound to the vehicle.
    const [fence] = (await api.page(entityByName('electronicFence')!, { fenceName_equal: name })).records;
    const geometry = (typeof fence?.geometry === 'string' ? JSON.parse(fence.geometry) : fence?.geometry) as { center: Point; radius: number };
    expect(Number(fence?.fenceType)).toBe(1);
    expect(geometry.radius).toBe(FENCE_RADIUS_M);
    expect(distanceM(geometry.center, site.centre)).toBeLessThan(150);
    const bindings = await api.page(entityByName('electronicFenceVehicle')!, { fenceId_equal: String(fence!.id) });
    expect(bindings.total).toBe(1);
    // The predicted drive still starts outside the drawn circle and enters it.
    const firstIn = site.path.findIndex((p) => distanceM(p, geometry.center) <= geometry.radius);
    expect(firstIn, 'predicted entry second').toBeGreaterThan(5);

    fleet = new Fleet(options);
    fleet.start();
    fenced = { vin: site.vin, name, atS: firstIn, startedAt: Date.now() };
    console.log(`live-map: fence ${name} r=${geometry.radius} m on ${site.vin}'s path, entry predicted ${firstIn} s after the start`);
  });

  test('the live map shows the vehicles moving', async () => {
    await page.goto('/monitoring/map');
    // The page loads, asks for nats.ws credentials, then (none here) starts its position socket's worker: a
    // minute, for a machine running the rest of the suite beside it.
    await expect.poll(() => storeCount(page), { timeout: 60_000, message: 'vehicles in window.__liveStore' }).toBeGreaterThanOrEqual(40);
    await expect(page.getByTestId('count-monCountTotal')).not.toHaveText('–');
    // Watched a second at a time until they move: a loaded machine may skip a batch or two.
    let movedCount = { vehicles: 0, version: { before: 0, after: 0 } };
    await expect
      .poll(async () => (movedCount = await moved(page, 1_000)).vehicles, { timeout: 30_000, message: 'vehicles whose position changed within a second' })
      .toBeGreaterThan(10);
    expect(movedCount.version.after).toBeGreaterThan(movedCount.version.before);
  });

  test('an alarm shows its card; "view now" opens the alarm list of that vehicle', async () => {
    // Cards pop up under every page but the live map, whose alarm inbox lists them instead.
    await page.goto('/wel');
    await watchCards(page);
    const cards = page.locator('.wd-alarm-card[aria-label="报警"]');
    await expect(cards.first()).toBeVisible({ timeout: 20_000 });
    // Card latency: the alarm's time (whole seconds, so up to 1 s too high) to the card showing.
    await expect.poll(async () => (await cardLatencies(page)).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(5);
    const latencies = (await cardLatencies(page)).sort((a, b) => a - b);
    console.log(JSON.stringify({ name: 'browser.live-map.alarm-card-latency', unit: 'ms', value: latencies[Math.floor((latencies.length - 1) / 2)] }));
    console.log(`  alarm card latencies (ms): ${latencies.join(', ')}`);
    // At this alarm rate the card shown gives way to a newer one within seconds: read the card
    // shown and press its button in one go, in the page.
    const fields = await cards.first().evaluate((el) => {
      const text = Object.fromEntries([...el.querySelectorAll('dl > div')].map((d) => [d.querySelector('dt')?.textContent ?? '', d.querySelector('dd')?.textContent ?? '']));
      [...el.querySelectorAll('button')].find((b) => b.textContent?.includes('立即查看'))!.click();
      return text;
    });
    const vin = fields.VIN!;
    await expect(page).toHaveURL((u) => u.pathname === '/alarm/vehicleAlarm' && u.searchParams.get('vin') === vin && Boolean(u.searchParams.get('alarmType')));
    const list = page.locator('section.wd-mon-page[aria-label="车辆告警"]');
    await expect(list.locator('.wd-mon-card-banner')).toBeVisible();
    await expect(list.locator('input[name="vin"]')).toHaveValue(vin);
    const rows = list.locator('tbody tr');
    // The card comes off the bus as the alarm is stored: refresh until the row is there.
    await expect(async () => {
      await list.getByRole('button', { name: '刷新' }).click();
      await expect(rows.filter({ hasText: vin }).first()).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    expect(await rows.count()).toBe(await rows.filter({ hasText: vin }).count());
  });

  test('the drawn fence records the vehicle\'s entry', async () => {
    const due = fenced.startedAt + (fenced.atS + 60) * 1000;
    await expect
      .poll(async () => {
        const { records } = await api.page(entityByName('fenceAccessRecord')!, { vin: fenced.vin, size: 50 });
        return records.some((r) => r.fenceName === fenced.name && Number(r.accessType) === 1);
      }, { timeout: Math.max(10_000, due - Date.now()), message: `entry of ${fenced.vin} into ${fenced.name}` })
      .toBe(true);
    await page.goto(`/fenceAccessRecord/index?vin=${fenced.vin}`);
    await expect(page.locator('tbody tr').filter({ hasText: fenced.name }).filter({ hasText: '进入' }).first()).toBeVisible();
  });

  test('track playback of a simulated vehicle reaches its end', async () => {
    await page.goto(`/trajectory/index?vin=${fenced.vin}`);
    const answered = page.waitForResponse((r) => r.url().includes('/historyTrack/historyTrackPlayback?'));
    await page.locator('.wd-track form').getByRole('button', { name: '搜索' }).click();
    const points = ((await (await answered).json()) as { data?: { points?: { time: string }[] } }).data?.points ?? [];
    expect(points.length, 'track points').toBeGreaterThan(10);
    await page.locator('.wd-track-controls .p-dropdown').click();
    await page.locator('.p-dropdown-panel li.p-dropdown-item', { hasText: /^60×$/ }).click();
    // At 60× a short track plays in well under a second, so the pause button may come and go between two looks:
    // the end state below (the last point's time, the handle at the end) is what shows the playback ran.
    await page.getByRole('button', { name: '播放' }).click();
    // Ended: the play button is back, the clock shows the last point's time, the handle is at the
    // end (PrimeReact puts the handle's percentage in aria-valuenow, not the value).
    await expect(page.getByRole('button', { name: '播放' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('track-time')).toHaveText(points.at(-1)!.time);
    await expect(page.locator('.wd-track-slider [role="slider"]')).toHaveAttribute('aria-valuenow', '100');
  });
});
