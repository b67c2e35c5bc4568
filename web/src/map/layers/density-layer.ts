import { ScreenGridLayer } from '@deck.gl/aggregation-layers';
import type { LiveStore } from '../../live-store/live-store';
import type { MapUi } from './map-ui';

export const DENSITY_LAYER_ID = 'live-density';

/** Light to dark blue: counts, not states, so it must not borrow the state colours. */
const COLOR_RANGE: [number, number, number][] = [
  [198, 219, 239], [158, 202, 225], [107, 174, 214], [66, 146, 198], [33, 113, 181], [8, 69, 148],
];

/**
 * At country scale 10,000 dots are one blur: screen-space cells show where the fleet is.
 * GPU aggregation, so a new batch costs a buffer upload, not a CPU pass.
 */
export function densityLayer(store: LiveStore, ui: MapUi) {
  return new ScreenGridLayer({
    id: DENSITY_LAYER_ID,
    data: store.binary(),
    cellSizePixels: 24,
    cellMarginPixels: 2,
    colorRange: COLOR_RANGE,
    opacity: 0.8,
    visible: ui.zoom < ui.aggregateBelowZoom,
    updateTriggers: { getPosition: store.version },
  });
}
