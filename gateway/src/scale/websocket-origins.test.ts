/**
 * The nats-server child's websocket listener takes pages of the console's own origins only, on the
 * address NATS_WS_HOST names: a page of another site cannot open it. Probed with real upgrades.
 * Without nats-server on PATH the listener tests skip with a printed reason, except under CI=true.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadEnv, testEnv } from '../env.ts';
import { natsServerAvailable, startNatsChild, type NatsChild } from '../bus/nats-child.ts';
import { setUpLiveFeed } from './live-feed.ts';
import { natsWsOrigins } from './websocket-origins.ts';

const natsAvailable = await natsServerAvailable();
const requireNats = process.env.CI === 'true';
if (!natsAvailable) console.warn(`nats-server not found on PATH: nats.ws origin tests ${requireNats ? 'will FAIL (CI=true)' : 'skipped'}`);

/** Opens the websocket as a browser on `origin` would (none: a client that is not a browser); the HTTP status of the upgrade. */
function upgrade(url: string, origin?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, origin ? { origin } : {});
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('error', reject);
  });
}

describe('the origins the nats.ws listener takes', () => {
  it('are the console\'s own: CONSOLE_URL, else this gateway\'s port at its addresses, unless NATS_WS_ORIGINS lists them', () => {
    expect(natsWsOrigins(testEnv({ CONSOLE_URL: 'https://fleet.example.com/console' }))).toEqual(['https://fleet.example.com']);
    expect(natsWsOrigins(testEnv({ NATS_WS_ORIGINS: 'https://a.example.com, http://b.example.com:8080/', CONSOLE_URL: 'https://c.example.com' })))
      .toEqual(['https://a.example.com', 'http://b.example.com:8080']);
    const local = natsWsOrigins(testEnv({ HOST: '127.0.0.1', PORT: '8080' }));
    expect(local).toContain('http://127.0.0.1:8080');
    expect(local).toContain('http://localhost:8080');
    expect(local.every((o) => /^http:\/\/(localhost|127\.0\.0\.1|\[::1\]):\d+$/.test(o))).toBe(true);
    expect(natsWsOrigins(testEnv({ HOST: '10.1.2.3', PORT: '80' }))).toEqual(['http://10.1.2.3']);
  });

  it('refuses a setting that is not a list of origins', () => {
    for (const bad of ['fleet.example.com', 'https://fleet.example.com/path', 'ftp://fleet.example.com', '*', 'http://localhost:8080,http://localhost:5173']) {
      expect(() => loadEnv({ NATS_WS_ORIGINS: bad }), bad).toThrow(/NATS_WS_ORIGINS/);
    }
  });
});

describe.runIf(natsAvailable || requireNats)('the nats.ws listener', () => {
  let dir = '';
  let child: NatsChild;
  let url = '';

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wdiov-natsws-origin-'));
    const setup = await setUpLiveFeed(testEnv({ NATS_SPAWN: 'on', HOST: '0.0.0.0', NATS_WS_HOST: '127.0.0.1', PORT: '8080' }), dir);
    child = await startNatsChild({ dataDir: join(dir, 'nats'), configFile: setup.childConfigFile });
    [url] = setup.feed!.servers(new URL('http://127.0.0.1:8080/'));
  });
  afterAll(async () => {
    await child?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('opens for the console\'s page and refuses a page of another origin', async () => {
    expect(await upgrade(url!, 'http://127.0.0.1:8080')).toBe(101);
    expect(await upgrade(url!, 'http://localhost:8080')).toBe(101);
    expect(await upgrade(url!, 'https://evil.example.com')).toBe(403);
    expect(await upgrade(url!, 'http://127.0.0.1:8081')).toBe(403);
  });

  it('listens on NATS_WS_HOST only', async () => {
    const outside = Object.values(networkInterfaces()).flatMap((l) => l ?? []).find((a) => a.family === 'IPv4' && !a.internal);
    if (!outside) return; // a machine with loopback only has no other address to try
    const port = new URL(url!).port;
    await expect(upgrade(`ws://${outside.address}:${port}`, 'http://127.0.0.1:8080')).rejects.toThrow(/ECONNREFUSED/);
  });
});
