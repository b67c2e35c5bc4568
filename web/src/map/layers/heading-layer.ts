import { IconLayer } from '@deck.gl/layers';
import type { LiveStore } from '../../live-store/live-store';
import type { MapUi } from './map-ui';

export const HEADING_LAYER_ID = 'live-heading';

/** An arrow pointing north, drawn as a mask so deck.gl tints it with the state colour. */
const ARROW_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><path d="M16 1 L27 29 L16 22 L5 29 Z" fill="#fff"/></svg>';

/** A data URL: the map must work without a sprite server (UI.md offline basemap). */
export const ARROW_ATLAS = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(ARROW_SVG)}`;
export const ARROW_MAPPING = { arrow: { x: 0, y: 0, width: 32, height: 32, mask: true } } as const;

const arrowIcon = () => 'arrow';

/** Heading arrows from the store's `angles` (already turned to deck.gl's counter-clockwise degrees). */
export function headingLayer(store: LiveStore, ui: MapUi) {
  return new IconLayer({
    id: HEADING_LAYER_ID,
    data: store.binary(),
    iconAtlas: ARROW_ATLAS,
    iconMapping: ARROW_MAPPING,
    getIcon: arrowIcon,
    getSize: 18,
    sizeUnits: 'pixels',
    billboard: false,
    visible: ui.zoom >= ui.headingFromZoom,
    updateTriggers: { getPosition: store.version, getColor: store.version, getAngle: store.version },
  });
}
