import type { Map as MapLibreMap } from 'maplibre-gl';
import type { MapboxOverlay } from '@deck.gl/mapbox';

declare global {
  interface Window {
    /** Dev/test builds only: the page's map and deck overlay, for browser tests to project and pick. */
    __wdMap?: { map: MapLibreMap; overlay: MapboxOverlay };
  }
}

/** Exposed where the live store is (live-feed.ts): dev, `--mode test`, or VITE_EXPOSE_LIVE_STORE=1; never in a plain build. */
export function exposeMapForTests(map: MapLibreMap, overlay: MapboxOverlay): () => void {
  const env = import.meta.env;
  if (!(env.DEV || env.MODE === 'test' || env.VITE_EXPOSE_LIVE_STORE === '1') || typeof window === 'undefined') return () => undefined;
  const exposed = { map, overlay };
  window.__wdMap = exposed;
  return () => {
    if (window.__wdMap === exposed) delete window.__wdMap;
  };
}
