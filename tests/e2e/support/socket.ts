import { request } from 'node:http';
import { expect, type Page } from '@playwright/test';

export const SOCKET_PATH = '/api/wdiov-base/online-user/';

/**
 * Does the gateway complete a WebSocket handshake on the live channel? Answers with the status
 * it gave otherwise (a plain HTTP answer means the route is not there).
 */
export function probeSocket(baseUrl: string, token: string): Promise<{ upgraded: boolean; status?: number; type?: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}${SOCKET_PATH}?token=${encodeURIComponent(token)}`, {
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
      },
      timeout: 10_000,
    });
    req.on('upgrade', (_res, socket) => {
      socket.destroy();
      resolve({ upgraded: true });
    });
    req.on('response', (res) => {
      res.resume();
      resolve({ upgraded: false, status: res.statusCode, type: res.headers['content-type'] });
    });
    req.on('timeout', () => req.destroy(new Error('socket probe timed out')));
    req.on('error', reject);
    req.end();
  });
}

export interface SocketRecord {
  url: string;
  opened: boolean;
  closed: boolean;
}

/**
 * Records every WebSocket the page makes, with its open and close. Playwright's own
 * `websocket` event has no "open", and an open handshake is what reconnecting means.
 */
export async function recordSockets(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const Native = window.WebSocket;
    const records: SocketRecord[] = [];
    (window as unknown as { __sockets: SocketRecord[] }).__sockets = records;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        const record = { url: String(url), opened: false, closed: false };
        records.push(record);
        this.addEventListener('open', () => (record.opened = true));
        this.addEventListener('close', () => (record.closed = true));
      }
    };
  });
}

export function sockets(page: Page): Promise<SocketRecord[]> {
  return page.evaluate(() => (window as unknown as { __sockets: SocketRecord[] }).__sockets.map((s) => ({ ...s })));
}

/**
 * Waits until the page's online-user socket is open (recordSockets first, before the page loads).
 * Cards are live calls, not a backlog: one raised while the console is still connecting reaches nobody.
 */
export async function liveSocketOpen(page: Page): Promise<void> {
  await expect.poll(async () => (await sockets(page)).some((s) => s.url.includes(SOCKET_PATH) && s.opened && !s.closed), {
    timeout: 30_000, message: 'the console\'s online-user socket opens',
  }).toBe(true);
}
