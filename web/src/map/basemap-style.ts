import type { StyleSpecification } from 'maplibre-gl';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/** Calm, low-contrast colours: the vehicles and fences are what the eye should find. */
export const BASEMAP_COLOURS = { sea: '#cfe3f3', land: '#f4f3ee', boundary: '#a8a29a', coast: '#8fb3cf' } as const;

type WorldTopology = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

/**
 * The offline basemap (UI.md): sea as the background, land filled, country boundaries and
 * coastlines as lines. No glyphs, no sprites, no tile server, so it renders with no network.
 * Boundaries are the mesh of shared country edges only, so a coast is never drawn twice.
 */
export function offlineStyle(topology: WorldTopology): StyleSpecification {
  const land = feature(topology, topology.objects.land);
  const boundaries = mesh(topology, topology.objects.countries, (a, b) => a !== b);
  const coast = mesh(topology, topology.objects.land);
  return {
    version: 8,
    name: 'wdiov-offline',
    sources: {
      land: { type: 'geojson', data: land },
      boundaries: { type: 'geojson', data: boundaries },
      coast: { type: 'geojson', data: coast },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': BASEMAP_COLOURS.sea } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': BASEMAP_COLOURS.land } },
      { id: 'coast', type: 'line', source: 'coast', paint: { 'line-color': BASEMAP_COLOURS.coast, 'line-width': 0.8 } },
      {
        id: 'boundaries',
        type: 'line',
        source: 'boundaries',
        paint: { 'line-color': BASEMAP_COLOURS.boundary, 'line-width': 0.8, 'line-dasharray': [3, 2] },
      },
    ],
  };
}

export function isWorldTopology(value: unknown): value is WorldTopology {
  const v = value as { type?: unknown; objects?: Record<string, unknown> } | null;
  return !!v && v.type === 'Topology' && !!v.objects?.countries && !!v.objects?.land;
}
