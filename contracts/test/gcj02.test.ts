import { describe, expect, it } from 'vitest';
import { gcj02ToWgs84, wgs84ToGcj02 } from '../src/geo/gcj02.ts';

// Reference pairs [WGS-84 lng, lat, GCJ-02 lng, lat] published with eviltransform (the
// reference implementations of the offset), in Shanghai, Shenzhen and Beijing.
const REFERENCE: [number, number, number, number][] = [
  [121.5272106, 31.1774276, 121.531541859215, 31.17530398364597],
  [113.912316, 22.543847, 113.9171764808363, 22.540796131694766],
  [116.377817, 39.911954, 116.38404722455657, 39.91334545536069],
  // The coordtransform README's example (Beijing).
  [116.404, 39.915, 116.41024449916938, 39.91640428150164],
];
/** Metres between two positions (haversine, mean Earth radius). */
const metres = ([x1, y1]: [number, number], [x2, y2]: [number, number]) => {
  const r = Math.PI / 180;
  const a = Math.sin(((y2 - y1) * r) / 2) ** 2 + Math.cos(y1 * r) * Math.cos(y2 * r) * Math.sin(((x2 - x1) * r) / 2) ** 2;
  return 2 * 6371008.8 * Math.asin(Math.sqrt(a));
};
/** 1e-6° is about 0.1 m. */
const CLOSE = 6;

describe('GCJ-02', () => {
  it('offsets WGS-84 positions in China as the reference points say', () => {
    for (const [lng, lat, gLng, gLat] of REFERENCE) {
      const [x, y] = wgs84ToGcj02(lng, lat);
      expect(x).toBeCloseTo(gLng, CLOSE);
      expect(y).toBeCloseTo(gLat, CLOSE);
    }
  });

  it('takes the offset back to within centimetres', () => {
    for (const [lng, lat, gLng, gLat] of REFERENCE) {
      const [x, y] = gcj02ToWgs84(gLng, gLat);
      expect(x).toBeCloseTo(lng, 7);
      expect(y).toBeCloseTo(lat, 7);
    }
  });

  it('takes a drawn GCJ-02 position back to WGS-84 within a metre, as stored fences need', () => {
    for (const [lng, lat, gLng, gLat] of REFERENCE) expect(metres(gcj02ToWgs84(gLng, gLat), [lng, lat])).toBeLessThan(1);
    // gcoord's published inverse of GCJ-02 (123, 45), to its 5 decimals.
    const [x, y] = gcj02ToWgs84(123, 45);
    expect(x).toBeCloseTo(122.99395597, 5);
    expect(y).toBeCloseTo(44.99804071, 5);
    // Forward again lands on the drawn point: what is stored is drawn where it was drawn.
    expect(metres(wgs84ToGcj02(...gcj02ToWgs84(116.404, 39.915)), [116.404, 39.915])).toBeLessThan(0.01);
  });

  it('leaves positions outside China as they are', () => {
    expect(wgs84ToGcj02(2.3522, 48.8566)).toEqual([2.3522, 48.8566]);
    expect(gcj02ToWgs84(-74.006, 40.7128)).toEqual([-74.006, 40.7128]);
  });
});
