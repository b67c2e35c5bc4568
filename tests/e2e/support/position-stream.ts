import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Page } from '@playwright/test';
import { syntheticFleet } from '../../../web/src/live-store/synthetic-fleet.ts';

/** Like the gateway (socket-hub.ts MAX_BUFFERED): a browser this far behind misses frames. */
const MAX_BUFFERED = 8 * 1024 * 1024;
const WS_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

export interface PositionStream {
  url: string;
  sent: number;
  /** Frames not sent because the browser had not read the previous ones yet. */
  skipped: number;
  stop(): Promise<void>;
}

/** One unmasked server → client text frame (RFC 6455 §5.2). */
function textFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const n = payload.length;
  let head: Buffer;
  if (n < 126) head = Buffer.from([0x81, n]);
  else if (n < 65_536) head = Buffer.from([0x81, 126, n >> 8, n & 255]);
  else {
    head = Buffer.alloc(10);
    head[0] = 0x81;
    head[1] = 127;
    head.writeBigUInt64BE(BigInt(n), 2);
  }
  return Buffer.concat([head, payload]);
}

/**
 * A stand-in for the gateway's live position stream, so a browser test can drive the console's
 * real position channel (socket → decode → store → deck.gl) with a fleet larger than a simulator
 * can run: `count` synthetic vehicles moving at 1 Hz, each second sent as `framesPerSecond`
 * cmd-1300 text frames spread over the second (the gateway flushes every 250 ms: 4).
 * Client frames (the 1301 subscription) are read and ignored: streaming starts on connect.
 * No `ws` dependency: the handshake and server frames are a few lines.
 */
export async function startPositionStream(count: number, framesPerSecond: number): Promise<PositionStream> {
  const fleet = syntheticFleet(count);
  const clients = new Set<Socket>();
  const server: Server = createServer((_req, res) => res.writeHead(426).end());
  server.on('upgrade', (req, socket: Socket) => {
    const accept = createHash('sha1').update(`${req.headers['sec-websocket-key']}${WS_GUID}`).digest('base64');
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`);
    socket.on('data', () => undefined);
    socket.on('error', () => clients.delete(socket));
    socket.on('close', () => clients.delete(socket));
    clients.add(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const stream: PositionStream = { url: `ws://127.0.0.1:${port}/api/wdiov-base/live-position/`, sent: 0, skipped: 0, stop };

  const timers = new Set<NodeJS.Timeout>();
  const send = (text: string) => {
    const frame = textFrame(text);
    for (const socket of clients) {
      if (socket.writableLength > MAX_BUFFERED) stream.skipped++;
      else {
        socket.write(frame);
        stream.sent++;
      }
    }
  };
  const second = () => {
    if (clients.size === 0) return;
    const positions = fleet.next();
    const size = Math.ceil(count / framesPerSecond);
    for (let f = 0; f < framesPerSecond; f++) {
      const text = JSON.stringify({ code: 0, cmd: 1300, msg: '', ts: Date.now(), data: positions.slice(f * size, (f + 1) * size) });
      const timer = setTimeout(() => {
        timers.delete(timer);
        send(text);
      }, (f * 1000) / framesPerSecond);
      timers.add(timer);
    }
  };
  const tick = setInterval(second, 1000);

  async function stop(): Promise<void> {
    clearInterval(tick);
    timers.forEach(clearTimeout);
    clients.forEach((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  return stream;
}

interface ListenHook {
  store: { length: number; version: number };
  listen(url: string): void;
  listening?: { stats: { batches: number; positions: number; lastMs: number; maxMs: number; totalMs: number }; stop(): void };
}
type Win = Window & { __liveStore?: ListenHook };

/** Feeds the page's live store from `url` through the console's own position channel. */
export const listen = (page: Page, url: string) => page.evaluate((u) => (window as Win).__liveStore!.listen(u), url);

export const stopListening = (page: Page) => page.evaluate(() => (window as Win).__liveStore!.listening?.stop());

/** Store version (one per applied batch) and the listening feed's own timings (store write + layers). */
export const feedState = (page: Page) =>
  page.evaluate(() => {
    const live = (window as Win).__liveStore!;
    return { version: live.store.version, length: live.store.length, stats: { ...live.listening!.stats } };
  });
