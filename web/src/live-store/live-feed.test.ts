import { afterEach, describe, expect, it, vi } from 'vitest';
import { Subject } from 'rxjs';
import type { LivePosition, ServerSocketMessage } from '@wdiov/contracts/live/socket-messages';
import type { PositionUpdate } from './coalesce';
import { exposeForTests, startLiveFeed } from './live-feed';
import { LiveStore } from './live-store';
import { PackedFrameReader } from './packed-positions';
import { PositionPacker } from './position-packer';

const p = (vin: string, ts: number, lng = 114): LivePosition => ({ vin, lng, lat: 22, speed: 1, heading: 0, soc: 50, state: 1, alarmLevel: 0, ts });
const batch = (...data: LivePosition[]): ServerSocketMessage => ({ code: 0, cmd: 1300, msg: '', data, ts: 0 });

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
    expect(feed.stats).toMatchObject({ batches: 1, positions: 3 });
    feed.stop();
    messages.next(batch(p('C', 1)));
    vi.advanceTimersByTime(400);
    expect(store.length).toBe(2);
  });

  it('takes packed batches from the worker and messages alike, in order, one commit per window', () => {
    vi.useFakeTimers();
    const store = new LiveStore();
    const updates = new Subject<PositionUpdate>();
    const feed = startLiveFeed(store, updates, { windowMs: 200 });
    const packer = new PositionPacker();
    const reader = new PackedFrameReader();
    const packed = (...data: LivePosition[]) => reader.read(packer.pack(JSON.stringify(batch(...data)))!);
    updates.next(packed(p('A', 1, 1), p('B', 1, 1)));
    updates.next(batch(p('A', 2, 2)));
    updates.next(packed(p('B', 3, 3), p('C', 1, 1)));
    updates.next({ code: 0, cmd: 1001, msg: 'pong', data: undefined, ts: 0 });
    vi.advanceTimersByTime(200);
    expect(store.version).toBe(1);
    expect([store.vehicle('A')?.lng, store.vehicle('B')?.lng, store.vehicle('C')?.lng]).toEqual([2, 3, 1]);
    expect(feed.stats).toMatchObject({ batches: 1, positions: 5 });
    feed.stop();
  });

  it('pushes a synthetic batch through the same write and commit, timed', () => {
    const store = new LiveStore();
    const feed = startLiveFeed(store, new Subject());
    feed.push([p('A', 1), p('B', 1)]);
    feed.push([]);
    expect(store.version).toBe(1);
    expect(feed.stats).toMatchObject({ batches: 1, positions: 2 });
    feed.stop();
  });

  it('exposes the store on window in test builds', () => {
    const store = new LiveStore();
    const feed = startLiveFeed(store, new Subject());
    const unexpose = exposeForTests(store, feed);
    expect(window.__liveStore?.store).toBe(store);
    expect(window.__liveStore?.listen).toBeTypeOf('function');
    unexpose();
    expect(window.__liveStore).toBeUndefined();
    feed.stop();
  });
});
