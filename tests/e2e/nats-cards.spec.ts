import { connect } from 'node:net';
import { expect, request, test, type Browser, type Page, type WebSocket } from '@playwright/test';
import { createUser } from '@nats-io/nkeys';
import { NATS_CREDENTIALS_PATH } from '@wdiov/contracts/nats/position-message';
import { alarmTerminal, ALARM_FLAGS, fleetVins } from './support/alarm-terminal.ts';
import { launchGateway, type Gateway } from './support/gateway.ts';
import { apiSignIn } from './support/operator.ts';
import { freePort } from './support/ports.ts';
import { accessToken, authHeaders, requireChromium, signIn } from './support/session.ts';

requireChromium();

/**
 * The console's shell over nats.ws: a gateway that starts its own nats-server (websocket listener,
 * operator mode) publishes each signed-in operator's alarm cards and forced logouts on their own
 * subject, and the console reads them there on its one nats.ws connection instead of the gateway's
 * online-user socket. A sign-in elsewhere (account.singleSession on) signs the older console out
 * and spares the newer one (whose subject is the same: the forced logout names the older key).
 */
const USER_SUBJECT = /SUB wdiov\.000000\.user\.\S+/;
const USER_MSG = /MSG wdiov\.000000\.user\.\S+ /;
const ONLINE_USER_SOCKET = '/api/wdiov-base/online-user/';

test.describe.configure({ mode: 'serial' });

let gateway: Gateway;
let ingestPort = 0;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  ingestPort = await freePort();
  gateway = await launchGateway({ env: { NATS_SPAWN: 'on', INGEST_PORT: String(ingestPort) } });
});

test('the first credentials the gateway hands out name the cards subject: no console keeps the socket for lack of it', async () => {
  // Asked as soon as the gateway answers at all (launchGateway waits for its health), before its
  // streaming may have started: what it will publish is decided before it takes requests.
  const api = await request.newContext();
  try {
    const token = await apiSignIn(api, gateway.url);
    const answer = await api.get(`${gateway.url}${NATS_CREDENTIALS_PATH}?publicKey=${createUser().getPublicKey()}`, { headers: authHeaders(token) });
    expect(((await answer.json()) as { data?: { cards?: string } | null }).data?.cards).toMatch(/^wdiov\.000000\.user\./);
  } finally {
    await api.dispose();
  }
});
test.afterAll(async () => {
  await gateway?.dispose();
});

/** Whether a TCP connection to this machine's `port` is taken. */
function listening(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => done(true)).once('error', () => done(false));
    socket.once('connect', () => socket.destroy());
  });
}

/** Each websocket a page opens: the nats.ws ones (not the gateway's), what they subscribe to and receive. */
function watchSockets(page: Page) {
  const sockets: { ws: WebSocket; userSubscribed: boolean; userMessages: string[]; closed: boolean }[] = [];
  page.on('websocket', (ws) => {
    const entry = { ws, userSubscribed: false, userMessages: [] as string[], closed: false };
    sockets.push(entry);
    const text = (payload: string | Buffer) => (typeof payload === 'string' ? payload : payload.toString('utf8'));
    ws.on('framesent', (f) => void (USER_SUBJECT.test(text(f.payload)) && (entry.userSubscribed = true)));
    ws.on('framereceived', (f) => void (USER_MSG.test(text(f.payload)) && entry.userMessages.push(text(f.payload))));
    ws.on('close', () => void (entry.closed = true));
  });
  const nats = () => sockets.filter((s) => new URL(s.ws.url()).port !== String(gateway.port));
  const onlineUser = () => sockets.filter((s) => s.ws.url().includes(ONLINE_USER_SOCKET));
  return { nats, onlineUser };
}

async function console_(browser: Browser) {
  const page = await browser.newPage({ baseURL: gateway.url, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const sockets = watchSockets(page);
  await signIn(page, gateway.url);
  return { page, ...sockets };
}

test('alarm cards reach the console over nats.ws, not the gateway\'s socket; a sign-in elsewhere signs out the older console only', async ({ browser }) => {
  test.setTimeout(150_000);
  const older = await console_(browser);
  await expect.poll(() => older.nats().filter((s) => s.userSubscribed).length, { timeout: 30_000, message: 'the shell subscribes to the user\'s subject on nats.ws' }).toBe(1);
  const [vin, later] = await fleetVins(older.page, { baseUrl: gateway.url, count: 2 });
  // Ingest listens once the gateway's streaming started, which may come after its first answers.
  await expect.poll(() => listening(ingestPort), { timeout: 90_000, message: 'the gateway\'s ingest listens' }).toBe(true);
  const terminal = await alarmTerminal(ingestPort);
  try {
    await terminal.raise(vin!, ALARM_FLAGS.insulation, 2);
    await expect(older.page.locator('.wd-alarm-card').filter({ hasText: vin! })).toBeVisible({ timeout: 30_000 });
    expect(older.nats()[0]!.userMessages.some((m) => m.includes(vin!)), 'the card came on nats.ws').toBe(true);
    expect(older.onlineUser(), 'the online-user socket is not opened while nats.ws serves').toEqual([]);

    // One session per account from now on: a second console signs in, the first is kicked.
    const token = await accessToken(older.page);
    const param = await older.page.request.post(`${gateway.url}/api/wdiov-system/param/submit`, {
      headers: authHeaders(token), data: { paramName: '单会话登录', paramKey: 'account.singleSession', paramValue: 'true' },
    });
    expect(((await param.json()) as { code: number }).code).toBe(200);
    const newer = await console_(browser);
    await expect(older.page, 'the older console is signed out').toHaveURL(/\/login/, { timeout: 30_000 });
    // Cards are live calls, not a backlog: the next one is raised once the newer console listens on nats.ws.
    await expect.poll(() => newer.nats().filter((s) => s.userSubscribed && !s.closed).length, { timeout: 30_000, message: 'the newer console subscribes to the user\'s subject on nats.ws' }).toBe(1);
    // The newer console stays signed in and keeps its cards on nats.ws (the forced logout named the older key only).
    await terminal.raise(later!, ALARM_FLAGS.insulation, 2);
    await expect(newer.page.locator('.wd-alarm-card').filter({ hasText: later! })).toBeVisible({ timeout: 30_000 });
    await expect(newer.page).toHaveURL(/\/wel\/index$/);
    expect(newer.nats().filter((s) => s.userSubscribed && !s.closed)).toHaveLength(1);
    await newer.page.close();
  } finally {
    terminal.close();
    await older.page.close();
  }
});
