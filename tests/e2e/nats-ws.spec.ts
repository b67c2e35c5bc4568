import { expect, test, type Page, type WebSocket } from '@playwright/test';
import { Fleet } from '../../simulators/src/fleet.ts';
import { launchGateway, type Gateway } from './support/gateway.ts';
import { fleetOptions } from './support/live-sim.ts';
import { freePort } from './support/ports.ts';
import { requireChromium, signInByApi } from './support/session.ts';

requireChromium();

/**
 * The live map fed by NATS over websockets: a gateway that starts its own nats-server (websocket
 * listener, operator mode) mints the signed-in operator's credentials; positions then come from
 * nats-server itself, not from the gateway's position socket. The credentials live 30 s here, so
 * the renewal (a second connection opened before the first is drained) happens during the spec.
 */
const CREDENTIALS_TTL_S = 30;
const POSITION_MSG = /MSG wdiov\.000000\.pos\.\S+ /;
const POSITION_SUB = /SUB wdiov\.000000\.pos\./;

let gateway: Gateway;
let fleet: Fleet | undefined;
let page: Page;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  const ingestPort = await freePort();
  gateway = await launchGateway({ env: { NATS_SPAWN: 'on', NATS_CREDENTIALS_TTL_S: String(CREDENTIALS_TTL_S), INGEST_PORT: String(ingestPort) } });
  fleet = new Fleet({ ...fleetOptions(ingestPort), vehicles: 10, alarmRate: 0 });
  fleet.start();
  page = await browser.newPage({ baseURL: gateway.url, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  await signInByApi(page, gateway.url);
});
test.afterAll(async () => {
  await fleet?.stop();
  await page?.close();
  await gateway?.dispose();
});

/**
 * Each websocket the page opens, with the position messages it received. The shell's own nats.ws
 * connection (cards and forced logouts on the user's subject) is told from the map's by what it subscribes to.
 */
function watchSockets(p: Page) {
  const sockets: { ws: WebSocket; positions: number; closed: boolean; subscribesPositions: boolean }[] = [];
  p.on('websocket', (ws) => {
    const entry = { ws, positions: 0, closed: false, subscribesPositions: false };
    sockets.push(entry);
    ws.on('framesent', (f) => {
      const text = typeof f.payload === 'string' ? f.payload : f.payload.toString('utf8');
      if (POSITION_SUB.test(text)) entry.subscribesPositions = true;
    });
    ws.on('framereceived', (f) => {
      const text = typeof f.payload === 'string' ? f.payload : f.payload.toString('utf8');
      if (POSITION_MSG.test(text)) entry.positions += text.split(POSITION_MSG).length - 1;
    });
    ws.on('close', () => void (entry.closed = true));
  });
  const nats = () => sockets.filter((s) => !new URL(s.ws.url()).pathname.startsWith('/api/') && s.subscribesPositions);
  return { sockets, nats };
}

test('a signed-in operator receives positions over nats.ws, and keeps them through a credential renewal', async () => {
  test.setTimeout(120_000);
  const { sockets, nats } = watchSockets(page);
  await page.goto('/monitoring/map');
  await expect.poll(() => nats().reduce((n, s) => n + s.positions, 0), { timeout: 30_000, message: 'positions on nats.ws' }).toBeGreaterThan(10);
  const [first] = nats();
  expect(new URL(first!.ws.url()).port).not.toBe(String(gateway.port));
  // The gateway's position socket is not used while nats.ws serves.
  expect(sockets.filter((s) => s.ws.url().includes('/live-position'))).toEqual([]);

  // Renewal at two thirds of the credentials' life: a new connection, then the old one drained.
  await expect.poll(() => nats().length, { timeout: CREDENTIALS_TTL_S * 1000, message: 'a second nats.ws connection' }).toBeGreaterThanOrEqual(2);
  const renewed = nats()[1]!;
  await expect.poll(() => first!.closed, { timeout: 10_000, message: 'the first connection closed' }).toBe(true);
  const before = renewed.positions;
  await expect.poll(() => renewed.positions, { timeout: 10_000, message: 'positions on the renewed connection' }).toBeGreaterThan(before + 10);
  // Past the first credentials' expiry: still the renewed connection, still no position socket.
  expect(nats().filter((s) => !s.closed)).toHaveLength(1);
  expect(sockets.filter((s) => s.ws.url().includes('/live-position'))).toEqual([]);
});
