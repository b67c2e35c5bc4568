import { expect, test, type Page } from '@playwright/test';
import { alarmTerminal } from './support/alarm-terminal.ts';
import { useLiveGateway } from './support/live-gateway.ts';
import { accessToken, authHeaders, requireChromium, signInByApi } from './support/session.ts';

requireChromium();

/**
 * The most severe alarm in the browser: a level-4 alarm (GB/T 32960's thermal-event level) from
 * a terminal on our own gateway's ingest pops up as the card shown, in its own colour, before the
 * lower-level cards that arrive before and after it, and the vehicle keeps its level 4 on the
 * live map (whose position socket is its own). Our gateway serves a build that exposes the map's
 * store (window.__liveStore), as live-map.spec.ts does.
 */
const CRITICAL_BORDER = 'rgb(168, 7, 26)'; // web/src/live/alarm-card-view.ts CRITICAL_COLOUR

const live = useLiveGateway();
/** The vehicle raised to level 4 by the first test. */
let critical = '';

test.describe.configure({ mode: 'serial' });

type Win = Window & { __liveStore?: { store: { slots: Map<string, number>; alarmLevel: Uint8Array } } };
const mapLevel = (page: Page, vin: string) => page.evaluate((v) => {
  const store = (window as Win).__liveStore?.store;
  const slot = store?.slots.get(v);
  return store && slot !== undefined ? store.alarmLevel[slot] : undefined;
}, vin);

test('a level-4 alarm shows its card first, in the critical colour', async ({ page }) => {
  await signInByApi(page, live.gateway.url);
  const token = await accessToken(page);
  const listed = await page.request.get(`${live.gateway.url}/api/wdiov-base/vehicle/page?current=1&size=3`, { headers: authHeaders(token) });
  const vins = ((await listed.json()) as { data: { records: { vin: string }[] } }).data.records.map((r) => r.vin);
  expect(vins).toHaveLength(3);
  const [before, raised, after] = vins as [string, string, string];
  critical = raised;

  const terminals = await alarmTerminal(live.ingestPort);
  const start = Date.now() - 20_000;
  // Insulation (bit 2) at level 2, then the thermal level 4, then SOC low (bit 4) at level 1.
  const raise = (vin: string, flags: number, maxLevel: number, at: number) => terminals.raise(vin, flags, maxLevel, at);
  const cards = page.locator('.wd-alarm-card');
  await raise(before, 1 << 2, 2, start);
  await expect(cards.filter({ hasText: before })).toBeVisible({ timeout: 20_000 });
  await raise(critical, 1 << 4, 4, start + 5_000);
  await expect(cards.filter({ hasText: critical })).toBeVisible({ timeout: 20_000 });
  await raise(after, 1 << 4, 1, start + 10_000);
  // One card shows at a time: the later, lower one waits behind the count of the others.
  await expect(page.locator('.wd-alarm-dock .wd-alarm-more')).toHaveText('还有 2 条', { timeout: 20_000 });

  await expect(cards.first()).toContainText(critical);
  await expect(cards.first()).toHaveCSS('border-top-color', CRITICAL_BORDER);
  // Acknowledged, the critical card gives way to the next most severe (level 2), in its own colour.
  await cards.first().getByRole('button', { name: '关闭' }).click();
  await expect(cards.filter({ hasText: before })).toBeVisible();
  await expect(cards.filter({ hasText: before })).not.toHaveCSS('border-top-color', CRITICAL_BORDER);
  terminals.close();
});

test('the live map keeps the level-4 vehicle at level 4', async ({ page }) => {
  expect(critical, 'the vehicle the first test raised').not.toBe('');
  await signInByApi(page, live.gateway.url);
  await page.goto(`${live.gateway.url}/monitoring/map`);
  await expect.poll(() => mapLevel(page, critical), { timeout: 30_000, message: `alarm level of ${critical} in the map's store` }).toBe(4);
});
