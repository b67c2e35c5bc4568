import type { RouteSegment } from '@wdiov/contracts';

/**
 * A vehicle's day cut into drives, stops and silences (routeTimeline), from its stored
 * positions in time order. Pure: the route reads one vehicle's positions of a bounded window.
 *
 * - a point is moving when its speed is above MOVING_KMH;
 * - two points further apart than SILENCE_MS are a silence (no report) between them;
 * - a stop shorter than STOP_MIN_MS between two drives (a traffic light) belongs to the drive.
 */

export const MOVING_KMH = 3;
export const SILENCE_MS = 5 * 60_000;
export const STOP_MIN_MS = 3 * 60_000;

export interface TimelinePoint {
  ts: number;
  speed: number | null;
  mileage: number | null;
  lng: number | null;
  lat: number | null;
}

type Kind = RouteSegment['kind'];
interface Run { kind: Kind; points: TimelinePoint[]; start: number; end: number }

const kindOf = (p: TimelinePoint): Kind => ((p.speed ?? 0) > MOVING_KMH ? 'drive' : 'stop');

export function routeTimeline(points: readonly TimelinePoint[]): RouteSegment[] {
  const runs: Run[] = [];
  let prev: TimelinePoint | undefined;
  for (const p of points) {
    if (prev && p.ts - prev.ts > SILENCE_MS) runs.push({ kind: 'silence', points: [prev, p], start: prev.ts, end: p.ts });
    const kind = kindOf(p);
    const open = runs[runs.length - 1];
    if (open && open.kind === kind) {
      open.points.push(p);
      open.end = p.ts;
    } else {
      // A run starts where the previous one ended, so the timeline has no holes.
      const start = open && open.kind !== 'silence' ? open.end : p.ts;
      runs.push({ kind, points: [p], start, end: p.ts });
    }
    prev = p;
  }
  return merge(runs).map(segmentOf);
}

/** Short stops between drives join the drive around them. */
function merge(runs: Run[]): Run[] {
  const out: Run[] = [];
  for (const run of runs) {
    const last = out[out.length - 1];
    const beforeLast = out[out.length - 2];
    if (run.kind === 'drive' && last?.kind === 'stop' && beforeLast?.kind === 'drive' && last.end - last.start < STOP_MIN_MS) {
      out.pop();
      beforeLast.points.push(...last.points, ...run.points);
      beforeLast.end = run.end;
    } else if (run.kind === last?.kind && run.kind !== 'silence') {
      last.points.push(...run.points);
      last.end = run.end;
    } else {
      out.push(run);
    }
  }
  return out;
}

function segmentOf(run: Run): RouteSegment {
  const first = run.points[0]!;
  const last = run.points[run.points.length - 1]!;
  const miles = run.points.map((p) => p.mileage).filter((m): m is number => m !== null);
  const speeds = run.points.map((p) => p.speed ?? 0);
  const distanceKm = run.kind === 'silence' || miles.length < 2 ? (run.kind === 'silence' && miles.length === 2 ? Math.max(0, miles[1]! - miles[0]!) : 0)
    : Math.max(0, miles[miles.length - 1]! - miles[0]!);
  const seconds = (run.end - run.start) / 1000;
  return {
    kind: run.kind, start: run.start, end: run.end, durationS: Math.round(seconds),
    distanceKm: Math.round(distanceKm * 100) / 100,
    maxSpeed: run.kind === 'drive' ? Math.max(...speeds) : 0,
    avgSpeed: run.kind === 'drive' && seconds > 0 ? Math.round((distanceKm / (seconds / 3600)) * 10) / 10 : 0,
    startLng: first.lng, startLat: first.lat, endLng: last.lng, endLat: last.lat,
  };
}
