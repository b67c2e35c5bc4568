import { afterEach, describe, expect, it } from 'vitest';
import { wgs84ToGcj02 } from '@wdiov/contracts';
import type { LivePosition } from '@wdiov/contracts/live/socket-messages';
import { LiveStore } from '../live-store/live-store';
import { mapDatum, mapStyleUrl, onMap, setMapStyleUrl, setServedMapStyle } from './map-settings';

// Shenzhen, where the simulator drives: GCJ-02 moves it some 500 m.
const LNG = 113.912316;
const LAT = 22.543847;
const at = (lng = LNG, lat = LAT): LivePosition => ({ vin: 'A', lng, lat, speed: 0, heading: 0, soc: null, state: 1, alarmLevel: 0, ts: 1 });
const drawnAt = () => {
  const store = new LiveStore(1);
  store.apply([at()]);
  return [store.positions[0], store.positions[1]];
};

afterEach(() => {
  setMapStyleUrl('');
  setServedMapStyle('', 'wgs84');
});

describe('the basemap style and its datum', () => {
  it('draws WGS-84 positions as they are on the offline basemap, whatever datum the gateway names without a style', () => {
    setServedMapStyle('', 'gcj02');
    expect(mapStyleUrl()).toBe('');
    expect(mapDatum()).toBe('wgs84');
    expect(drawnAt()).toEqual([LNG, LAT]);
  });

  it("converts positions to GCJ-02 on the gateway's GCJ-02 style (the live store and the large screen's bounds)", () => {
    setServedMapStyle('https://tiles.example.cn/style.json', 'gcj02');
    expect(mapStyleUrl()).toBe('https://tiles.example.cn/style.json');
    const [x, y] = wgs84ToGcj02(LNG, LAT);
    expect(drawnAt()).toEqual([x, y]);
    expect(onMap(LNG, LAT)).toEqual([x, y]);
  });

  it("a user's own style wins, with its own datum; clearing it returns to the gateway's", () => {
    setServedMapStyle('https://tiles.example.cn/style.json', 'gcj02');
    setMapStyleUrl('https://tiles.example.org/style.json', 'wgs84');
    expect(mapStyleUrl()).toBe('https://tiles.example.org/style.json');
    expect(drawnAt()).toEqual([LNG, LAT]);
    setMapStyleUrl('');
    expect(mapStyleUrl()).toBe('https://tiles.example.cn/style.json');
    expect(mapDatum()).toBe('gcj02');
  });
});
