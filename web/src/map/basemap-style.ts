import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { BASEMAP_FILES, FINE_LAND_FROM_ZOOM } from './basemap-files';

/** Calm, low-contrast colours: the vehicles and fences are what the eye should find. */
export const BASEMAP_COLOURS = { sea: '#cfe3f3', land: '#f4f3ee', boundary: '#a8a29a', coast: '#8fb3cf' } as const;

/**
 * The offline basemap (UI.md): sea as the background, land filled and outlined (the coast),
 * country boundaries as dashed lines. No glyphs, no sprites, no tile server, so it renders with
 * no network. The data are GeoJSON files by URL (basemapRoot + file), fetched and parsed in
 * MapLibre's worker; the 1:10M land takes over from the 1:50M one at FINE_LAND_FROM_ZOOM.
 */
export function offlineStyle(basemapRoot: string): StyleSpecification {
  const url = (file: string) => `${basemapRoot.replace(/\/?$/, '/')}${file}`;
  const land = (id: string, source: string, zoom: { minzoom?: number; maxzoom?: number }): LayerSpecification[] => [
    { id: `${id}-fill`, type: 'fill', source, ...zoom, paint: { 'fill-color': BASEMAP_COLOURS.land } },
    { id: `${id}-coast`, type: 'line', source, ...zoom, paint: { 'line-color': BASEMAP_COLOURS.coast, 'line-width': 0.8 } },
  ];
  return {
    version: 8,
    name: 'wdiov-offline',
    sources: {
      'land-coarse': { type: 'geojson', data: url(BASEMAP_FILES.landCoarse) },
      'land-fine': { type: 'geojson', data: url(BASEMAP_FILES.landFine) },
      boundaries: { type: 'geojson', data: url(BASEMAP_FILES.boundaries) },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': BASEMAP_COLOURS.sea } },
      ...land('land-coarse', 'land-coarse', { maxzoom: FINE_LAND_FROM_ZOOM }),
      ...land('land-fine', 'land-fine', { minzoom: FINE_LAND_FROM_ZOOM }),
      {
        id: 'boundaries',
        type: 'line',
        source: 'boundaries',
        paint: { 'line-color': BASEMAP_COLOURS.boundary, 'line-width': 0.8, 'line-dasharray': [3, 2] },
      },
    ],
  };
}
