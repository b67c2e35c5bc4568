import { PathLayer, ScatterplotLayer } from '@deck.gl/layers';
import type { LiveStore } from '../../live-store/live-store';
import type { MapUi, StopPoint, Track } from './map-ui';

export const TRACK_LAYER_ID = 'track-path';
export const PLAYHEAD_LAYER_ID = 'track-playhead';
export const STOPS_LAYER_ID = 'track-stops';

const NO_TRACKS: Track[] = [];
const wrapped = new WeakMap<Track, Track[]>();

/** The same one-element array per track object: a seek must not re-tessellate the path. */
function trackData(track: Track | null | undefined): Track[] {
  if (!track) return NO_TRACKS;
  let data = wrapped.get(track);
  if (!data) {
    data = [track];
    wrapped.set(track, data);
  }
  return data;
}

/** The whole route of a playback; `positionFormat: 'XY'` reads the flat Float64Array as is. */
export function trackLayer(_store: LiveStore, ui: MapUi) {
  return new PathLayer<Track>({
    id: TRACK_LAYER_ID,
    data: trackData(ui.track),
    getPath: (t) => t.path as unknown as [number, number][],
    positionFormat: 'XY',
    getColor: [64, 158, 255, 230],
    widthUnits: 'pixels',
    getWidth: 4,
    jointRounded: true,
    capRounded: true,
  });
}

const NO_STOPS: StopPoint[] = [];

export function stopsLayer(_store: LiveStore, ui: MapUi) {
  return new ScatterplotLayer<StopPoint>({
    id: STOPS_LAYER_ID,
    data: ui.track?.stops ?? NO_STOPS,
    getPosition: (s) => [s.lng, s.lat],
    getRadius: 6,
    radiusUnits: 'pixels',
    getFillColor: [230, 162, 60, 255],
    stroked: true,
    getLineColor: [255, 255, 255, 255],
    lineWidthUnits: 'pixels',
    getLineWidth: 2,
    pickable: true,
  });
}

/** The playhead moves every frame of playback: one point, so rebuilding it is free. */
export function playheadLayer(_store: LiveStore, ui: MapUi) {
  const head = ui.playhead;
  return new ScatterplotLayer<{ lng: number; lat: number }>({
    id: PLAYHEAD_LAYER_ID,
    data: head ? [head] : [],
    getPosition: (p) => [p.lng, p.lat],
    getRadius: 8,
    radiusUnits: 'pixels',
    getFillColor: [245, 108, 108, 255],
    stroked: true,
    getLineColor: [255, 255, 255, 255],
    lineWidthUnits: 'pixels',
    getLineWidth: 2,
  });
}
