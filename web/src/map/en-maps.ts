import type { zhMaps } from './zh-maps';

/** English messages of the maps' basemaps. */
export const enMaps: Record<keyof typeof zhMaps, string> = {
  basemapLabel: 'Basemap',
  basemapDefault: 'Default (set by the administrator)',
  basemapOffline: 'Built-in outline (offline)',
  basemapAmapRoad: 'AMap · roads',
  basemapAmapSatellite: 'AMap · satellite',
  basemapTiandituVec: 'Tianditu · map',
  basemapTiandituImg: 'Tianditu · imagery',
  basemapOsm: 'OpenStreetMap',
  basemapCustom: 'Custom style URL',
  basemapStyleUrl: 'MapLibre style URL',
  basemapFallbackTiles: 'The basemap could not load (network or tile service unavailable): showing the built-in outline. Vehicle positions are still live.',
  basemapFallbackKey: 'Tianditu needs a key (platform parameter map.tiandituKey): showing the built-in outline.',
  basemapRetry: 'Retry',
};
