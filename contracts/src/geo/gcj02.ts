/**
 * GCJ-02 ("Mars coordinates", used by Chinese map services) ↔ WGS84. GB/T 32960.3-2025 lets a
 * terminal report GCJ-02; the console stores and draws WGS84. The inverse is iterative because
 * the forward transform has no closed-form inverse; three rounds reach centimetres.
 */
const A = 6378245.0;
const EE = 0.006693421622965943;

function outOfChina(lng: number, lat: number): boolean {
  return lng < 72.004 || lng > 137.8347 || lat < 0.8293 || lat > 55.8271;
}

function transformLat(x: number, y: number): number {
  let r = -100 + 2 * x + 3 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  r += ((20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI)) * 2) / 3;
  r += ((20 * Math.sin(y * Math.PI) + 40 * Math.sin((y / 3) * Math.PI)) * 2) / 3;
  r += ((160 * Math.sin((y / 12) * Math.PI) + 320 * Math.sin((y * Math.PI) / 30)) * 2) / 3;
  return r;
}

function transformLng(x: number, y: number): number {
  let r = 300 + x + 2 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  r += ((20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI)) * 2) / 3;
  r += ((20 * Math.sin(x * Math.PI) + 40 * Math.sin((x / 3) * Math.PI)) * 2) / 3;
  r += ((150 * Math.sin((x / 12) * Math.PI) + 300 * Math.sin((x / 30) * Math.PI)) * 2) / 3;
  return r;
}

export function wgs84ToGcj02(lng: number, lat: number): [number, number] {
  if (outOfChina(lng, lat)) return [lng, lat];
  const radLat = (lat / 180) * Math.PI;
  let magic = Math.sin(radLat);
  magic = 1 - EE * magic * magic;
  const sqrtMagic = Math.sqrt(magic);
  const dLat = (transformLat(lng - 105, lat - 35) * 180) / (((A * (1 - EE)) / (magic * sqrtMagic)) * Math.PI);
  const dLng = (transformLng(lng - 105, lat - 35) * 180) / ((A / sqrtMagic) * Math.cos(radLat) * Math.PI);
  return [lng + dLng, lat + dLat];
}

export function gcj02ToWgs84(lng: number, lat: number): [number, number] {
  if (outOfChina(lng, lat)) return [lng, lat];
  let wLng = lng;
  let wLat = lat;
  for (let i = 0; i < 3; i++) {
    const [gLng, gLat] = wgs84ToGcj02(wLng, wLat);
    wLng -= gLng - lng;
    wLat -= gLat - lat;
  }
  return [wLng, wLat];
}

/** The datum a basemap's style is drawn in: WGS-84 (the offline basemap, most tile services) or GCJ-02 (Chinese providers). */
export type MapDatum = 'wgs84' | 'gcj02';
export const MAP_DATUMS: readonly MapDatum[] = ['wgs84', 'gcj02'];

/** A WGS-84 position where a basemap of `datum` draws it. */
export function toMapDatum(datum: MapDatum, lng: number, lat: number): [number, number] {
  return datum === 'gcj02' ? wgs84ToGcj02(lng, lat) : [lng, lat];
}

/** Where a position on a basemap of `datum` is in WGS-84 (a point drawn or clicked on the map, before it is stored). */
export function fromMapDatum(datum: MapDatum, lng: number, lat: number): [number, number] {
  return datum === 'gcj02' ? gcj02ToWgs84(lng, lat) : [lng, lat];
}
