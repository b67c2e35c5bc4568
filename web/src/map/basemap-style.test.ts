import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { isWorldTopology, offlineStyle } from './basemap-style';

const require = createRequire(import.meta.url);
const topology: unknown = JSON.parse(readFileSync(require.resolve('world-atlas/countries-110m.json'), 'utf8'));

describe('offline basemap style', () => {
  it('is sea, land, coast and boundaries from world-atlas, with no glyphs, sprites or tiles', () => {
    expect(isWorldTopology(topology)).toBe(true);
    if (!isWorldTopology(topology)) return;
    const style = offlineStyle(topology);
    expect(style.layers.map((l) => l.id)).toEqual(['sea', 'land', 'coast', 'boundaries']);
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    for (const source of Object.values(style.sources)) expect(source.type).toBe('geojson');
    const land = style.sources.land as { data: { type: string; features: unknown[] } };
    expect(land.data.type).toBe('FeatureCollection');
    expect(land.data.features.length).toBeGreaterThan(0);
    const boundaries = style.sources.boundaries as { data: { type: string } };
    expect(boundaries.data.type).toBe('MultiLineString');
  });

  it('refuses what is not a countries topology', () => {
    expect(isWorldTopology({ type: 'FeatureCollection' })).toBe(false);
    expect(isWorldTopology(null)).toBe(false);
  });
});
