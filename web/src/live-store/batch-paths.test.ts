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

/** Seconds of fleet fed: enough for every slot to be written, moved and drawn again. */
const SECONDS = 4;

function liveMap() {
  const store = new LiveStore();
  let layers: Layer[] = [];
  const host = new LayerHost({ setProps: (p) => (layers = p.layers) }, store, LIVE_FACTORIES, { zoom: 12 });
  host.attach();
  return { store, layers: () => layers };
}

const frameOf = (data: LivePosition[], ts: number) => JSON.stringify({ code: 0, cmd: 1300, msg: '', ts, data });

/**
 * N vehicles moving at 1 Hz, `framesPerSecond` gateway frames a second (1: the whole fleet in
 * one frame, as after a reconnect; 4: the gateway's 250 ms flushes), brought to the store three
 * ways that must draw the same picture:
 * - objects: the positions as objects, store write + layer rebuild (no text at all);
 * - one thread: the frame's text parsed and packed, then written (no Worker: jsdom);
 * - worker: the packing alone (the position worker's share), then the transferred columns
 *   copied into the store, plus the layer rebuild.
 * What each way costs is measured in Chromium at 10,000 and 50,000 vehicles
 * (tests/e2e/live-map-decode.bench.ts, `npm run bench`), not here: under jsdom and a loaded
 * machine the times said nothing a test could hold.
 */
function feedThreeWays(count: number, framesPerSecond: number) {
  const fleet = syntheticFleet(count);
  const objects = liveMap();
  const oneThread = liveMap();
  const main = liveMap();
  const inThread = { packer: new PositionPacker(), reader: new PackedFrameReader(), writer: new PackedWriter(oneThread.store) };
  const worker = new PositionPacker();
  const receiver = { reader: new PackedFrameReader(), writer: new PackedWriter(main.store) };
  for (let second = 0; second < SECONDS; second++) {
    const positions = fleet.next();
    const size = Math.ceil(count / framesPerSecond);
    const parts = Array.from({ length: framesPerSecond }, (_, f) => positions.slice(f * size, (f + 1) * size));
    const frames = parts.map((part) => frameOf(part, second));
    for (let f = 0; f < framesPerSecond; f++) {
      objects.store.apply(parts[f]!);
      inThread.writer.write(inThread.reader.read(inThread.packer.pack(frames[f]!)!));
      oneThread.store.commit();
      const packed: PackedFrame = worker.pack(frames[f]!)!;
      receiver.writer.write(receiver.reader.read(packed));
      main.store.commit();
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
  expect(oneThread.store.positions.subarray(0, count * 2)).toEqual(objects.store.positions.subarray(0, count * 2));
}

describe('live map batches, whichever way they reach the store', () => {
  it.each([
    [2_000, 1],
    [2_000, 4],
  ])('%i vehicles at 1 Hz, %i frame(s) a second: the same store and layers', (count, framesPerSecond) => {
    feedThreeWays(count, framesPerSecond);
  });
});
