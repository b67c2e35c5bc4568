import type { FenceGeometry, FenceShape, Track } from './layers/map-ui';
import { mapDatum, onMap } from './map-settings';

/**
 * Stored tracks and fences (WGS-84) where the basemap in use draws them: on a GCJ-02 style of a
 * Chinese provider every point is offset, elsewhere the same objects are returned (deck.gl then
 * sees unchanged data). Points clicked on the map go the other way through map-settings' fromMap.
 */

const wgs84 = () => mapDatum() !== 'gcj02';

/** A track with its points, path and stops on the basemap's datum (times, speeds and headings kept). */
export function trackOnMap(track: Track): Track {
  if (wgs84()) return track;
  const path = new Float64Array(track.path.length);
  for (let i = 0; i + 1 < path.length; i += 2) [path[i], path[i + 1]] = onMap(track.path[i]!, track.path[i + 1]!);
  const at = <P extends { lng: number; lat: number }>(p: P): P => {
    const [lng, lat] = onMap(p.lng, p.lat);
    return { ...p, lng, lat };
  };
  return { points: track.points.map(at), path, stops: track.stops.map(at) };
}

/** One position (the playhead) on the basemap's datum. */
export function pointOnMap<P extends { lng: number; lat: number }>(p: P): P {
  if (wgs84()) return p;
  const [lng, lat] = onMap(p.lng, p.lat);
  return { ...p, lng, lat };
}

/** A fence's geometry on the basemap's datum: a circle's centre moves, its radius (metres) stays. */
export function geometryOnMap(g: FenceGeometry): FenceGeometry {
  if (wgs84()) return g;
  return g.kind === 'circle' ? { ...g, center: onMap(...g.center) } : { ...g, points: g.points.map(([lng, lat]) => onMap(lng, lat)) };
}

/** Fences on the basemap's datum. */
export function fencesOnMap(fences: readonly FenceShape[]): readonly FenceShape[] {
  return wgs84() ? fences : fences.map((f) => ({ ...f, geometry: geometryOnMap(f.geometry) }));
}
