import { CITIES } from './cities.ts';
import { OUTLINE, PROVINCES } from './provinces.ts';

export interface GeoAddress {
  /** Province then city, e.g. `广东省深圳市`; a municipality is named once (`北京市`). */
  formattedAddress: string;
  province: string;
  provinceCode: string;
  city: string;
  cityCode: string;
}

type Point = readonly [number, number];

/** Ray casting on plain lng/lat: fine at this resolution, and no ring crosses the antimeridian. */
function inRing(ring: readonly Point[], lng: number, lat: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export function inChina(lng: number, lat: number): boolean {
  return OUTLINE.some((ring) => inRing(ring, lng, lat));
}

/** Squared distance on an equirectangular projection (longitude shrunk by cos(lat)): only compared, never shown. */
function distance2(lng: number, lat: number, p: Point): number {
  const k = Math.cos((lat * Math.PI) / 180);
  return ((lng - p[0]) * k) ** 2 + (lat - p[1]) ** 2;
}

interface Place {
  code: string;
  name: string;
  points: Point[];
}

function pointsOf(values: readonly number[]): Point[] {
  const out: Point[] = [];
  for (let i = 0; i + 1 < values.length; i += 2) out.push([values[i]!, values[i + 1]!]);
  return out;
}

/** Per province: its cities, and every known point inside it (its own point and all city points). */
const byProvince = new Map<string, { name: string; box: readonly number[]; cities: Place[]; anchors: Point[] }>();
for (const [code, name, minLng, minLat, maxLng, maxLat, lng, lat] of PROVINCES) {
  byProvince.set(code.slice(0, 2), { name, box: [minLng, minLat, maxLng, maxLat], cities: [], anchors: [[lng, lat]] });
}
for (const [code, name, ...coords] of CITIES) {
  const province = byProvince.get(code.slice(0, 2));
  if (!province) throw new Error(`city ${code} has no province`);
  const points = pointsOf(coords);
  province.anchors.push(...points);
  if (name) province.cities.push({ code, name, points });
}

const nearest = (lng: number, lat: number, points: Point[]) => Math.min(...points.map((p) => distance2(lng, lat, p)));
const contains = (box: readonly number[], lng: number, lat: number) => lng >= box[0]! && lat >= box[1]! && lng <= box[2]! && lat <= box[3]!;

/**
 * Province and city of a WGS84 point, or null outside China. The province: among those whose bounding
 * box holds the point, the one with the nearest known point (boxes overlap a lot; nearest seat settles
 * it). The city: the nearest city of that province. Accurate away from borders; near a provincial or
 * city border the answer may be the neighbour.
 */
export function locate(lng: number, lat: number): GeoAddress | null {
  if (!inChina(lng, lat)) return null;
  const all = [...byProvince.entries()];
  const boxed = all.filter(([, p]) => contains(p.box, lng, lat));
  let best = (boxed.length > 0 ? boxed : all)[0]!;
  let bestD = Infinity;
  for (const entry of boxed.length > 0 ? boxed : all) {
    const d = nearest(lng, lat, entry[1].anchors);
    if (d < bestD) [best, bestD] = [entry, d];
  }
  const [prefix, province] = best;
  let city: Place | undefined;
  let cityD = Infinity;
  for (const c of province.cities) {
    const d = nearest(lng, lat, c.points);
    if (d < cityD) [city, cityD] = [c, d];
  }
  const cityName = city?.name ?? '';
  return {
    formattedAddress: cityName && cityName !== province.name ? province.name + cityName : province.name,
    province: province.name,
    provinceCode: `${prefix}0000`,
    city: cityName,
    cityCode: city?.code ?? '',
  };
}
