/**
 * Geofence shapes, as stored in electronicFence.geometry and drawn by the fence editor:
 * `{center:[lng,lat], radius}` (metres) for a circle (fence_type 1) and
 * `{points:[[lng,lat],…]}` for a polygon (fence_type 2), WGS84.
 *
 * The rule is written once, here: `fenceGeometryProblem` answers a code with parameters, which
 * the console's form and the gateway's answers word in their language (`fenceGeometryText`).
 */
import type { Language } from '../entity/validation-text.ts';

export const FenceType = { circle: 1, polygon: 2 } as const;

export type LngLat = [number, number];
export interface CircleGeometry { center: LngLat; radius: number }
export interface PolygonGeometry { points: LngLat[] }
export type FenceGeometry = CircleGeometry | PolygonGeometry;

/** Largest circle radius, metres (500 km). */
export const MAX_FENCE_RADIUS_M = 500_000;
/** Most corners of a polygon. */
export const MAX_FENCE_POINTS = 2000;

/** Which coordinate a problem is about: the circle's centre or a polygon's corner (1-based). */
export type FenceSpot = { centre: true } | { point: number };

export type FenceProblem =
  | { code: 'typeFirst' | 'unknownType' | 'notJson' | 'circleShape' | 'polygonShape' | 'radius' | 'radiusMax' | 'points' | 'pointsMax' }
  | { code: 'coordinate' | 'longitude' | 'latitude'; spot: FenceSpot };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A `[lng, lat]` pair, or its problem. */
function coordinateProblem(point: unknown, spot: FenceSpot): FenceProblem | null {
  if (!Array.isArray(point) || point.length !== 2 || !point.every((n) => typeof n === 'number' && Number.isFinite(n))) {
    return { code: 'coordinate', spot };
  }
  const [lng, lat] = point as LngLat;
  if (lng < -180 || lng > 180) return { code: 'longitude', spot };
  if (lat < -90 || lat > 90) return { code: 'latitude', spot };
  return null;
}

/**
 * A fence's geometry (an object, or its JSON text as stored) against its fence type (dictionary
 * fence_type): the first problem, or null when the shape fits. A circle has a centre and a radius
 * of more than 0 and at most 500 km; a polygon at least three distinct corners, at most 2000.
 */
export function fenceGeometryProblem(fenceType: unknown, raw: unknown): FenceProblem | null {
  if (isBlank(fenceType)) return { code: 'typeFirst' };
  let geometry = raw;
  if (typeof raw === 'string') {
    try {
      geometry = JSON.parse(raw);
    } catch {
      return { code: 'notJson' };
    }
  }
  const type = Number(fenceType);
  if (type === FenceType.circle) {
    if (!isRecord(geometry) || !('center' in geometry) || !('radius' in geometry)) return { code: 'circleShape' };
    const centre = coordinateProblem(geometry.center, { centre: true });
    if (centre) return centre;
    if (typeof geometry.radius !== 'number' || !(geometry.radius > 0)) return { code: 'radius' };
    if (geometry.radius > MAX_FENCE_RADIUS_M) return { code: 'radiusMax' };
    return null;
  }
  if (type === FenceType.polygon) {
    if (!isRecord(geometry) || !Array.isArray(geometry.points)) return { code: 'polygonShape' };
    for (const [i, point] of geometry.points.entries()) {
      const problem = coordinateProblem(point, { point: i + 1 });
      if (problem) return problem;
    }
    if (new Set((geometry.points as LngLat[]).map((p) => `${p[0]},${p[1]}`)).size < 3) return { code: 'points' };
    if (geometry.points.length > MAX_FENCE_POINTS) return { code: 'pointsMax' };
    return null;
  }
  return { code: 'unknownType' };
}

const spotZh = (s: FenceSpot) => ('centre' in s ? '圆心' : `第 ${s.point} 个顶点`);
const spotEn = (s: FenceSpot) => ('centre' in s ? 'the centre' : `point ${s.point}`);

const TEXTS: Record<Language, (p: FenceProblem) => string> = {
  zh: (p) => {
    switch (p.code) {
      case 'typeFirst': return '请先选择围栏类型';
      case 'unknownType': return '未知的围栏类型';
      case 'notJson': return '围栏范围不是有效的JSON';
      case 'circleShape': return '圆形围栏应为 {"center":[经度,纬度],"radius":米数}';
      case 'polygonShape': return '多边形围栏应为 {"points":[[经度,纬度],…]}';
      case 'radius': return '半径应为大于 0 的米数';
      case 'radiusMax': return '半径不能超过 500 公里';
      case 'points': return '多边形至少需要 3 个不同的顶点';
      case 'pointsMax': return `多边形最多 ${MAX_FENCE_POINTS} 个顶点`;
      case 'coordinate': return `${spotZh(p.spot)}应为 [经度, 纬度]`;
      case 'longitude': return `${spotZh(p.spot)}的经度应在 -180 到 180 之间`;
      case 'latitude': return `${spotZh(p.spot)}的纬度应在 -90 到 90 之间`;
    }
  },
  en: (p) => {
    switch (p.code) {
      case 'typeFirst': return 'Choose the fence type first';
      case 'unknownType': return 'Unknown fence type';
      case 'notJson': return 'The geometry is not valid JSON';
      case 'circleShape': return 'A circle fence is {"center":[lng,lat],"radius":metres}';
      case 'polygonShape': return 'A polygon fence is {"points":[[lng,lat],…]}';
      case 'radius': return 'The radius must be a number of metres greater than 0';
      case 'radiusMax': return 'The radius cannot exceed 500 km';
      case 'points': return 'A polygon needs at least 3 distinct points';
      case 'pointsMax': return `A polygon has at most ${MAX_FENCE_POINTS} points`;
      case 'coordinate': return `The coordinate of ${spotEn(p.spot)} must be [longitude, latitude]`;
      case 'longitude': return `The longitude of ${spotEn(p.spot)} must be between -180 and 180`;
      case 'latitude': return `The latitude of ${spotEn(p.spot)} must be between -90 and 90`;
    }
  },
};

/** A fence problem worded in a language. */
export function fenceGeometryText(problem: FenceProblem, language: Language = 'zh'): string {
  return TEXTS[language](problem);
}

/**
 * Stored geometry (object or JSON text) of a fence type → the shape, or the message of its
 * problem in the language asked for (Chinese by default).
 */
export function checkFenceGeometry(fenceType: unknown, raw: unknown, language: Language = 'zh'): { ok: true; geometry: FenceGeometry } | { ok: false; message: string } {
  const problem = fenceGeometryProblem(fenceType, raw);
  if (problem) return { ok: false, message: fenceGeometryText(problem, language) };
  return { ok: true, geometry: (typeof raw === 'string' ? JSON.parse(raw) : raw) as FenceGeometry };
}
