import type { RasterSourceSpecification, StyleSpecification } from 'maplibre-gl';
import { KEYED_PRESETS, PRESET_DATUM, type BasemapPresetId } from '@wdiov/contracts/geo/basemap-presets';

/** The raster presets (everything but the bundled outline and a custom style URL). */
export type TilePresetId = Exclude<BasemapPresetId, 'offline' | 'custom'>;

/** The basemap's sources: the watch on tile failures listens to these alone (basemap-watch.ts). */
export const BASEMAP_SOURCES = ['basemap', 'basemap-labels'] as const;

interface TileSet {
  /** URL templates, one per subdomain (MapLibre has no `{s}`: it picks `(x + y) % n`). */
  tiles: string[];
  minzoom: number;
  maxzoom: number;
  attribution?: string;
}

const hosts = (pattern: string, names: readonly string[]) => names.map((n) => pattern.replace('{s}', n));
const AMAP_HOSTS = ['01', '02', '03', '04'];
const TIANDITU_HOSTS = ['0', '1', '2', '3', '4', '5', '6', '7'];
const AMAP_ATTRIBUTION = '© 高德地图 AutoNavi';
const TIANDITU_ATTRIBUTION = '© 天地图 Tianditu';

/** Tianditu WMTS in the spherical-Mercator matrix set `w` (the `_c` lat-lon sets cannot be drawn by MapLibre). */
const tianditu = (layer: string, attribution?: string): TileSet => ({
  tiles: hosts(`https://t{s}.tianditu.gov.cn/${layer}_w/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=${layer}&STYLE=default&TILEMATRIXSET=w&FORMAT=tiles&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}`, TIANDITU_HOSTS),
  minzoom: 1,
  maxzoom: 18,
  attribution,
});

/**
 * Each preset's tile sets, base first, labels above. AMap's road map takes its labels in the
 * console's language; its satellite imagery gets the transparent road-and-label overlay.
 */
function tileSets(preset: TilePresetId, lang: 'zh' | 'en'): TileSet[] {
  switch (preset) {
    case 'amap-road':
      return [{
        tiles: hosts(`https://webrd{s}.is.autonavi.com/appmaptile?lang=${lang === 'en' ? 'en' : 'zh_cn'}&size=1&scale=1&style=8&x={x}&y={y}&z={z}`, AMAP_HOSTS),
        minzoom: 3, maxzoom: 18, attribution: AMAP_ATTRIBUTION,
      }];
    case 'amap-satellite':
      return [
        { tiles: hosts('https://webst{s}.is.autonavi.com/appmaptile?style=6&x={x}&y={y}&z={z}', AMAP_HOSTS), minzoom: 3, maxzoom: 18, attribution: AMAP_ATTRIBUTION },
        { tiles: hosts('https://webst{s}.is.autonavi.com/appmaptile?style=8&x={x}&y={y}&z={z}', AMAP_HOSTS), minzoom: 3, maxzoom: 18 },
      ];
    case 'tianditu-vec':
      return [tianditu('vec', TIANDITU_ATTRIBUTION), tianditu('cva')];
    case 'tianditu-img':
      return [tianditu('img', TIANDITU_ATTRIBUTION), tianditu('cia')];
    case 'osm':
      // The OSM tile policy asks for the one host, no subdomains.
      return [{
        tiles: ['https://tile.openstreetmap.org/{z}/{x}/{y}.png'], minzoom: 0, maxzoom: 19,
        attribution: '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
      }];
  }
}

export interface PresetOptions {
  /** Replaces the scheme and host of every template (a mirror, a proxy, a test's tile server); '' keeps them. */
  tileOrigin: string;
  /** Tianditu's `tk`, added at run time so that no key is ever in the bundle. */
  tiandituKey: string;
  lang: 'zh' | 'en';
}

/** `template` with its origin replaced by `origin` (kept when '') and `tk` appended for Tianditu. */
export function tileUrl(template: string, { tileOrigin, tiandituKey }: Pick<PresetOptions, 'tileOrigin' | 'tiandituKey'>): string {
  // Not `new URL`: it would percent-encode the `{x}` placeholders.
  let url = tileOrigin ? template.replace(/^https?:\/\/[^/]+/, tileOrigin.replace(/\/+$/, '')) : template;
  if (url.includes('tianditu.gov.cn/') || /\/\w+_w\/wmts\?/.test(url)) url += `&tk=${encodeURIComponent(tiandituKey)}`;
  return url;
}

export const needsKey = (preset: BasemapPresetId) => KEYED_PRESETS.includes(preset);

/**
 * The MapLibre style of a raster preset: 256-pixel tiles (MapLibre's default of 512 would draw
 * them at the wrong scale), each set a source from BASEMAP_SOURCES, the datum in the metadata.
 * null when the preset needs a Tianditu key and none is configured.
 */
export function presetStyle(preset: TilePresetId, options: PresetOptions): StyleSpecification | null {
  if (needsKey(preset) && !options.tiandituKey) return null;
  const sets = tileSets(preset, options.lang);
  const sources: Record<string, RasterSourceSpecification> = {};
  sets.forEach((set, i) => {
    sources[BASEMAP_SOURCES[i]!] = {
      type: 'raster',
      tiles: set.tiles.map((t) => tileUrl(t, options)),
      tileSize: 256,
      minzoom: set.minzoom,
      maxzoom: set.maxzoom,
      ...(set.attribution ? { attribution: set.attribution } : {}),
    };
  });
  return {
    version: 8,
    name: `wdiov-${preset}`,
    metadata: { 'wdiov:preset': preset, 'wdiov:datum': PRESET_DATUM[preset] },
    sources,
    layers: Object.keys(sources).map((id) => ({ id, type: 'raster' as const, source: id })),
  };
}
