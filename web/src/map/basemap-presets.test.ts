import { describe, expect, it } from 'vitest';
import type { RasterSourceSpecification } from 'maplibre-gl';
import { presetStyle, tileUrl, type PresetOptions } from './basemap-presets';

const NONE: PresetOptions = { tileOrigin: '', tiandituKey: '', lang: 'zh' };
const raster = (style: ReturnType<typeof presetStyle>, id = 'basemap') => style!.sources[id] as RasterSourceSpecification;
const fill = (template: string, x: number, y: number, z: number) => template.replace('{x}', String(x)).replace('{y}', String(y)).replace('{z}', String(z));

describe('basemap presets', () => {
  it('AMap roads: 256-pixel tiles from the four webrd hosts, z3–18, drawn in GCJ-02, labels in the console language', () => {
    const style = presetStyle('amap-road', NONE)!;
    expect(style.metadata).toEqual({ 'wdiov:preset': 'amap-road', 'wdiov:datum': 'gcj02' });
    const source = raster(style);
    expect(source).toMatchObject({ type: 'raster', tileSize: 256, minzoom: 3, maxzoom: 18, attribution: '© 高德地图 AutoNavi' });
    expect(source.tiles).toEqual(['01', '02', '03', '04'].map((n) => `https://webrd${n}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}`));
    expect(raster(presetStyle('amap-road', { ...NONE, lang: 'en' })).tiles![0]).toContain('lang=en&');
    expect(style.layers).toEqual([{ id: 'basemap', type: 'raster', source: 'basemap' }]);
  });

  it('AMap satellite: imagery (style 6) under the transparent road and label overlay (style 8), GCJ-02', () => {
    const style = presetStyle('amap-satellite', NONE)!;
    expect(style.layers.map((l) => l.id)).toEqual(['basemap', 'basemap-labels']);
    expect(raster(style).tiles![2]).toBe('https://webst03.is.autonavi.com/appmaptile?style=6&x={x}&y={y}&z={z}');
    expect(raster(style, 'basemap-labels').tiles![0]).toBe('https://webst01.is.autonavi.com/appmaptile?style=8&x={x}&y={y}&z={z}');
    expect(style.metadata).toMatchObject({ 'wdiov:datum': 'gcj02' });
  });

  it('Tianditu needs its key: none configured, no style; with one, vec_w under cva_w from t0–t7 with tk, WGS-84', () => {
    expect(presetStyle('tianditu-vec', NONE)).toBeNull();
    expect(presetStyle('tianditu-img', NONE)).toBeNull();
    const style = presetStyle('tianditu-vec', { ...NONE, tiandituKey: 'k&1' })!;
    expect(style.metadata).toMatchObject({ 'wdiov:datum': 'wgs84' });
    const base = raster(style);
    expect(base).toMatchObject({ tileSize: 256, minzoom: 1, maxzoom: 18 });
    expect(base.tiles).toHaveLength(8);
    expect(fill(base.tiles![7]!, 26977, 12415, 15)).toBe(
      'https://t7.tianditu.gov.cn/vec_w/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=vec&STYLE=default&TILEMATRIXSET=w&FORMAT=tiles&TILEMATRIX=15&TILEROW=12415&TILECOL=26977&tk=k%261',
    );
    expect(raster(style, 'basemap-labels').tiles![0]).toContain('/cva_w/wmts?');
    expect(raster(presetStyle('tianditu-img', { ...NONE, tiandituKey: 'k' }), 'basemap-labels').tiles![0]).toContain('LAYER=cia&');
  });

  it('OpenStreetMap: the one tile host, z0–19, with its copyright credit, WGS-84', () => {
    const style = presetStyle('osm', NONE)!;
    expect(raster(style)).toMatchObject({ tiles: ['https://tile.openstreetmap.org/{z}/{x}/{y}.png'], maxzoom: 19 });
    expect(raster(style).attribution).toContain('OpenStreetMap');
    expect(style.metadata).toMatchObject({ 'wdiov:datum': 'wgs84' });
  });

  it('a tile origin replaces scheme and host only, keeping each template\'s path, query and placeholders', () => {
    const origin = 'http://127.0.0.1:9911';
    expect(raster(presetStyle('amap-road', { ...NONE, tileOrigin: origin })).tiles).toEqual(
      Array(4).fill(`${origin}/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}`),
    );
    expect(raster(presetStyle('osm', { ...NONE, tileOrigin: `${origin}/` })).tiles).toEqual([`${origin}/{z}/{x}/{y}.png`]);
    // The key still goes to a mirrored Tianditu.
    expect(tileUrl('https://t0.tianditu.gov.cn/img_w/wmts?LAYER=img&TILEMATRIX={z}', { tileOrigin: origin, tiandituKey: 'abc' })).toBe(`${origin}/img_w/wmts?LAYER=img&TILEMATRIX={z}&tk=abc`);
  });
});
