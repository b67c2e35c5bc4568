import { afterEach, describe, expect, it } from 'vitest';
import { fencesOnMap, geometryOnMap, pointOnMap, trackOnMap } from './datum-shapes';
import { distanceM } from './geo-math';
import type { Track } from './layers/map-ui';
import { fromMap, setServedMapStyle } from './map-settings';

// Reference pairs [WGS-84 lng, lat, GCJ-02 lng, lat] published with eviltransform (Shanghai, Shenzhen, Beijing).
const REFERENCE: [number, number, number, number][] = [
  [121.5272106, 31.1774276, 121.531541859215, 31.17530398364597],
  [113.912316, 22.543847, 113.9171764808363, 22.540796131694766],
  [116.377817, 39.911954, 116.38404722455657, 39.91334545536069],
];
const [SH, SZ] = REFERENCE as [[number, number, number, number], [number, number, number, number]];
const track: Track = {
  points: [{ ts: 1, lng: SZ[0], lat: SZ[1], speed: 30, soc: 80, heading: 90 }, { ts: 2, lng: SH[0], lat: SH[1], speed: 0, soc: null, heading: 0 }],
  path: Float64Array.from([SZ[0], SZ[1], SH[0], SH[1]]),
  stops: [{ lng: SH[0], lat: SH[1], start: 2, end: 3 }],
};
const gcj02Style = () => setServedMapStyle('https://tiles.example/style.json', 'gcj02');

afterEach(() => setServedMapStyle('', 'wgs84'));

describe('tracks and fences on the basemap datum', () => {
  it('draws a stored track where a GCJ-02 style puts it, and leaves it as it is on a WGS-84 one', () => {
    expect(trackOnMap(track)).toBe(track);
    gcj02Style();
    const shown = trackOnMap(track);
    expect(shown.points[0]).toMatchObject({ ts: 1, speed: 30, heading: 90 });
    expect(distanceM([shown.points[0]!.lng, shown.points[0]!.lat], [SZ[2], SZ[3]])).toBeLessThan(0.1);
    expect(distanceM([shown.path[2]!, shown.path[3]!], [SH[2], SH[3]])).toBeLessThan(0.1);
    expect(distanceM([shown.stops[0]!.lng, shown.stops[0]!.lat], [SH[2], SH[3]])).toBeLessThan(0.1);
    expect(pointOnMap({ lng: SZ[0], lat: SZ[1], heading: 5 })).toMatchObject({ heading: 5 });
    expect(track.path[0]).toBe(SZ[0]);
  });

  it('stores in WGS-84, to within a metre, the fence points clicked on a GCJ-02 style', () => {
    gcj02Style();
    for (const [lng, lat, gLng, gLat] of REFERENCE) expect(distanceM(fromMap(gLng, gLat), [lng, lat])).toBeLessThan(1);
    // A polygon drawn on the map, stored, then drawn again lands where it was clicked.
    const clicked = REFERENCE.map(([, , gLng, gLat]) => [gLng, gLat] as [number, number]);
    const stored = clicked.map(([x, y]) => fromMap(x, y));
    const shown = geometryOnMap({ kind: 'polygon', points: stored });
    if (shown.kind !== 'polygon') throw new Error('a polygon stays a polygon');
    shown.points.forEach((p, i) => expect(distanceM(p, clicked[i]!)).toBeLessThan(1));
    const [circle] = fencesOnMap([{ id: '1', name: 'c', geometry: { kind: 'circle', center: [SZ[0], SZ[1]], radius: 500 } }]);
    expect(circle!.geometry).toMatchObject({ kind: 'circle', radius: 500 });
  });

  it('takes clicks as they are on a WGS-84 style', () => {
    expect(fromMap(SZ[2], SZ[3])).toEqual([SZ[2], SZ[3]]);
  });
});
