import { checkFenceGeometry, entityByName, parseDateTime, type FenceEvent, type FenceGeometry, type Telemetry } from '@wdiov/contracts';
import { systemPrincipal } from '../crud/principal.ts';
import type { Repositories } from '../crud/repositories.ts';
import { alarmId } from './alarm-tracker.ts';
import { TenantCached } from './tenant-cache.ts';

export type Geometry = FenceGeometry;

interface Fence {
  id: string;
  name: string;
  geometry: Geometry;
  /** 1 enter, 2 leave, 3 both (dictionary fence_alarm_on). */
  alarmOn: number;
  validFrom: number | null;
  validTo: number | null;
}

const TTL_MS = 30_000;
const EARTH_M = 6_371_000;

export function distanceM(lng1: number, lat1: number, lng2: number, lat2: number): number {
  const r = Math.PI / 180;
  const dLat = (lat2 - lat1) * r;
  const dLng = (lng2 - lng1) * r;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Ray casting in lng/lat: fences are small enough that the projection does not matter. */
export function inside(g: Geometry, lng: number, lat: number): boolean {
  if ('center' in g) return distanceM(g.center[0], g.center[1], lng, lat) <= g.radius;
  let hit = false;
  const pts = g.points;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const [xi, yi] = pts[i]!;
    const [xj, yj] = pts[j]!;
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}

/**
 * Fence entries and exits: each vehicle's side of each fence bound to it, compared frame by
 * frame. The first fix only sets the side (no event): nothing is known about where it was.
 * Fences come from an in-memory cache per tenant, so a check never waits for storage.
 */
export class FenceWatch extends TenantCached<Map<string, Fence[]>> {
  /** Per vehicle, its side of each fence (true inside). */
  private readonly sides = new Map<string, Map<string, boolean>>();

  constructor(private readonly repos: Repositories, private readonly utcOffsetMin = 480, onError: (err: unknown, tenantId: string) => void = () => {}) {
    super(TTL_MS, onError);
  }

  /** Set by check(): whether that snapshot changed a side this gateway knew (or learnt one). */
  sidesChanged = false;

  /** The vehicle left this gateway: what its sides were is no longer this gateway's to know. */
  forget(vin: string): void {
    this.sides.delete(vin);
  }

  /** A vehicle's sides, to hand over with it. */
  sidesOf(vin: string): Record<string, boolean> {
    return Object.fromEntries(this.sides.get(vin) ?? []);
  }

  /** Sides handed over from the gateway the vehicle was on. */
  restore(vin: string, sides: Record<string, boolean>): void {
    this.sides.set(vin, new Map(Object.entries(sides)));
  }

  protected async load(tenantId: string): Promise<Map<string, Fence[]>> {
    const byVehicle = new Map<string, Fence[]>();
    if (!entityByName('electronicFence') || !entityByName('electronicFenceVehicle')) return byVehicle;
    const p = systemPrincipal(tenantId);
    const all = { filters: [], ascs: [], descs: [] };
    const fences = new Map<string, Fence>();
    for (const f of await this.repos.get('electronicFence').all(p, all)) {
      // Rows stored before shapes were checked on submit may still be malformed: such a fence watches nothing.
      const shape = checkFenceGeometry(f.fenceType, f.geometry);
      if (!shape.ok) continue;
      const time = (v: unknown) => (v ? parseDateTime(String(v), this.utcOffsetMin)?.getTime() ?? null : null);
      fences.set(String(f.id), { id: String(f.id), name: String(f.fenceName ?? ''), geometry: shape.geometry, alarmOn: Number(f.alarmOn ?? 3), validFrom: time(f.validFrom), validTo: time(f.validTo) });
    }
    for (const b of await this.repos.get('electronicFenceVehicle').all(p, all)) {
      const fence = fences.get(String(b.fenceId));
      if (!fence) continue;
      byVehicle.set(String(b.vehicleId), [...(byVehicle.get(String(b.vehicleId)) ?? []), fence]);
    }
    return byVehicle;
  }

  /** Entries and exits this snapshot shows; none while the tenant's fences are not loaded yet. */
  check(t: Telemetry): FenceEvent[] {
    this.sidesChanged = false;
    if (t.lng === null || t.lat === null || !t.fixValid) return [];
    const bound = this.cached(t.tenantId)?.get(t.vehicleId);
    if (!bound) return [];
    let sides = this.sides.get(t.vin);
    if (!sides) this.sides.set(t.vin, (sides = new Map()));
    const events: FenceEvent[] = [];
    for (const fence of bound) {
      if ((fence.validFrom && t.ts < fence.validFrom) || (fence.validTo && t.ts > fence.validTo)) continue;
      const now = inside(fence.geometry, t.lng, t.lat);
      const before = sides.get(fence.id);
      if (before === now) continue;
      sides.set(fence.id, now);
      this.sidesChanged = true;
      if (before === undefined) continue;
      const accessType = now ? 1 : 2;
      if (fence.alarmOn !== 3 && fence.alarmOn !== accessType) continue;
      events.push({
        id: alarmId(t.vin, `fence:${fence.id}:${accessType}`, t.ts), phase: 'start', tenantId: t.tenantId, vin: t.vin,
        vehicleId: t.vehicleId, plate: t.plate, level: 1, startTime: t.ts, endTime: t.ts, live: !t.reissue,
        speedKmh: typeof t.speedKmh === 'number' ? t.speedKmh : null, lng: t.lng, lat: t.lat,
        fenceId: fence.id, fenceName: fence.name, accessType,
      });
    }
    return events;
  }
}
