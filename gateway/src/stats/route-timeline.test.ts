import { describe, expect, it } from 'vitest';
import { routeTimeline, type TimelinePoint } from './route-timeline.ts';

const S = 1_000;
/** Points every 10 s from `at`, at `speed`, the odometer moving with it. */
const run = (at: number, count: number, speed: number, odometer: number): TimelinePoint[] =>
  Array.from({ length: count }, (_, i) => ({ ts: at + i * 10 * S, speed, mileage: odometer + (speed * i * 10) / 3600, lng: 114 + i / 1000, lat: 22.5 }));

describe('route timeline', () => {
  it('cuts positions into drives, stops and silences without holes', () => {
    const drive1 = run(0, 31, 36, 100); // 300 s at 36 km/h: 3 km
    const stop = run(310 * S, 30, 0, 103); // parked until 600 s
    const drive2 = run(600 * S, 31, 72, 103); // 300 s at 72 km/h: 6 km
    const after = run(600 * S + 300 * S + 20 * 60 * S, 3, 0, 109); // 20 min later
    const segments = routeTimeline([...drive1, ...stop, ...drive2, ...after]);
    expect(segments.map((s) => [s.kind, s.start / S, s.end / S])).toEqual([
      ['drive', 0, 300], ['stop', 300, 600], ['drive', 600, 900], ['silence', 900, 2100], ['stop', 2100, 2120],
    ]);
    expect(segments[0]).toMatchObject({ distanceKm: 3, maxSpeed: 36, avgSpeed: 36, startLng: 114 });
    expect(segments[2]!.distanceKm).toBe(6);
    expect(segments[3]!.distanceKm).toBe(0);
  });

  it('keeps a short stop (a traffic light) inside the drive', () => {
    const segments = routeTimeline([...run(0, 10, 36, 0), ...run(100 * S, 6, 0, 0.9), ...run(160 * S, 10, 36, 0.9)]);
    expect(segments.map((s) => [s.kind, s.start / S, s.end / S])).toEqual([['drive', 0, 250]]);
  });

  it('answers nothing for no positions', () => {
    expect(routeTimeline([])).toEqual([]);
  });
});
