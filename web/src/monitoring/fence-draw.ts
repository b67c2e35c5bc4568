import { distanceM } from '../map/geo-math';
import type { FenceGeometry } from '../map/layers/map-ui';

export type DrawMode = 'circle' | 'polygon';
type Point = [number, number];

/**
 * The fence being drawn, edited by clicks: a circle takes its centre then a point on its edge;
 * a polygon takes its vertices in order. Clicking a handle picks it; the next click moves it.
 */
export interface DraftState {
  mode: DrawMode;
  points: Point[];
  center: Point | null;
  radius: number;
  /** The picked handle (circle: 0 = centre), moved by the next click. */
  moving: number | null;
}

/** fenceType of the entity's dictionary fence_type: 1 circle, 2 polygon. */
export const FENCE_TYPE = { circle: 1, polygon: 2 } as const;

export const emptyDraft = (mode: DrawMode): DraftState => ({ mode, points: [], center: null, radius: 0, moving: null });

const round = (p: Point): Point => [Math.round(p[0] * 1e6) / 1e6, Math.round(p[1] * 1e6) / 1e6];

export function clickAt(s: DraftState, raw: Point): DraftState {
  const p = round(raw);
  if (s.mode === 'circle') {
    if (s.moving === 0 || !s.center) return { ...s, center: p, moving: null };
    return { ...s, radius: Math.round(distanceM(s.center, p)), moving: null };
  }
  if (s.moving !== null && s.moving < s.points.length) {
    const points = s.points.slice();
    points[s.moving] = p;
    return { ...s, points, moving: null };
  }
  return { ...s, points: [...s.points, p] };
}

export function pickHandle(s: DraftState, index: number): DraftState {
  return { ...s, moving: s.moving === index ? null : index };
}

export function undo(s: DraftState): DraftState {
  if (s.mode === 'circle') return s.radius > 0 ? { ...s, radius: 0 } : { ...s, center: null };
  return { ...s, points: s.points.slice(0, -1), moving: null };
}

export function setRadius(s: DraftState, radius: number): DraftState {
  return { ...s, radius: Math.max(0, Math.round(radius)) };
}

export function isComplete(s: DraftState): boolean {
  return s.mode === 'circle' ? s.center !== null && s.radius > 0 : s.points.length >= 3;
}

/** What the map shows while drawing (a polygon from its first vertex on). */
export function draftGeometry(s: DraftState): FenceGeometry | null {
  if (s.mode === 'circle') return s.center ? { kind: 'circle', center: s.center, radius: s.radius } : null;
  return s.points.length ? { kind: 'polygon', points: s.points } : null;
}

/** The entity's geometry JSON: {center:[lng,lat], radius} (metres) or {points:[[lng,lat],…]}. */
export function toWire(s: DraftState): { fenceType: number; geometry: unknown } {
  return s.mode === 'circle'
    ? { fenceType: FENCE_TYPE.circle, geometry: { center: s.center, radius: s.radius } }
    : { fenceType: FENCE_TYPE.polygon, geometry: { points: s.points } };
}

const isPoint = (v: unknown): v is Point => Array.isArray(v) && v.length >= 2 && v.every((n) => typeof n === 'number' && Number.isFinite(n));

/** A stored fence back into a geometry; null when the JSON does not fit its type. */
export function geometryFromWire(fenceType: unknown, geometry: unknown): FenceGeometry | null {
  let g = geometry;
  if (typeof g === 'string') {
    try {
      g = JSON.parse(g);
    } catch {
      return null;
    }
  }
  const r = (g ?? {}) as { center?: unknown; radius?: unknown; points?: unknown };
  if (Number(fenceType) === FENCE_TYPE.circle && isPoint(r.center) && Number(r.radius) > 0) {
    return { kind: 'circle', center: [r.center[0], r.center[1]], radius: Number(r.radius) };
  }
  if (Number(fenceType) === FENCE_TYPE.polygon && Array.isArray(r.points) && r.points.length >= 3 && r.points.every(isPoint)) {
    return { kind: 'polygon', points: (r.points as Point[]).map((p) => [p[0], p[1]]) };
  }
  return null;
}

export function draftFrom(geometry: FenceGeometry): DraftState {
  return geometry.kind === 'circle'
    ? { ...emptyDraft('circle'), center: geometry.center, radius: geometry.radius }
    : { ...emptyDraft('polygon'), points: geometry.points };
}
