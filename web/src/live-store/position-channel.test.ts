import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LivePosition } from '@wdiov/contracts/live/socket-messages';
import { FakeWorkerPair, socketFactory } from './fake-sockets';
import type { PositionBatch } from './packed-positions';
import { positionChannel } from './position-channel';
import { threadTransport, workerTransport } from './position-transport';
import { servePositionSockets } from './position-worker-protocol';

const p = (vin: string, ts: number, lng = 114): LivePosition => ({ vin, lng, lat: 22, speed: 1, heading: 0, soc: 50, state: 1, alarmLevel: 0, ts });
const positions = (...data: LivePosition[]) => ({ code: 0, cmd: 1300, msg: '', data, ts: 0 });
const card = { code: 0, cmd: 1200, msg: '', ts: 1, data: { type: 0, vin: 'A', espeed: 1, stime: 'x', duration: 1 } };
const vinsOf = (b: PositionBatch) => Array.from(b.columns.ids.subarray(0, b.count), (id) => b.vins[id]);

afterEach(() => vi.useRealTimers());

describe('position channel on this thread (no Worker: jsdom)', () => {
  it('subscribes with cmd 1301 on open, passes only positions, unsubscribes with 1302 on leave', () => {
    const { sockets, create } = socketFactory();
    const channel = positionChannel(() => 'ws://gw/online-user/?token=t1', { transport: () => threadTransport(create) });
    const got: PositionBatch[] = [];
    const sub = channel.subscribe((b) => got.push(b));
    expect(sockets[0].url).toBe('ws://gw/online-user/?token=t1');
    sockets[0].open();
    expect(sockets[0].sent[0]).toMatchObject({ cmd: 1301, data: {} });
    sockets[0].push(positions(p('A', 1)));
    sockets[0].push(card);
    sockets[0].push('garbage');
    sockets[0].push(positions());
    expect(got.map(vinsOf)).toEqual([['A']]);
    sub.unsubscribe();
    expect(sockets[0].sent.at(-1)).toMatchObject({ cmd: 1302 });
    expect(sockets[0].closed).toBe(true);
  });

  it('reconnects after a drop with a fresh URL and subscribes again; ids survive the reconnect', () => {
    vi.useFakeTimers();
    const { sockets, create } = socketFactory();
    let token = 0;
    const channel = positionChannel(() => `ws://gw/?token=${++token}`, { transport: () => threadTransport(create), retryDelayMs: 1000 });
    const got: PositionBatch[] = [];
    const sub = channel.subscribe((b) => got.push(b));
    sockets[0].open();
    sockets[0].push(positions(p('A', 1)));
    sockets[0].drop();
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(2);
    expect(sockets[1].url).toBe('ws://gw/?token=2');
    sockets[1].open();
    expect(sockets[1].sent[0]).toMatchObject({ cmd: 1301 });
    sockets[1].push(positions(p('B', 2), p('A', 2)));
    expect(Array.from(got[1].columns.ids.subarray(0, 2))).toEqual([1, 0]);
    expect(got[1].vins).toBe(got[0].vins);
    sub.unsubscribe();
  });
});

describe('position channel through the worker protocol', () => {
  function setUp(retryDelayMs = 1000) {
    const pair = new FakeWorkerPair();
    const { sockets, create } = socketFactory();
    servePositionSockets(pair.scope, create);
    const channel = positionChannel(() => 'ws://gw/', { transport: () => workerTransport(() => pair.worker, create), retryDelayMs });
    const got: PositionBatch[] = [];
    return { pair, sockets, channel, got };
  }

  it('opens the socket in the worker and transfers each packed frame (its buffer moves, nothing is copied)', () => {
    const { pair, sockets, channel, got } = setUp();
    const sub = channel.subscribe((b) => got.push(b));
    pair.deliver();
    sockets[0].open();
    expect(sockets[0].sent[0]).toMatchObject({ cmd: 1301 });
    sockets[0].push(positions(p('A', 1, 1), p('B', 1, 2)));
    sockets[0].push(card);
    expect(pair.transfers).toHaveLength(1);
    const [buffer] = pair.transfers[0] as ArrayBuffer[];
    expect(buffer.byteLength).toBe(0); // detached on the worker's side: it was transferred
    pair.deliver();
    expect(got.map(vinsOf)).toEqual([['A', 'B']]);
    expect(Array.from(got[0].columns.lngLat.subarray(0, 4))).toEqual([1, 22, 2, 22]);
    sub.unsubscribe();
    pair.deliver();
    expect(sockets[0].sent.at(-1)).toMatchObject({ cmd: 1302 });
    expect(pair.terminated).toBe(true);
  });

  it('after a drop, reopens in the same worker; a frame from the old socket still counts for the ids only', () => {
    vi.useFakeTimers();
    const { pair, sockets, channel, got } = setUp();
    const sub = channel.subscribe((b) => got.push(b));
    pair.deliver();
    sockets[0].open();
    sockets[0].push(positions(p('A', 1)));
    sockets[0].drop();
    pair.deliver();
    expect(got).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    pair.deliver();
    expect(sockets).toHaveLength(2);
    sockets[1].open();
    sockets[1].push(positions(p('B', 2)));
    pair.deliver();
    expect(got.map(vinsOf)).toEqual([['A'], ['B']]);
    sub.unsubscribe();
  });

  it('ignores what the worker still sends for a connection it closed, but keeps its id list in step', () => {
    const pair = new FakeWorkerPair();
    const { sockets, create } = socketFactory();
    servePositionSockets(pair.scope, create);
    const transport = workerTransport(() => pair.worker, create);
    const first: PositionBatch[] = [];
    const second: PositionBatch[] = [];
    transport.open('ws://gw/', {}, { batch: (b) => first.push(b), closed: () => undefined });
    pair.deliver();
    sockets[0].open();
    // In flight while the main thread closes and reopens: the frame that announces A.
    sockets[0].push(positions(p('A', 1)));
    transport.close();
    transport.open('ws://gw/', {}, { batch: (b) => second.push(b), closed: () => undefined });
    pair.deliver();
    sockets[1].open();
    sockets[1].push(positions(p('B', 1), p('A', 2)));
    pair.deliver();
    expect(first).toHaveLength(0);
    expect(second.map(vinsOf)).toEqual([['B', 'A']]);
    expect(Array.from(second[0].columns.ids.subarray(0, 2))).toEqual([1, 0]);
    transport.dispose();
  });

  it('carries on on the main thread when the worker fails', () => {
    const { pair, sockets, channel, got } = setUp();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const sub = channel.subscribe((b) => got.push(b));
    pair.fail();
    expect(pair.terminated).toBe(true);
    expect(error).toHaveBeenCalled();
    // The worker never ran the open: the fallback opened its own socket at once.
    expect(sockets).toHaveLength(1);
    sockets[0].open();
    sockets[0].push(positions(p('A', 1)));
    expect(got.map(vinsOf)).toEqual([['A']]);
    sub.unsubscribe();
    expect(sockets[0].sent.at(-1)).toMatchObject({ cmd: 1302 });
    error.mockRestore();
  });
});
