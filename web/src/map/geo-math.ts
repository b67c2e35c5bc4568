/** Mean Earth radius (m): the fence engine measures circles on the same sphere. */
export const EARTH_RADIUS_M = 6_371_008.8;

const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

/** Great-circle distance in metres. */
export function distanceM(a: [number, number], b: [number, number]): number {
  const dLat = rad(b[1] - a[1]);
  const dLng = rad(b[0] - a[0]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[1])) * Math.cos(rad(b[1])) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The point `distance` metres from `from` on `bearing` degrees (clockwise from north). */
export function destination(from: [number, number], distance: number, bearing: number): [number, number] {
  const d = distance / EARTH_RADIUS_M;
  const b = rad(bearing);
  const lat1 = rad(from[1]);
  const lng1 = rad(from[0]);
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lng2 = lng1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return [deg(lng2), deg(lat2)];
}

/** A closed ring approximating a circle; drawn on the sphere, so it stays round at any latitude. */
export function circleRing(center: [number, number], radius: number, steps = 64): [number, number][] {
  const ring: [number, number][] = [];
  for (let i = 0; i < steps; i++) ring.push(destination(center, radius, (360 * i) / steps));
  ring.push(ring[0]);
  return ring;
}

/** [[west, south], [east, north]] of some points, or null for none. */
export function boundsOf(points: ReadonlyArray<readonly [number, number]>): [[number, number], [number, number]] | null {
  if (points.length === 0) return null;
  let w = Infinity;
  let s = Infinity;
  let e = -Infinity;
  let n = -Infinity;
  for (const [x, y] of points) {
    w = Math.min(w, x);
    s = Math.min(s, y);
    e = Math.max(e, x);
    n = Math.max(n, y);
  }
  return [[w, s], [e, n]];
}
