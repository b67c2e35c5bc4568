import type { MapDatum } from './gcj02.ts';

/**
 * The built-in basemaps. Positions, fences and tracks are stored in WGS-84; a preset says which
 * datum its tiles are drawn in, and the console converts at the drawing boundary. Tianditu's
 * CGCS2000 differs from WGS-84 by well under a metre, so it draws WGS-84 positions unchanged.
 * `offline` is the bundled outline (also what the maps fall back to when tiles cannot load);
 * `custom` is any MapLibre style URL, with the datum its owner says it has.
 */
export const BASEMAP_PRESET_IDS = ['offline', 'amap-road', 'amap-satellite', 'tianditu-vec', 'tianditu-img', 'osm', 'custom'] as const;
export type BasemapPresetId = (typeof BASEMAP_PRESET_IDS)[number];

export const PRESET_DATUM: Record<Exclude<BasemapPresetId, 'custom'>, MapDatum> = {
  offline: 'wgs84',
  'amap-road': 'gcj02',
  'amap-satellite': 'gcj02',
  'tianditu-vec': 'wgs84',
  'tianditu-img': 'wgs84',
  osm: 'wgs84',
};

/** Presets that need the Tianditu key (`tk`) to load a tile. */
export const KEYED_PRESETS: readonly BasemapPresetId[] = ['tianditu-vec', 'tianditu-img'];

/** The platform parameters an administrator sets for the maps (System → Params). */
export const BASEMAP_PARAMS = {
  /** The default preset of every user who has not chosen one (a BASEMAP_PRESET_IDS value). */
  preset: 'map.basemap',
  /** The Tianditu key the tianditu-* presets send as `tk`. */
  tiandituKey: 'map.tiandituKey',
  /**
   * An http(s) origin that replaces the host of every preset's tile URLs (path and query kept):
   * a tile mirror or proxy on a site without internet, or a test's own tile server.
   */
  tileOrigin: 'map.tileOrigin',
} as const;

/** What the gateway answers for the maps (GET /api/wdiov-system/map/basemap). */
export interface BasemapConfig {
  preset: BasemapPresetId;
  tiandituKey: string;
  tileOrigin: string;
}

export const isBasemapPreset = (value: unknown): value is BasemapPresetId =>
  typeof value === 'string' && (BASEMAP_PRESET_IDS as readonly string[]).includes(value);

/** `value` as a tile origin (`scheme://host[:port]`), or '' when it is not an http(s) URL. */
export function tileOriginOf(value: string | undefined): string {
  if (!value?.trim()) return '';
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : '';
  } catch {
    return '';
  }
}
