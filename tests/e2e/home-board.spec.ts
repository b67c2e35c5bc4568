import { expect, test, type Page } from '@playwright/test';
import { alarmTerminal, ALARM_FLAGS, fleetVins } from './support/alarm-terminal.ts';
import { launchGateway, type Gateway } from './support/gateway.ts';
import { picture } from './support/pictures.ts';
import { freePort } from './support/ports.ts';
import { liveSocketOpen, recordSockets } from './support/socket.ts';
import { accessToken, authHeaders, requireChromium, signInByApi } from './support/session.ts';

requireChromium();

/**
 * The home board and a card tell the truth from the first second: a card raised now reads its
 * location in words (the nearest own charging station, offline), the board counts it at once
 * from the stored alarms, and a reload keeps the count since sign-in. The spec has its own
 * gateway, so no other spec's cards reach it.
 */
test.describe.configure({ mode: 'serial' });

let gateway: Gateway;
let ingestPort = 0;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  ingestPort = await freePort();
  gateway = await launchGateway({ env: { INGEST_PORT: String(ingestPort) } });
});
test.afterAll(async () => {
  await gateway?.dispose();
});

const counter = (page: Page, key: string) => page.getByTestId(`wel-${key}`);

test('a card reads its location in words and the board counts it at once, across a reload', async ({ page }) => {
  test.setTimeout(180_000);
  await recordSockets(page);
  await signInByApi(page, gateway.url);
  await liveSocketOpen(page);
  const token = await accessToken(page);
  // 300 m east of where the terminal reports (the frames' default point).
  const station = await page.request.post(`${gateway.url}/api/wdiov-base/chargeStation/submit`, {
    headers: { ...authHeaders(token), 'content-type': 'application/json' },
    data: { stationName: '华强', stationCode: `HB-${Date.now()}`, lng: 114.060788, lat: 22.543099 },
  });
  expect((await station.json()).code).toBe(200);
  await expect(counter(page, 'alarms')).toHaveText('0');

  const [vin, second] = await fleetVins(page, { baseUrl: gateway.url, count: 2 });
  const terminal = await alarmTerminal(ingestPort);
  await terminal.raise(vin!, ALARM_FLAGS.insulation, 3);
  const card = page.locator('.wd-alarm-dock .wd-alarm-card');
  await expect(card).toContainText(/广东省深圳市 近 华强充电站 3\d\d m/, { timeout: 30_000 });
  await expect(counter(page, 'alarms')).toHaveText('1', { timeout: 15_000 });
  await picture(page, 'home-board-card-zh', { fullPage: true });

  await page.reload();
  await expect(counter(page, 'alarms')).toHaveText('1');
  await page.evaluate(() => localStorage.setItem('wdiov-language', JSON.stringify({ dataType: 'string', content: 'en', datetime: Date.now() })));
  await page.reload();
  await expect(page.getByText(/since you signed in at \d{4}-\d{2}-\d{2}/)).toBeVisible();
  await expect(counter(page, 'alarms')).toHaveText('1');
  await liveSocketOpen(page);
  try {
    await terminal.raise(second!, ALARM_FLAGS.insulation, 3);
  } finally {
    terminal.close();
  }
  await expect(card).toContainText(/3\d\d m from 华强 charging station, 广东省深圳市/, { timeout: 30_000 });
  await expect(counter(page, 'alarms')).toHaveText('2', { timeout: 15_000 });
  await picture(page, 'home-board-card-en', { fullPage: true });
});
