import { checkFenceGeometry, entityByName, type NearPlace, type PlaceKind } from '@wdiov/contracts';
import { systemPrincipal } from '../crud/principal.ts';
import type { Repositories } from '../crud/repositories.ts';
import { TenantCached } from '../alarms/tenant-cache.ts';
import { distanceM, inside, type Geometry } from '../alarms/fence-watch.ts';

interface Place {
  kind: PlaceKind;
  name: string;
  lng: number;
  lat: number;
  /** A fence: its shape, so a point inside it is 0 m from it and one outside is measured to its edge. */
  shape?: Geometry;
}

const TTL_MS = 60_000;
/** A place farther than this says nothing useful about where the vehicle is. */
export const MAX_PLACE_M = 20_000;

/** Where each kind of place keeps its name; fences are read from their shape. */
const POINT_PLACES: [entity: 'chargeStation' | 'serviceStation' | 'storage', kind: PlaceKind, nameField: string][] = [
  ['chargeStation', 'chargeStation', 'stationName'],
  ['serviceStation', 'serviceStation', 'stationName'],
  ['storage', 'storage', 'storageName'],
];

/** Places of each kind read per tenant at most (without labels: a card may be waiting on the first read). */
const MAX_PLACES = 5_000;
const BY_ID = [{ field: 'id', asc: true }];
const coordinate = (v: unknown, limit: number) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN;
  return Number.isFinite(n) && Math.abs(n) <= limit && n !== 0 ? n : undefined;
};

/** Metres from a point to a place: to a fence's edge (0 inside it), else to the place's point. */
function metresTo(p: Place, lng: number, lat: number): number {
  if (!p.shape) return distanceM(lng, lat, p.lng, p.lat);
  if (inside(p.shape, lng, lat)) return 0;
  if ('center' in p.shape) return Math.max(0, distanceM(lng, lat, p.shape.center[0], p.shape.center[1]) - p.shape.radius);
  return Math.min(...p.shape.points.map(([x, y]) => distanceM(lng, lat, x, y)));
}

/**
 * The tenant's own places (charging and service stations, storages, fences), held in memory per
 * tenant and reloaded off the hot path (a write drops them through the `places` cache), so wording
 * a location never waits for storage once the tenant is loaded.
 */
export class TenantPlaces extends TenantCached<Place[]> {
  constructor(private readonly repos: Repositories, onError: (err: unknown, tenantId: string) => void = () => {}) {
    super(TTL_MS, onError);
  }

  protected async load(tenantId: string): Promise<Place[]> {
    const p = systemPrincipal(tenantId);
    const places: Place[] = [];
    for (const [entity, kind, nameField] of POINT_PLACES) {
      if (!entityByName(entity)) continue;
      for (const row of await this.repos.get(entity).pick(p, [nameField, 'lng', 'lat'], BY_ID, MAX_PLACES)) {
        const lng = coordinate(row.lng, 180);
        const lat = coordinate(row.lat, 90);
        const name = String(row[nameField] ?? '').trim();
        if (lng !== undefined && lat !== undefined && name) places.push({ kind, name, lng, lat });
      }
    }
    if (entityByName('electronicFence')) {
      for (const row of await this.repos.get('electronicFence').pick(p, ['fenceName', 'fenceType', 'geometry'], BY_ID, MAX_PLACES)) {
        const shape = checkFenceGeometry(row.fenceType, row.geometry);
        const name = String(row.fenceName ?? '').trim();
        if (!shape.ok || !name) continue;
        const g = shape.geometry;
        const [lng, lat] = 'center' in g ? g.center : g.points[0]!;
        places.push({ kind: 'fence', name, lng, lat, shape: g });
      }
    }
    return places;
  }

  /** The nearest of the tenant's places within MAX_PLACE_M, or undefined (none, or not loaded yet). */
  nearest(tenantId: string, lng: number, lat: number): NearPlace | undefined {
    let best: NearPlace | undefined;
    for (const p of this.cached(tenantId) ?? []) {
      const d = metresTo(p, lng, lat);
      if (d <= MAX_PLACE_M && (!best || d < best.distanceM)) best = { kind: p.kind, name: p.name, distanceM: Math.round(d) };
    }
    return best;
  }
}
