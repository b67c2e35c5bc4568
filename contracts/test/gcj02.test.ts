import { describe, expect, it } from 'vitest';
import { gcj02ToWgs84, wgs84ToGcj02 } from '../src/geo/gcj02.ts';

// Reference pairs [WGS-84 lng, lat, GCJ-02 lng, lat] published with eviltransform (the
// reference implementations of the offset), in Shanghai, Shenzhen and Beijing.
const REFERENCE: [number, number, number, number][] = [
  [121.5272106, 31.1774276, 121.531541859215, 31.17530398364597],
  [113.912316, 22.543847, 113.9171764808363, 22.540796131694766],
  [116.377817, 39.911954, 116.38404722455657, 39.91334545536069],
];
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

  it('leaves positions outside China as they are', () => {
    expect(wgs84ToGcj02(2.3522, 48.8566)).toEqual([2.3522, 48.8566]);
    expect(gcj02ToWgs84(-74.006, 40.7128)).toEqual([-74.006, 40.7128]);
  });
});
