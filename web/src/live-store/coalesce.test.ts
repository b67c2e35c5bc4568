import { describe, expect, it } from 'vitest';
import { TestScheduler } from 'rxjs/testing';
import type { LivePosition, ServerSocketMessage } from '@wdiov/contracts/live/socket-messages';
import { coalescePositions, type PositionUpdate } from './coalesce';
import { LiveStore } from './live-store';
import { PackedFrameReader } from './packed-positions';
import { PositionPacker } from './position-packer';

const p = (vin: string, ts: number, lng = 114): LivePosition => ({ vin, lng, lat: 22, speed: 1, heading: 0, soc: 50, state: 1, alarmLevel: 0, ts });
const batch = (...data: LivePosition[]): ServerSocketMessage => ({ code: 0, cmd: 1300, msg: '', data, ts: 0 });
const heartbeat: ServerSocketMessage = { code: 0, cmd: 1001, msg: 'pong', data: undefined, ts: 0 };

describe('coalescing', () => {
  it('writing a window in arrival order is a last-wins merge: newest terminal time, a later update wins a tie', () => {
    const store = new LiveStore();
    for (const data of [[p('A', 1, 1), p('B', 1)], [p('A', 3, 3), p('A', 2, 2)], [p('B', 1, 9)]]) store.write(data);
    expect(store.length).toBe(2);
    expect(store.vehicle('A')?.lng).toBe(3);
    expect(store.vehicle('B')?.lng).toBe(9);
  });

  it('emits the updates of each window in order, nothing for empty windows, other commands or empty frames', () => {
    const packer = new PositionPacker();
    const reader = new PackedFrameReader();
    const packed = reader.read(packer.pack(JSON.stringify(batch(p('D', 1))))!);
    const emptyPacked = { ...packed, count: 0 };
    const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
    scheduler.run(({ cold, expectObservable }) => {
      const source = cold<PositionUpdate>('a 49ms b 49ms h 49ms e 149ms c d', {
        a: batch(p('A', 1, 1)),
        b: batch(p('A', 2, 2), p('B', 1)),
        h: heartbeat,
        e: emptyPacked,
        c: batch(p('C', 1)),
        d: packed,
      });
      const merged = coalescePositions(source, 200, scheduler);
      expectObservable(merged, '^ 999ms !').toBe('200ms x 199ms y', {
        x: [batch(p('A', 1, 1)), batch(p('A', 2, 2), p('B', 1))],
        y: [batch(p('C', 1)), packed],
      });
    });
  });
});
