import { describe, expect, it } from 'vitest';
import type { Layer } from '@deck.gl/core';
import type { LivePosition } from '@wdiov/contracts/live/socket-messages';
import { LayerHost } from '../map/layer-host';
import { LIVE_FACTORIES } from '../monitoring/LiveLayers';
import { LiveStore } from './live-store';
import { PackedFrameReader, type PackedFrame } from './packed-positions';
import { PackedWriter } from './packed-writer';
import { PositionPacker } from './position-packer';
import { syntheticFleet } from './synthetic-fleet';

const SECONDS = 12;
const WARM_UP = 3;

interface Stats {
  median: number;
  p95: number;
  max: number;
}
const stats = (ms: number[]): Stats => {
  const sorted = [...ms].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], p95: sorted[Math.floor(sorted.length * 0.95)], max: sorted[sorted.length - 1] };
};
const fmt = (s: Stats) => `median ${s.median.toFixed(2)} ms, p95 ${s.p95.toFixed(2)} ms, max ${s.max.toFixed(2)} ms`;

function liveMap() {
  const store = new LiveStore();
  let layers: Layer[] = [];
  const host = new LayerHost({ setProps: (p) => (layers = p.layers) }, store, LIVE_FACTORIES, { zoom: 12 });
  host.attach();
  return { store, layers: () => layers };
}

const frameOf = (data: LivePosition[], ts: number) => JSON.stringify({ code: 0, cmd: 1300, msg: '', ts, data });

const timed = (out: number[], record: boolean, work: () => void) => {
  const t = performance.now();
  work();
  if (record) out.push(performance.now() - t);
};

/**
 * Cost per update batch, N vehicles moving at 1 Hz, `framesPerSecond` gateway frames a second
 * (1: the whole fleet in one frame, the worst case, as after a reconnect; 4: the gateway's
 * 250 ms flushes). V8 under jsdom, no GPU: the attribute upload and draw are measured in
 * Chromium (tests/e2e/live-map-decode.bench.ts, `npm run bench`). Three ways to the same store:
 * - objects: the positions as objects, store write + layer rebuild (no text at all);
 * - one thread: the frame's text parsed and packed, then written (no Worker: jsdom);
 * - worker: the packing alone (the position worker's share), and what is left on the main
 *   thread: the transferred columns copied into the store, plus the layer rebuild.
 */
function measure(count: number, framesPerSecond: number) {
  const fleet = syntheticFleet(count);
  const objects = liveMap();
  const oneThread = liveMap();
  const main = liveMap();
  const inThread = { packer: new PositionPacker(), reader: new PackedFrameReader(), writer: new PackedWriter(oneThread.store) };
  const worker = new PositionPacker();
  const receiver = { reader: new PackedFrameReader(), writer: new PackedWriter(main.store) };
  const ms = { objects: [] as number[], oneThread: [] as number[], worker: [] as number[], main: [] as number[] };
  for (let second = 0; second < SECONDS + WARM_UP; second++) {
    const positions = fleet.next();
    const record = second >= WARM_UP;
    const size = Math.ceil(count / framesPerSecond);
    const parts = Array.from({ length: framesPerSecond }, (_, f) => positions.slice(f * size, (f + 1) * size));
    const frames = parts.map((part) => frameOf(part, second));
    for (let f = 0; f < framesPerSecond; f++) {
      timed(ms.objects, record, () => objects.store.apply(parts[f]));
      timed(ms.oneThread, record, () => {
        inThread.writer.write(inThread.reader.read(inThread.packer.pack(frames[f])!));
        oneThread.store.commit();
      });
      let packed: PackedFrame | null = null;
      timed(ms.worker, record, () => (packed = worker.pack(frames[f])));
      timed(ms.main, record, () => {
        receiver.writer.write(receiver.reader.read(packed!));
        main.store.commit();
      });
    }
  }
  for (const map of [objects, oneThread, main]) {
    expect(map.store.length).toBe(count);
    expect(map.layers()).toHaveLength(LIVE_FACTORIES.length);
  }
  // Same picture whichever way it came.
  const last = fleet.vins[count - 1];
  expect(main.store.vehicle(last)).toEqual(objects.store.vehicle(last));
  expect(main.store.positions.subarray(0, count * 2)).toEqual(objects.store.positions.subarray(0, count * 2));
  return { objects: stats(ms.objects), oneThread: stats(ms.oneThread), worker: stats(ms.worker), main: stats(ms.main) };
}

describe('live map main-thread cost per batch', () => {
  it.each([
    [10_000, 1],
    [10_000, 4],
    [50_000, 1],
    [50_000, 4],
  ])('%i vehicles at 1 Hz, %i frame(s) a second', { timeout: 120_000 }, (count, framesPerSecond) => {
    const r = measure(count, framesPerSecond);
    const label = `[perf] ${count} vehicles, ${count / framesPerSecond} per batch`;
    console.info(`${label} — objects (store write + layers): ${fmt(r.objects)}`);
    console.info(`${label} — one thread, no worker (parse + pack + store + layers): ${fmt(r.oneThread)}`);
    console.info(`${label} — position worker (parse + pack): ${fmt(r.worker)}`);
    console.info(`${label} — main thread with the worker (columns → store + layers): ${fmt(r.main)}`);
  });
});
