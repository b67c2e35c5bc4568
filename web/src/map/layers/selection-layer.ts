import { ScatterplotLayer } from '@deck.gl/layers';
import type { LiveStore } from '../../live-store/live-store';
import type { MapUi } from './map-ui';

export const SELECTION_LAYER_ID = 'live-selection';

const EMPTY: number[] = [];
const cache = new WeakMap<LiveStore, { slot: number; data: number[] }>();

/** The same one-element array while the selection holds, so deck.gl sees unchanged data. */
function selectionData(store: LiveStore, vin: string | undefined): number[] {
  const slot = vin === undefined ? undefined : store.slotOf(vin);
  if (slot === undefined) return EMPTY;
  const held = cache.get(store);
  if (held?.slot === slot) return held.data;
  const data = [slot];
  cache.set(store, { slot, data });
  return data;
}

/** A ring around the chosen vehicle; its position follows the store through the version trigger. */
export function selectionLayer(store: LiveStore, ui: MapUi) {
  return new ScatterplotLayer<number>({
    id: SELECTION_LAYER_ID,
    data: selectionData(store, ui.selectedVin),
    getPosition: (slot) => [store.positions[slot * 2], store.positions[slot * 2 + 1]],
    getRadius: 12,
    radiusUnits: 'pixels',
    filled: false,
    stroked: true,
    getLineColor: [255, 196, 0, 255],
    lineWidthUnits: 'pixels',
    getLineWidth: 3,
    updateTriggers: { getPosition: store.version },
  });
}
