import type { StyleSpecification } from 'maplibre-gl';
import atlasUrl from 'world-atlas/countries-50m.json?url';
import { isWorldTopology, offlineStyle } from './basemap-style';

let cached: Promise<StyleSpecification> | undefined;

/**
 * Fetched as a static asset (not bundled into JS): 236 kB gzip parsed by JSON.parse is cheaper
 * than the same data as a JS module, and the browser caches it across pages.
 * 50m rather than 110m: at city zoom the 110m coast is kilometres off.
 */
export function loadOfflineStyle(): Promise<StyleSpecification> {
  cached ??= fetch(atlasUrl)
    .then((response) => response.json() as Promise<unknown>)
    .then((topology) => {
      if (!isWorldTopology(topology)) throw new Error('world-atlas: not a countries topology');
      return offlineStyle(topology);
    })
    .catch((error: unknown) => {
      cached = undefined;
      throw error;
    });
  return cached;
}
