// The geo module alone: the live store's worker imports this file, and must not pull zod (CSP, chunk size).
import { fromMapDatum, toMapDatum, wgs84ToGcj02, type MapDatum } from '@wdiov/contracts/geo/gcj02';
import { getStore, removeStore, setStore } from '../util/storage';

const KEY = 'mapStyleUrl';
const DATUM_KEY = 'mapStyleDatum';

/** The gateway's MAP_STYLE_URL and MAP_STYLE_DATUM (GET /api/config). */
let served: { url: string; datum: MapDatum } = { url: '', datum: 'wgs84' };
/** The datum of the basemap in use, kept in memory: the live store reads it for every batch. */
let datum: MapDatum = 'wgs84';

const stored = () => {
  const url = getStore<string>(KEY);
  return typeof url === 'string' && url.trim() ? { url: url.trim(), datum: getStore<MapDatum>(DATUM_KEY) === 'gcj02' ? 'gcj02' as const : 'wgs84' as const } : undefined;
};

/** The basemap in use: the user's own style, else the gateway's, else the build's VITE_MAP_STYLE_URL (WGS-84), else the offline basemap (''). */
function current(): { url: string; datum: MapDatum } {
  const own = stored();
  if (own) return own;
  if (served.url) return served;
  return { url: (import.meta.env.VITE_MAP_STYLE_URL as string | undefined)?.trim() ?? '', datum: 'wgs84' };
}

/** The basemap: a style URL (real tiles), or '' for the bundled offline basemap. */
export function mapStyleUrl(): string {
  const { url, datum: d } = current();
  datum = url ? d : 'wgs84';
  return url;
}

/** The datum the basemap draws in (the offline basemap is WGS-84). */
export function mapDatum(): MapDatum {
  return datum;
}

/** A WGS-84 position where the basemap in use draws it (GCJ-02 for Chinese providers). */
export function onMap(lng: number, lat: number): [number, number] {
  return toMapDatum(datum, lng, lat);
}

/** A position on the basemap in use (a click) in WGS-84, as it is stored. */
export function fromMap(lng: number, lat: number): [number, number] {
  return fromMapDatum(datum, lng, lat);
}

/** Writes a WGS-84 position into `out` at `at` converted to GCJ-02 (the stores call it only while the basemap is GCJ-02). */
export function writeGcj02(out: Float64Array, at: number, lng: number, lat: number): void {
  const [x, y] = wgs84ToGcj02(lng, lat);
  out[at] = x;
  out[at + 1] = y;
}

/** The user's own style and its datum; an empty URL returns to the gateway's style. */
export function setMapStyleUrl(url: string, styleDatum: MapDatum = 'wgs84'): void {
  if (url.trim()) {
    setStore({ name: KEY, content: url.trim() });
    setStore({ name: DATUM_KEY, content: styleDatum });
  } else {
    removeStore(KEY);
    removeStore(DATUM_KEY);
  }
  mapStyleUrl();
}

/** What the gateway configured, read once at start. */
export function setServedMapStyle(url: string, styleDatum: MapDatum): void {
  served = { url: url.trim(), datum: styleDatum };
  mapStyleUrl();
}

/** Where the map opens before any vehicle is known: Shenzhen, where the simulator drives. */
export const DEFAULT_CENTER: [number, number] = [114.06, 22.54];
export const DEFAULT_ZOOM = 10;
