import type { Track } from '../map/layers/map-ui';

export const PLAYBACK_SPEEDS = [1, 5, 10, 30, 60, 120, 300] as const;

/** Index of the last point at or before `t` (binary search: tracks hold up to 50,000 points). */
export function indexAt(track: Track, t: number): number {
  const pts = track.points;
  if (pts.length === 0 || t < pts[0].ts) return 0;
  let lo = 0;
  let hi = pts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (pts[mid].ts <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The playhead between two fixes, interpolated so playback glides instead of jumping. */
export function positionAt(track: Track, t: number): { lng: number; lat: number; heading: number; index: number } | null {
  const pts = track.points;
  if (pts.length === 0) return null;
  const i = indexAt(track, t);
  const a = pts[i];
  const b = pts[i + 1];
  if (!b || t <= a.ts) return { lng: a.lng, lat: a.lat, heading: a.heading, index: i };
  const f = Math.min(1, (t - a.ts) / Math.max(1, b.ts - a.ts));
  return { lng: a.lng + (b.lng - a.lng) * f, lat: a.lat + (b.lat - a.lat) * f, heading: a.heading, index: i };
}

export function timeRangeOf(track: Track): { start: number; end: number } | null {
  const pts = track.points;
  return pts.length ? { start: pts[0].ts, end: pts[pts.length - 1].ts } : null;
}

/** One animation step: track time moves `speed` times faster than wall time, stopping at the end. */
export function advance(t: number, wallMs: number, speed: number, end: number): { t: number; ended: boolean } {
  const next = t + wallMs * speed;
  return next >= end ? { t: end, ended: true } : { t: next, ended: false };
}

/** At most `max` points for the chart: an SVG path of 50,000 points would stall every redraw. */
export function decimate<T>(items: readonly T[], max: number): T[] {
  if (items.length <= max) return [...items];
  const step = items.length / max;
  const out: T[] = [];
  for (let i = 0; i < max; i++) out.push(items[Math.floor(i * step)]);
  out.push(items[items.length - 1]);
  return out;
}
