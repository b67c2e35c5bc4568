import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { offlineStyle } from './basemap-style';
import { boundaryLines, compactJson, drawsBoundary, isCountriesTopology, landFeatures } from './basemap-data';
import { FINE_LAND_FROM_ZOOM } from './basemap-files';

const require = createRequire(import.meta.url);
const topology: unknown = JSON.parse(readFileSync(require.resolve('world-atlas/countries-110m.json'), 'utf8'));
const china = { id: '156' };

describe('offline basemap style', () => {
  it('is sea, land with its coast at two scales, and boundaries: GeoJSON by URL, no glyphs, sprites or tiles', () => {
    const style = offlineStyle('http://console.example/basemap');
    expect(style.layers.map((l) => l.id)).toEqual(['sea', 'land-coarse-fill', 'land-coarse-coast', 'land-fine-fill', 'land-fine-coast', 'boundaries']);
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    expect(Object.values(style.sources).map((s) => (s as { data: string }).data)).toEqual([
      'http://console.example/basemap/land-50m.json', 'http://console.example/basemap/land-10m.json', 'http://console.example/basemap/boundaries-50m.json',
    ]);
    const zooms = Object.fromEntries(style.layers.map((l) => [l.id, [l.minzoom, l.maxzoom]]));
    expect(zooms['land-coarse-fill']).toEqual([undefined, FINE_LAND_FROM_ZOOM]);
    expect(zooms['land-fine-coast']).toEqual([FINE_LAND_FROM_ZOOM, undefined]);
  });
});

describe('offline basemap data', () => {
  it('turns the world-atlas topology into land polygons and boundary lines', () => {
    expect(isCountriesTopology(topology)).toBe(true);
    if (!isCountriesTopology(topology)) return;
    expect(landFeatures(topology).features.length).toBeGreaterThan(0);
    const lines = boundaryLines(topology);
    expect(lines.type).toBe('MultiLineString');
    expect(lines.coordinates.length).toBeGreaterThan(100);
  });

  it('draws no line between mainland China, Taiwan, Hong Kong and Macao, nor a contested de facto line', () => {
    for (const other of ['158', '344', '446', '356', '064']) {
      expect(drawsBoundary(china, { id: other })).toBe(false);
      expect(drawsBoundary({ id: other }, china)).toBe(false);
    }
    expect(drawsBoundary({ id: '586', properties: { name: 'Pakistan' } }, { properties: { name: 'Siachen Glacier' } })).toBe(false);
    expect(drawsBoundary(china, { id: '496' })).toBe(true); // Mongolia
    expect(drawsBoundary({ id: '356' }, { id: '524' })).toBe(true); // India–Nepal
    expect(drawsBoundary(china, china)).toBe(false);
  });

  it('rounds coordinates to 4 decimals in the written files', () => {
    expect(compactJson({ coordinates: [[114.0612345678, 22.5432198765]] })).toBe('{"coordinates":[[114.0612,22.5432]]}');
  });

  it('refuses what is not a countries topology', () => {
    expect(isCountriesTopology({ type: 'FeatureCollection' })).toBe(false);
    expect(isCountriesTopology(null)).toBe(false);
  });
});
