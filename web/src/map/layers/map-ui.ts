import type { LiveStore } from '../../live-store/live-store';
import type { Layer } from '@deck.gl/core';

/** A fence as drawn: circles keep centre + radius (metres), polygons their ring. */
export type FenceGeometry = { kind: 'circle'; center: [number, number]; radius: number } | { kind: 'polygon'; points: [number, number][] };

export interface FenceShape {
  id: string;
  name: string;
  geometry: FenceGeometry;
}

export interface TrackPoint {
  ts: number;
  lng: number;
  lat: number;
  speed: number;
  soc: number | null;
  heading: number;
}

export interface StopPoint {
  lng: number;
  lat: number;
  start: number;
  end: number;
}

/** A loaded track: the path is flat [lng, lat, …] so deck.gl reads it without per-point arrays. */
export interface Track {
  points: TrackPoint[];
  path: Float64Array;
  stops: StopPoint[];
}

/**
 * Everything the layers read besides the store. React owns these values (selection, view,
 * fences, playback); the layer host passes them in. Objects keep their identity while they
 * do not change, so deck.gl sees the same `data` and skips the work.
 */
export interface MapUi {
  zoom: number;
  selectedVin?: string;
  /** Below this zoom the fleet is drawn as density cells instead of dots. */
  aggregateBelowZoom: number;
  /** Heading arrows only from this zoom on: at city scale they are noise. */
  headingFromZoom: number;
  fences?: readonly FenceShape[];
  selectedFenceId?: string;
  /** The fence being drawn or edited (vertices shown as handles). */
  draft?: FenceGeometry | null;
  track?: Track | null;
  playhead?: { lng: number; lat: number; heading: number } | null;
}

export const DEFAULT_UI: MapUi = { zoom: 10, aggregateBelowZoom: 7, headingFromZoom: 12 };

export type LayerFactory = (store: LiveStore, ui: MapUi) => Layer | null;
