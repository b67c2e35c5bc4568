import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { POSITION_SOCKET_PATH, SOCKET_PATH } from '@wdiov/contracts';
import { startSecurityServer, type SecurityServer } from './security-server.ts';

/**
 * The console's websocket takes small, rare messages: a big one closes it with 1009, a flood with 1008;
 * a user holds at most WS_MAX_SOCKETS_PER_USER of them open.
 */
let server: SecurityServer;
beforeAll(async () => {
  server = await startSecurityServer({ WS_MAX_MESSAGE_BYTES: '4096', WS_MAX_MESSAGES_PER_S: '10', WS_MAX_SOCKETS_PER_USER: '3' });
});
afterAll(() => server.stop());

async function openSocket(token = server.admin, path = SOCKET_PATH): Promise<WebSocket> {
  const url = `${server.base.replace('http', 'ws')}${path.replace(/\/$/, '')}?Wdiov-Auth=${encodeURIComponent(`bearer ${token}`)}`;
  const ws = new WebSocket(url);
  ws.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
  });
  return ws;
}
const closeCode = (ws: WebSocket) => new Promise<number>((r) => ws.once('close', (code) => r(code)));
const heartbeat = JSON.stringify({ code: 0, cmd: 1001, msg: 'ping', data: null, ts: 0 });

describe('the online-user socket', () => {
  it('keeps a socket that sends a few small messages', async () => {
    const ws = await openSocket();
    const pongs: string[] = [];
    ws.on('message', (m) => pongs.push(String(m)));
    for (let i = 0; i < 3; i++) ws.send(heartbeat);
    ws.send(JSON.stringify({ code: 0, cmd: 1301, msg: '', data: {}, ts: 0 }));
    await new Promise((r) => setTimeout(r, 300));
    expect(ws.readyState).toBe(WebSocket.OPEN);
    ws.close();
  });

  it('closes with 1009 on a message larger than the limit', async () => {
    const ws = await openSocket();
    const closed = closeCode(ws);
    ws.send('x'.repeat(10 * 1024 * 1024));
    expect(await closed).toBe(1009);
  });

  it('closes with 1008 on more messages per second than the limit', async () => {
    const ws = await openSocket();
    const closed = closeCode(ws);
    for (let i = 0; i < 50; i++) ws.send(heartbeat);
    expect(await closed).toBe(1008);
  });
});

describe('sockets per user', () => {
  it('refuses the user a socket past the cap with 1008 and the reason, other users still open theirs', async () => {
    const { token } = await server.userWithMenus('many-tabs', ['live_map']);
    const held = [await openSocket(token), await openSocket(token, POSITION_SOCKET_PATH), await openSocket(token)];
    const extra = await openSocket(token, POSITION_SOCKET_PATH);
    const refused = await new Promise<{ code: number; reason: string }>((r) => {
      extra.once('close', (code, reason) => r({ code, reason: String(reason) }));
      setTimeout(() => r({ code: 0, reason: 'still open after 3 s' }), 3000);
    });
    expect(refused).toEqual({ code: 1008, reason: 'too many sockets: at most 3 per user' });
    expect(held.map((ws) => ws.readyState)).toEqual([WebSocket.OPEN, WebSocket.OPEN, WebSocket.OPEN]);
    const other = await openSocket();
    await new Promise((r) => setTimeout(r, 200));
    expect(other.readyState).toBe(WebSocket.OPEN);
    // A closed one frees its place.
    const gone = closeCode(held[0]!);
    held[0]!.close();
    await gone;
    await new Promise((r) => setTimeout(r, 100));
    const again = await openSocket(token);
    await new Promise((r) => setTimeout(r, 200));
    expect(again.readyState).toBe(WebSocket.OPEN);
    for (const ws of [...held, other, again]) ws.close();
  });
});
