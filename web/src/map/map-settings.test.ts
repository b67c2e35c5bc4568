import { afterEach, describe, expect, it } from 'vitest';
import { wgs84ToGcj02 } from '@wdiov/contracts';
import type { LivePosition } from '@wdiov/contracts/live/socket-messages';
import { LiveStore } from '../live-store/live-store';
import { basemapChoice, mapDatum, mapStyleUrl, onDatumChange, onMap, setMapPreset, setMapStyleUrl, setServedBasemap, setServedMapStyle, userPreset } from './map-settings';

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
  setMapPreset('');
  setServedBasemap({ preset: 'offline', tiandituKey: '', tileOrigin: '' });
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

describe('the basemap preset in use', () => {
  const admin = (preset: Parameters<typeof setServedBasemap>[0]['preset']) => setServedBasemap({ preset, tiandituKey: '', tileOrigin: '' });

  it("is the administrator's default until the user chooses one; '' returns to the default", () => {
    setServedMapStyle('https://tiles.example.org/style.json', 'wgs84');
    expect(basemapChoice()).toEqual({ preset: 'custom', url: 'https://tiles.example.org/style.json', datum: 'wgs84' });
    admin('amap-road');
    expect(basemapChoice()).toEqual({ preset: 'amap-road', url: '', datum: 'gcj02' });
    setMapPreset('tianditu-vec');
    expect(userPreset()).toBe('tianditu-vec');
    expect(basemapChoice()).toMatchObject({ preset: 'tianditu-vec', datum: 'wgs84' });
    setMapPreset('');
    expect(basemapChoice().preset).toBe('amap-road');
    setMapStyleUrl('https://tiles.example.cn/own.json', 'gcj02');
    expect(userPreset()).toBe('custom');
    expect(basemapChoice()).toEqual({ preset: 'custom', url: 'https://tiles.example.cn/own.json', datum: 'gcj02' });
  });

  it('draws positions in the datum of the preset in use, and tells who listens when it changes', () => {
    const seen: string[] = [];
    const stop = onDatumChange((d) => seen.push(d));
    setMapPreset('amap-satellite');
    expect(mapDatum()).toBe('gcj02');
    expect(drawnAt()).toEqual(wgs84ToGcj02(LNG, LAT));
    setMapPreset('osm');
    expect(drawnAt()).toEqual([LNG, LAT]);
    setMapPreset('osm');
    stop();
    setMapPreset('amap-road');
    expect(seen).toEqual(['gcj02', 'wgs84']);
  });
});
