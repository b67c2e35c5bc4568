import { describe, expect, it } from 'vitest';
import { TestScheduler } from 'rxjs/testing';
import type { LivePosition, ServerSocketMessage } from '@wdiov/contracts/live/socket-messages';
import { coalescePositions, lastWinsByVin } from './coalesce';

const p = (vin: string, ts: number, lng = 114): LivePosition => ({ vin, lng, lat: 22, speed: 1, heading: 0, soc: 50, state: 1, alarmLevel: 0, ts });
const batch = (...data: LivePosition[]): ServerSocketMessage => ({ code: 0, cmd: 1300, msg: '', data, ts: 0 });
const heartbeat: ServerSocketMessage = { code: 0, cmd: 1001, msg: 'pong', data: undefined, ts: 0 };

describe('coalescing', () => {
  it('last wins per vehicle by terminal time; a later message wins a tie', () => {
    const out = lastWinsByVin([batch(p('A', 1, 1), p('B', 1)), batch(p('A', 3, 3), p('A', 2, 2)), batch(p('B', 1, 9))]);
    expect(out).toHaveLength(2);
    expect(out.find((x) => x.vin === 'A')?.lng).toBe(3);
    expect(out.find((x) => x.vin === 'B')?.lng).toBe(9);
  });

  it('emits one merged batch per window, nothing for empty windows or other commands', () => {
    const scheduler = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
    scheduler.run(({ cold, expectObservable }) => {
      const source = cold<ServerSocketMessage>('a 49ms b 49ms h 199ms c', {
        a: batch(p('A', 1, 1)),
        b: batch(p('A', 2, 2), p('B', 1)),
        h: heartbeat,
        c: batch(p('C', 1)),
      });
      const merged = coalescePositions(source, 200, scheduler);
      expectObservable(merged, '^ 999ms !').toBe('200ms x 199ms y', {
        x: [p('A', 2, 2), p('B', 1)],
        y: [p('C', 1)],
      });
    });
  });
});
