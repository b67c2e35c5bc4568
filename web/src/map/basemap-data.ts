import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

export type LandTopology = Topology<{ land: GeometryCollection }>;
export type CountriesTopology = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;
type Country = { id?: string | number; properties?: { name?: string } };

/** Mainland China, Taiwan, Hong Kong and Macao (ISO 3166 numeric): no boundary is drawn between them. */
const CHINA = new Set(['156', '158', '344', '446']);
/**
 * Natural Earth draws de facto lines where the boundaries on the standard map of China differ
 * (with India and Bhutan) and across the Siachen Glacier. The offline basemap leaves those lines
 * out rather than show a contested one; an operator who needs surveyed boundaries configures a
 * reviewed tile style (map settings).
 */
const CONTESTED_WITH_CHINA = new Set(['356', '064']);

const code = (c: Country) => (c.id === undefined ? '' : String(c.id));
const isSiachen = (c: Country) => c.properties?.name === 'Siachen Glacier';

/** Whether the shared edge of two countries is drawn as a boundary. */
export function drawsBoundary(a: Country, b: Country): boolean {
  if (a === b) return false; // a coast, not a boundary
  const [x, y] = [code(a), code(b)];
  if (CHINA.has(x) && CHINA.has(y)) return false;
  if ((CHINA.has(x) && CONTESTED_WITH_CHINA.has(y)) || (CHINA.has(y) && CONTESTED_WITH_CHINA.has(x))) return false;
  return !isSiachen(a) && !isSiachen(b);
}

export function landFeatures(topology: LandTopology) {
  return feature(topology, topology.objects.land);
}

export function boundaryLines(topology: CountriesTopology) {
  return mesh(topology, topology.objects.countries, (a, b) => drawsBoundary(a as Country, b as Country));
}

/** JSON with coordinates rounded to `decimals` places (4 ≈ 11 m): a third of the bytes of full precision. */
export function compactJson(value: unknown, decimals = 4): string {
  const scale = 10 ** decimals;
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'number' ? Math.round(v * scale) / scale : v));
}

export function isCountriesTopology(value: unknown): value is CountriesTopology {
  const v = value as { type?: unknown; objects?: Record<string, unknown> } | null;
  return !!v && v.type === 'Topology' && !!v.objects?.countries && !!v.objects?.land;
}
