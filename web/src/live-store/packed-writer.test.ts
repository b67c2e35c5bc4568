import { describe, expect, it } from 'vitest';
import type { LivePosition } from '@wdiov/contracts/live/socket-messages';
import { LiveStore } from './live-store';
import { PackedFrameReader, type PositionBatch } from './packed-positions';
import { PackedWriter } from './packed-writer';
import { PositionPacker } from './position-packer';
import { syntheticFleet } from './synthetic-fleet';

const p = (vin: string, over: Partial<LivePosition> = {}): LivePosition => ({
  vin, lng: 114, lat: 22.5, speed: 30, heading: 90, soc: 80, state: 1, alarmLevel: 0, ts: 1000, ...over,
});

/** A packer and its reader, as the worker and the main thread hold them. */
function wire() {
  const packer = new PositionPacker();
  const reader = new PackedFrameReader();
  return (data: LivePosition[]): PositionBatch => reader.read(packer.pack(JSON.stringify({ code: 0, cmd: 1300, msg: '', ts: 1, data }))!);
}

const columns = (s: LiveStore) => ({
  positions: s.positions.subarray(0, s.length * 2), colours: s.colours.subarray(0, s.length * 4), heading: s.heading.subarray(0, s.length),
  angles: s.angles.subarray(0, s.length), speed: s.speed.subarray(0, s.length), soc: s.soc.subarray(0, s.length),
  state: s.state.subarray(0, s.length), alarmLevel: s.alarmLevel.subarray(0, s.length), ts: s.ts.subarray(0, s.length), vins: s.vins.slice(0, s.length),
});

describe('packed writer', () => {
  it('leaves the store exactly as writing the same positions as objects does', () => {
    const fleet = syntheticFleet(3000);
    const byObjects = new LiveStore(16);
    const byColumns = new LiveStore(16);
    const writer = new PackedWriter(byColumns);
    const send = wire();
    for (let second = 0; second < 3; second++) {
      const positions = fleet.next();
      // Two frames a second, the second half first: slots follow first sight, not VIN order.
      for (const part of [positions.slice(1500), positions.slice(0, 1500)]) {
        byObjects.write(part);
        writer.write(send(part));
      }
    }
    expect(byColumns.length).toBe(3000);
    expect(columns(byColumns)).toEqual(columns(byObjects));
    expect(byColumns.slotOf(fleet.vins[1500])).toBe(0);
  });

  it('keeps the newest terminal time and lets a later write win a tie', () => {
    const store = new LiveStore();
    const writer = new PackedWriter(store);
    const send = wire();
    writer.write(send([p('A', { ts: 5, lng: 5 }), p('B', { ts: 5, lng: 5 })]));
    writer.write(send([p('A', { ts: 4, lng: 4 }), p('B', { ts: 5, lng: 6 })]));
    expect(store.vehicle('A')).toMatchObject({ lng: 5, ts: 5 });
    expect(store.vehicle('B')).toMatchObject({ lng: 6, ts: 5 });
    expect(store.vehicle('A')?.soc).toBe(80);
    writer.write(send([p('A', { ts: 6, soc: null, speed: -0.1 })]));
    expect(store.vehicle('A')).toMatchObject({ soc: null, speed: -0.1 });
  });

  it('finds vehicles the store already holds, and starts over for another packer\'s ids', () => {
    const store = new LiveStore();
    store.apply([p('A'), p('B')]);
    const writer = new PackedWriter(store);
    writer.write(wire()([p('B', { ts: 2000, lng: 1 }), p('C')]));
    expect([store.slotOf('A'), store.slotOf('B'), store.slotOf('C')]).toEqual([0, 1, 2]);
    // A new channel (or a replaced worker) numbers from 0 again: id 0 is now C, not B.
    writer.write(wire()([p('C', { ts: 3000, lng: 3 }), p('D')]));
    expect(store.vehicle('C')).toMatchObject({ slot: 2, lng: 3 });
    expect(store.vehicle('B')).toMatchObject({ slot: 1, lng: 1 });
    expect(store.slotOf('D')).toBe(3);
    expect(store.length).toBe(4);
  });

  it('writes nothing without a commit: the feed commits once per window', () => {
    const store = new LiveStore();
    let calls = 0;
    store.subscribe(() => calls++);
    new PackedWriter(store).write(wire()([p('A')]));
    expect([store.version, calls]).toEqual([0, 0]);
    store.commit();
    expect([store.version, calls]).toEqual([1, 1]);
  });
});
