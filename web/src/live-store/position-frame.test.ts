import { describe, expect, it } from 'vitest';
import { livePosition, SocketCmd } from '@wdiov/contracts/live/socket-messages';
import { isLivePosition, PositionCmd } from './position-frame';

const good = { vin: 'LVIN', lng: 114, lat: 22, speed: -0.1, heading: 0, soc: null, state: 1, alarmLevel: 3, ts: 1 };
const cases: unknown[] = [
  good,
  { ...good, soc: 55.5 },
  { ...good, vin: 1 },
  { ...good, lng: '114' },
  { ...good, lat: Number.NaN },
  { ...good, soc: undefined },
  { ...good, state: 1.5 },
  { ...good, alarmLevel: 4 },
  { ...good, alarmLevel: 5 },
  { ...good, alarmLevel: -1 },
  { ...good, ts: 1.2 },
  { ...good, heading: null },
  null,
  'x',
];

describe('position frames', () => {
  it.each(cases.map((c, i) => [i, c]))('case %i: the fast check agrees with the contracts schema', (_, value) => {
    expect(isLivePosition(value)).toBe(livePosition.safeParse(value).success);
  });

  it('uses the contracts\' command numbers (copied so the worker need not load zod)', () => {
    expect(PositionCmd).toEqual({ positions: SocketCmd.positions, subscribe: SocketCmd.subscribe, unsubscribe: SocketCmd.unsubscribe });
  });
});
