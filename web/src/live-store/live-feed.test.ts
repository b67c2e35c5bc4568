import { afterEach, describe, expect, it, vi } from 'vitest';
import { Subject } from 'rxjs';
import type { LivePosition, ServerSocketMessage } from '@wdiov/contracts/live/socket-messages';
import { exposeForTests, startLiveFeed } from './live-feed';
import { LiveStore } from './live-store';
import { positionChannel } from './position-channel';

const p = (vin: string, ts: number): LivePosition => ({ vin, lng: 114, lat: 22, speed: 1, heading: 0, soc: 50, state: 1, alarmLevel: 0, ts });
const batch = (...data: LivePosition[]): ServerSocketMessage => ({ code: 0, cmd: 1300, msg: '', data, ts: 0 });

/** A WebSocket double: records what was sent, lets the test open, push and drop it. */
class FakeSocket {
  static OPEN = 1;
  readyState = 0;
  sent: Array<{ cmd: number; data: unknown }> = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  push(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

afterEach(() => vi.useRealTimers());

describe('live feed', () => {
  it('coalesces the stream into the store once per window and times each batch', () => {
    vi.useFakeTimers();
    const store = new LiveStore();
    const messages = new Subject<ServerSocketMessage>();
    const feed = startLiveFeed(store, messages, { windowMs: 200 });
    messages.next(batch(p('A', 1), p('B', 1)));
    messages.next(batch(p('A', 2)));
    expect(store.version).toBe(0);
    vi.advanceTimersByTime(200);
    expect(store.version).toBe(1);
    expect(store.length).toBe(2);
    expect(feed.stats).toMatchObject({ batches: 1, positions: 2 });
    feed.stop();
    messages.next(batch(p('C', 1)));
    vi.advanceTimersByTime(400);
    expect(store.length).toBe(2);
  });

  it('exposes the store on window in test builds', () => {
    const store = new LiveStore();
    const feed = startLiveFeed(store, new Subject());
    const unexpose = exposeForTests(store, feed);
    expect(window.__liveStore?.store).toBe(store);
    unexpose();
    expect(window.__liveStore).toBeUndefined();
    feed.stop();
  });
});

describe('position channel', () => {
  it('subscribes with cmd 1301 on open, passes only positions, unsubscribes with 1302 on leave', () => {
    const sockets: FakeSocket[] = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    const channel = positionChannel(() => {
      const ws = new FakeSocket();
      sockets.push(ws);
      return ws as unknown as WebSocket;
    });
    const got: ServerSocketMessage[] = [];
    const sub = channel.subscribe((m) => got.push(m));
    sockets[0].open();
    expect(sockets[0].sent[0]).toMatchObject({ cmd: 1301, data: {} });
    sockets[0].push(batch(p('A', 1)));
    sockets[0].push({ code: 0, cmd: 1200, msg: '', ts: 1, data: { type: 0, vin: 'A', espeed: 1, stime: 'x', duration: 1 } });
    sockets[0].push('garbage');
    expect(got.map((m) => m.cmd)).toEqual([1300]);
    sub.unsubscribe();
    expect(sockets[0].sent.at(-1)).toMatchObject({ cmd: 1302 });
    expect(sockets[0].closed).toBe(true);
    vi.unstubAllGlobals();
  });

  it('reconnects after a drop and subscribes again (the gateway resends the whole picture)', () => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    const sockets: FakeSocket[] = [];
    const channel = positionChannel(() => {
      const ws = new FakeSocket();
      sockets.push(ws);
      return ws as unknown as WebSocket;
    }, {}, 1000);
    const sub = channel.subscribe(() => undefined);
    sockets[0].open();
    sockets[0].onclose?.();
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(2);
    sockets[1].open();
    expect(sockets[1].sent[0]).toMatchObject({ cmd: 1301 });
    sub.unsubscribe();
    vi.unstubAllGlobals();
  });
});
