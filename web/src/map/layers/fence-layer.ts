import { PolygonLayer, ScatterplotLayer } from '@deck.gl/layers';
import { circleRing } from '../geo-math';
import type { LiveStore } from '../../live-store/live-store';
import type { FenceGeometry, FenceShape, MapUi } from './map-ui';

export const FENCES_LAYER_ID = 'fences';
export const DRAFT_LAYER_ID = 'fence-draft';
export const DRAFT_HANDLES_LAYER_ID = 'fence-draft-handles';

export function ringOf(geometry: FenceGeometry): [number, number][] {
  return geometry.kind === 'circle' ? circleRing(geometry.center, geometry.radius) : geometry.points;
}

const NO_FENCES: readonly FenceShape[] = [];
const rings = new WeakMap<FenceShape, [number, number][]>();

/** Circles become rings once per fence object, not on every redraw. */
function fenceRing(fence: FenceShape): [number, number][] {
  let ring = rings.get(fence);
  if (!ring) {
    ring = ringOf(fence.geometry);
    rings.set(fence, ring);
  }
  return ring;
}

/** Saved fences: polygons and circles alike, the selected one emphasised. */
export function fencesLayer(_store: LiveStore, ui: MapUi) {
  return new PolygonLayer<FenceShape>({
    id: FENCES_LAYER_ID,
    data: ui.fences ?? NO_FENCES,
    getPolygon: fenceRing,
    getFillColor: (f) => (f.id === ui.selectedFenceId ? [64, 158, 255, 70] : [64, 158, 255, 30]),
    getLineColor: [64, 158, 255, 220],
    lineWidthUnits: 'pixels',
    getLineWidth: (f) => (f.id === ui.selectedFenceId ? 3 : 1.5),
    pickable: true,
    updateTriggers: { getFillColor: ui.selectedFenceId, getLineWidth: ui.selectedFenceId },
  });
}

/** The fence being drawn: its outline, open while a polygon is still being clicked. */
export function draftLayer(_store: LiveStore, ui: MapUi) {
  const draft = ui.draft;
  const data = draft ? [draft] : [];
  return new PolygonLayer<FenceGeometry>({
    id: DRAFT_LAYER_ID,
    data,
    getPolygon: ringOf,
    getFillColor: [245, 108, 108, 40],
    getLineColor: [245, 108, 108, 255],
    lineWidthUnits: 'pixels',
    getLineWidth: 2,
  });
}

/** Vertex handles (or the circle's centre) so the user sees what a click will move. */
export function draftHandlesLayer(_store: LiveStore, ui: MapUi) {
  const draft = ui.draft;
  const data: [number, number][] = !draft ? [] : draft.kind === 'circle' ? [draft.center] : draft.points;
  return new ScatterplotLayer<[number, number]>({
    id: DRAFT_HANDLES_LAYER_ID,
    data,
    getPosition: (p) => p,
    // Pickable: clicking a handle selects it for moving (fence editor).
    pickable: true,
    getRadius: 6,
    radiusUnits: 'pixels',
    getFillColor: [255, 255, 255, 255],
    stroked: true,
    getLineColor: [245, 108, 108, 255],
    lineWidthUnits: 'pixels',
    getLineWidth: 2,
  });
}
