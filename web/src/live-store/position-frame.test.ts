import { describe, expect, it } from 'vitest';
import { livePosition } from '@wdiov/contracts/live/socket-messages';
import { isLivePosition, parseLiveFrame } from './position-frame';

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

  it('keeps the valid positions of a frame and drops the others one by one', () => {
    const frame = JSON.stringify({ code: 0, cmd: 1300, msg: '', ts: 5, data: [good, { ...good, lng: 'x' }] });
    expect(parseLiveFrame(frame)).toEqual({ code: 0, cmd: 1300, msg: '', ts: 5, data: [good] });
  });

  it('refuses a broken envelope and hands other commands to the shell parser', () => {
    expect(parseLiveFrame(JSON.stringify({ code: 0, cmd: 1300, ts: 5, data: 'no' }))).toBeNull();
    expect(parseLiveFrame('{')).toBeNull();
    expect(parseLiveFrame(JSON.stringify({ code: 0, cmd: 1001, msg: 'pong', data: null, ts: 1 }))?.cmd).toBe(1001);
  });
});
