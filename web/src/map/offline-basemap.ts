import type { StyleSpecification } from 'maplibre-gl';
import { BASEMAP_COLOURS, offlineStyle } from './basemap-style';

/** The map without a basemap: one land-coloured background (what shows when no style can be read). */
export const PLAIN_STYLE: StyleSpecification = {
  version: 8, name: 'wdiov-plain', sources: {}, layers: [{ id: 'plain', type: 'background', paint: { 'background-color': BASEMAP_COLOURS.land } }],
};

/**
 * The offline style, its files served beside the console (/basemap/, see
 * web/build/basemap-assets.ts). Absolute URLs: MapLibre's worker resolves nothing relative.
 * Async so that a style needing a fetch first can take its place without touching the map.
 */
export function loadOfflineStyle(): Promise<StyleSpecification> {
  return Promise.resolve(offlineStyle(new URL(`${import.meta.env.BASE_URL}basemap/`, window.location.href).href));
}
