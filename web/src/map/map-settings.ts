// The geo modules alone: the live store imports this file, and must not pull zod (CSP, chunk size).
import { fromMapDatum, toMapDatum, wgs84ToGcj02, type MapDatum } from '@wdiov/contracts/geo/gcj02';
import { isBasemapPreset, PRESET_DATUM, type BasemapConfig, type BasemapPresetId } from '@wdiov/contracts/geo/basemap-presets';
import { getStore, removeStore, setStore } from '../util/storage';

const PRESET_KEY = 'mapPreset';
const KEY = 'mapStyleUrl';
const DATUM_KEY = 'mapStyleDatum';

/** The basemap a map page opens with: a preset, and for `custom` its style URL and datum. */
export interface BasemapChoice {
  preset: BasemapPresetId;
  /** The style URL of `custom`; '' otherwise. */
  url: string;
  datum: MapDatum;
}

/** The gateway's MAP_STYLE_URL and MAP_STYLE_DATUM (GET /api/config). */
let served: { url: string; datum: MapDatum } = { url: '', datum: 'wgs84' };
/** The administrator's default preset and what tiles need (GET /api/wdiov-system/map/basemap). */
let servedBasemap: BasemapConfig = { preset: 'offline', tiandituKey: '', tileOrigin: '' };
/** The datum of the basemap drawn right now, kept in memory: the live store reads it for every batch. */
let datum: MapDatum = 'wgs84';
const datumListeners = new Set<(datum: MapDatum) => void>();

const presetChoice = (preset: Exclude<BasemapPresetId, 'custom'>): BasemapChoice => ({ preset, url: '', datum: PRESET_DATUM[preset] });

function ownStyle(): BasemapChoice | undefined {
  const url = getStore<string>(KEY);
  if (typeof url !== 'string' || !url.trim()) return undefined;
  return { preset: 'custom', url: url.trim(), datum: getStore<MapDatum>(DATUM_KEY) === 'gcj02' ? 'gcj02' : 'wgs84' };
}

/** The user's own choice ('' : the administrator's default). */
export function userPreset(): BasemapPresetId | '' {
  const preset = getStore<string>(PRESET_KEY);
  if (isBasemapPreset(preset)) return preset === 'custom' && !ownStyle() ? '' : preset;
  // Before presets a user could only type a style URL.
  return ownStyle() ? 'custom' : '';
}

/**
 * The basemap in use: the user's own preset (or style URL), else the administrator's default
 * preset (param map.basemap), else the gateway's MAP_STYLE_URL, else the build's
 * VITE_MAP_STYLE_URL (WGS-84), else the bundled outline.
 */
export function basemapPreference(): BasemapChoice {
  const own = userPreset();
  if (own === 'custom') return ownStyle()!;
  if (own) return presetChoice(own);
  const admin = servedBasemap.preset;
  if (admin !== 'offline' && admin !== 'custom') return presetChoice(admin);
  if (served.url) return { preset: 'custom', url: served.url, datum: served.datum };
  const built = (import.meta.env.VITE_MAP_STYLE_URL as string | undefined)?.trim() ?? '';
  return built ? { preset: 'custom', url: built, datum: 'wgs84' } : presetChoice('offline');
}

/** The basemap to open, and from now on the datum positions are drawn in. */
export function basemapChoice(): BasemapChoice {
  const choice = basemapPreference();
  drawInDatum(choice.datum);
  return choice;
}

/** The style URL of a custom basemap in use, or '' for a preset. */
export function mapStyleUrl(): string {
  const choice = basemapChoice();
  return choice.preset === 'custom' ? choice.url : '';
}

/** What the tiles of the presets need: the tile origin and the Tianditu key. */
export function servedBasemapConfig(): BasemapConfig {
  return servedBasemap;
}

/** The datum the basemap draws in (the offline basemap is WGS-84). */
export function mapDatum(): MapDatum {
  return datum;
}

/** Says the basemap drawn now is in `next` (a map opening, or falling back to the outline). */
export function drawInDatum(next: MapDatum): void {
  if (next === datum) return;
  datum = next;
  for (const listener of datumListeners) listener(next);
}

/** Calls `listener` whenever the drawn datum changes; returns the stop function. */
export function onDatumChange(listener: (datum: MapDatum) => void): () => void {
  datumListeners.add(listener);
  return () => datumListeners.delete(listener);
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

/** The user's own preset; '' returns to the administrator's default. A custom style is set by setMapStyleUrl. */
export function setMapPreset(preset: BasemapPresetId | ''): void {
  if (preset === 'custom') throw new Error('a custom basemap needs its style URL: setMapStyleUrl');
  if (preset) setStore({ name: PRESET_KEY, content: preset });
  else removeStore(PRESET_KEY);
  basemapChoice();
}

/** The user's own style and its datum; an empty URL returns to the administrator's default. */
export function setMapStyleUrl(url: string, styleDatum: MapDatum = 'wgs84'): void {
  if (url.trim()) {
    setStore({ name: KEY, content: url.trim() });
    setStore({ name: DATUM_KEY, content: styleDatum });
    setStore({ name: PRESET_KEY, content: 'custom' });
  } else {
    removeStore(KEY);
    removeStore(DATUM_KEY);
    removeStore(PRESET_KEY);
  }
  basemapChoice();
}

/** What the gateway configured, read once at start. */
export function setServedMapStyle(url: string, styleDatum: MapDatum): void {
  served = { url: url.trim(), datum: styleDatum };
  basemapChoice();
}

/** The administrator's default basemap, read when a map page opens. */
export function setServedBasemap(config: BasemapConfig): void {
  servedBasemap = config;
}

/** Where the map opens before any vehicle is known: Shenzhen, where the simulator drives. */
export const DEFAULT_CENTER: [number, number] = [114.06, 22.54];
export const DEFAULT_ZOOM = 10;
