import { describe, expect, it } from 'vitest';
import { driverBehavior, type BehaviorPoint } from './driver-behavior.ts';

const T0 = Date.UTC(2026, 2, 10, 2, 0, 0);
/** One position a second at these speeds (km/h; null is the standard's invalid value). */
const run = (speeds: (number | null)[], start = T0): BehaviorPoint[] => speeds.map((speed, i) => ({ ts: start + i * 1000, speed, lng: 114 + i / 1e4, lat: 22.5 }));

describe('driver behaviour', () => {
  it('finds nothing in a calm drive', () => {
    const b = driverBehavior(run([0, 5, 10, 15, 20, 25, 30, 30, 30, 25, 20, 15, 10, 5, 0]));
    expect(b.events).toEqual([]);
    expect(b.counts).toEqual({ harshAcceleration: 0, harshBraking: 0, speeding: 0 });
    expect(b.maxSpeed).toBe(30);
  });

  it('counts a harsh start and a harsh stop once each, with their peaks', () => {
    // +12 then +14 km/h in a second: 3.3 and 3.9 m/s², one event; then −16 and −18 km/h: 4.4 and 5 m/s² of braking.
    const b = driverBehavior(run([0, 12, 26, 30, 30, 14, -0.1 as never, 30, 12, 0]));
    expect(b.counts).toEqual({ harshAcceleration: 1, harshBraking: 2, speeding: 0 });
    const [accel, brake] = b.events;
    expect(accel).toMatchObject({ kind: 'harshAcceleration', start: T0, end: T0 + 2000, durationS: 2, fromSpeed: 0, toSpeed: 26, peakMs2: 3.89 });
    expect(brake).toMatchObject({ kind: 'harshBraking', start: T0 + 4000, end: T0 + 5000, fromSpeed: 30, toSpeed: 14, peakMs2: -4.44 });
    // The invalid reading is skipped: 14 → 30 km/h over 2 s is calm, 30 → 12 in a second is not.
    expect(b.events[2]).toMatchObject({ kind: 'harshBraking', start: T0 + 7000, fromSpeed: 30, toSpeed: 12, peakMs2: -5 });
  });

  it('does not judge acceleration across a gap, nor a speed no vehicle shows', () => {
    const points = [...run([0, 2]), ...run([60, 62], T0 + 30_000)];
    expect(driverBehavior(points).events).toEqual([]);
    expect(driverBehavior(run([0, 250, 0])).events).toEqual([]);
  });

  it('counts each run above the limit as one speeding event, with its time and top speed', () => {
    const b = driverBehavior(run([100, 110, 125, 131, 128, 110, 100, 121, 122, 100]), 120);
    expect(b.counts.speeding).toBe(2);
    expect(b.events.filter((e) => e.kind === 'speeding').map((e) => [e.start - T0, e.end - T0, e.maxSpeed])).toEqual([[2000, 5000, 131], [7000, 9000, 122]]);
    expect(b.speedingS).toBe(5);
    expect(driverBehavior(run([100, 110, 125]), 130).counts.speeding).toBe(0);
  });
});
