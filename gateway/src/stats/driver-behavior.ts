import { TOP_SPEED_KMH } from './day-figures.ts';

/**
 * How a vehicle was driven, from its stored positions in time order (driverBehaviorDetail).
 * Pure: the route reads one vehicle's positions of a window of at most a day.
 *
 * - acceleration is the speed change between consecutive positions at most MAX_STEP_S apart
 *   (a longer gap averages a manoeuvre away, so it is not judged);
 * - harsh acceleration from HARSH_ACCEL_MS2 (0.3 g), harsh braking from HARSH_BRAKE_MS2
 *   (0.4 g: ordinary braking is firmer than ordinary acceleration); consecutive harsh steps
 *   are one event, reported with its peak;
 * - speeding is a run of positions above the speed limit (the caller's, default
 *   DEFAULT_SPEED_LIMIT_KMH: the highest limit on Chinese roads, so above it is speeding anywhere);
 * - speeds the standard marks invalid (null) or no vehicle shows (above TOP_SPEED_KMH) are skipped.
 */

export const HARSH_ACCEL_MS2 = 3;
export const HARSH_BRAKE_MS2 = 4;
export const MAX_STEP_S = 5;
export const DEFAULT_SPEED_LIMIT_KMH = 120;

export interface BehaviorPoint {
  ts: number;
  speed: number | null;
  lng: number | null;
  lat: number | null;
}

export type BehaviorKind = 'harshAcceleration' | 'harshBraking' | 'speeding';

export interface BehaviorEvent {
  kind: BehaviorKind;
  start: number;
  end: number;
  durationS: number;
  /** Speed at the start and at the end of the event, km/h. */
  fromSpeed: number;
  toSpeed: number;
  maxSpeed: number;
  /** Strongest acceleration (positive) or deceleration (negative) of the event, m/s²; 0 for speeding. */
  peakMs2: number;
  lng: number | null;
  lat: number | null;
}

export interface DriverBehavior {
  speedLimit: number;
  counts: Record<BehaviorKind, number>;
  /** Seconds above the speed limit. */
  speedingS: number;
  maxSpeed: number;
  events: BehaviorEvent[];
}

const valid = (p: BehaviorPoint): p is BehaviorPoint & { speed: number } => p.speed !== null && p.speed >= 0 && p.speed <= TOP_SPEED_KMH;
const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

export function driverBehavior(points: readonly BehaviorPoint[], speedLimit = DEFAULT_SPEED_LIMIT_KMH): DriverBehavior {
  const events: BehaviorEvent[] = [];
  let open: BehaviorEvent | undefined;
  let speeding: BehaviorEvent | undefined;
  let speedingS = 0;
  let maxSpeed = 0;
  let prev: (BehaviorPoint & { speed: number }) | undefined;
  const close = (e: BehaviorEvent | undefined) => {
    if (e) events.push({ ...e, durationS: Math.round((e.end - e.start) / 1000), peakMs2: round(e.peakMs2, 2) });
  };
  for (const p of points) {
    if (!valid(p)) continue;
    maxSpeed = Math.max(maxSpeed, p.speed);
    const stepS = prev ? (p.ts - prev.ts) / 1000 : Infinity;
    const joined = prev !== undefined && stepS > 0 && stepS <= MAX_STEP_S;

    const a = joined ? (p.speed - prev!.speed) / 3.6 / stepS : 0;
    const kind: BehaviorKind | undefined = a >= HARSH_ACCEL_MS2 ? 'harshAcceleration' : a <= -HARSH_BRAKE_MS2 ? 'harshBraking' : undefined;
    if (open && (kind !== open.kind || !joined)) { close(open); open = undefined; }
    if (kind && open) {
      open.end = p.ts;
      open.toSpeed = p.speed;
      open.maxSpeed = Math.max(open.maxSpeed, p.speed);
      if (Math.abs(a) > Math.abs(open.peakMs2)) open.peakMs2 = a;
    } else if (kind) {
      open = { kind, start: prev!.ts, end: p.ts, durationS: 0, fromSpeed: prev!.speed, toSpeed: p.speed, maxSpeed: Math.max(prev!.speed, p.speed), peakMs2: a, lng: p.lng, lat: p.lat };
    }

    if (speeding && (!joined || p.speed <= speedLimit)) {
      if (joined) speedingS += stepS;
      if (joined) speeding.end = p.ts;
      close(speeding);
      speeding = undefined;
    } else if (speeding) {
      speedingS += stepS;
      speeding.end = p.ts;
      speeding.toSpeed = p.speed;
      speeding.maxSpeed = Math.max(speeding.maxSpeed, p.speed);
    }
    if (!speeding && p.speed > speedLimit) {
      speeding = { kind: 'speeding', start: p.ts, end: p.ts, durationS: 0, fromSpeed: p.speed, toSpeed: p.speed, maxSpeed: p.speed, peakMs2: 0, lng: p.lng, lat: p.lat };
    }
    prev = p;
  }
  close(open);
  close(speeding);
  events.sort((x, y) => x.start - y.start);
  const counts: Record<BehaviorKind, number> = { harshAcceleration: 0, harshBraking: 0, speeding: 0 };
  for (const e of events) counts[e.kind]++;
  return { speedLimit, counts, speedingS: Math.round(speedingS), maxSpeed, events };
}
