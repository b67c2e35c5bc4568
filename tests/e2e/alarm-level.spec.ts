import { expect, test } from '@playwright/test';
import { Command } from '@wdiov/contracts/protocol/index';
import { loginFrame, realtimeFrame } from '../../gateway/test/gbt-frames.ts';
import { terminal, until } from '../../gateway/test/terminal-client.ts';
import { launchGateway, type Gateway } from './support/gateway.ts';
import { freePort } from './support/ports.ts';
import { accessToken, authHeaders, requireChromium, signIn } from './support/session.ts';

requireChromium();

/**
 * The most severe alarm in the browser: a level-4 alarm (GB/T 32960's thermal-event level) from
 * a terminal on our own gateway's ingest pops up as a card, in its own colour, above the
 * lower-level cards that arrive before and after it.
 */
const CRITICAL_BORDER = 'rgb(168, 7, 26)'; // web/src/live/alarm-card-view.ts CRITICAL_COLOUR

let gateway: Gateway;
let ingestPort: number;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  ingestPort = await freePort();
  gateway = await launchGateway({ env: { INGEST_PORT: String(ingestPort) } });
});
test.afterAll(async () => {
  await gateway?.dispose();
});

test('a level-4 alarm shows its card on top, in the critical colour', async ({ page }) => {
  await signIn(page, gateway.url);
  const token = await accessToken(page);
  const listed = await page.request.get(`${gateway.url}/api/wdiov-base/vehicle/page?current=1&size=3`, { headers: authHeaders(token) });
  const vins = ((await listed.json()) as { data: { records: { vin: string }[] } }).data.records.map((r) => r.vin);
  expect(vins).toHaveLength(3);
  const [before, critical, after] = vins as [string, string, string];

  const t = terminal(ingestPort);
  await t.ready;
  const start = Date.now() - 20_000;
  // Insulation (bit 2) at level 2, then the thermal level 4, then SOC low (bit 4) at level 1.
  const raise = async (vin: string, flags: number, maxLevel: number, at: number) => {
    t.send(loginFrame(vin, at));
    await until(() => t.answers.find((a) => a.ok && a.frame.vin === vin && a.frame.command === Command.vehicleLogin), 10_000);
    for (let i = 0; i < 2; i++) t.send(realtimeFrame({ vin, at: at + i * 1000, flags, maxLevel }));
  };
  const cards = page.locator('.wd-alarm-card');
  await raise(before, 1 << 2, 2, start);
  await expect(cards.filter({ hasText: before })).toBeVisible({ timeout: 20_000 });
  await raise(critical, 1 << 4, 4, start + 5_000);
  await expect(cards.filter({ hasText: critical })).toBeVisible({ timeout: 20_000 });
  await raise(after, 1 << 4, 1, start + 10_000);
  await expect(cards.filter({ hasText: after })).toBeVisible({ timeout: 20_000 });

  await expect(cards.first()).toContainText(critical);
  await expect(cards.first()).toHaveCSS('border-top-color', CRITICAL_BORDER);
  await expect(cards.filter({ hasText: before })).not.toHaveCSS('border-top-color', CRITICAL_BORDER);
  t.socket.destroy();
});
