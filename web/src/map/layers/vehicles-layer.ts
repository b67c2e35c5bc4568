import { ScatterplotLayer } from '@deck.gl/layers';
import type { LiveStore } from '../../live-store/live-store';
import type { MapUi } from './map-ui';

export const VEHICLES_LAYER_ID = 'live-vehicles';

/**
 * One dot per vehicle, coloured by state, straight from the store's typed arrays: no accessor
 * runs per vehicle. Hidden (not removed, so GPU buffers stay) while the density view is on.
 */
export function vehiclesLayer(store: LiveStore, ui: MapUi) {
  return new ScatterplotLayer({
    id: VEHICLES_LAYER_ID,
    data: store.binary(),
    getRadius: 5,
    radiusUnits: 'pixels',
    stroked: true,
    getLineColor: [255, 255, 255, 230],
    lineWidthUnits: 'pixels',
    getLineWidth: 1,
    pickable: true,
    visible: ui.zoom >= ui.aggregateBelowZoom,
    updateTriggers: { getPosition: store.version, getFillColor: store.version },
  });
}
