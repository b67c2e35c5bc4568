import { createContext, useContext } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { MapboxOverlay } from '@deck.gl/mapbox';
import type { LayerSlots } from './layer-slots';

/** The one map of a page and its deck.gl overlay, for the page's map controllers. */
export interface MapHandle {
  map: MapLibreMap;
  overlay: MapboxOverlay;
  /** Per-host layer lists and click handlers on the shared overlay. */
  slots: LayerSlots;
}

export const MapContext = createContext<MapHandle | null>(null);

export function useMapHandle(): MapHandle {
  const handle = useContext(MapContext);
  if (!handle) throw new Error('useMapHandle needs <MapView>');
  return handle;
}
