import { and, eq, inArray } from 'drizzle-orm';
import { ADMIN_TENANT_ID, entityByName, sampleRecord, type AnyEntity, type EntityName, type FieldDef } from '@wdiov/contracts';
import { CITIES, DEMO_FLEET, demoFleet, type DemoVehicle } from '@wdiov/contracts/simulation/index';
import { systemPrincipal } from '../crud/principal.ts';
import type { Repositories } from '../crud/repositories.ts';
import type { Dictionaries } from '../crud/dictionaries.ts';
import { ApiError } from '../lib/api-error.ts';
import { seedDemoDispatch } from './demo-dispatch.ts';

type CityKey = keyof typeof CITIES;
const DEMO_ORG = '演示车队';
const DEMO_MODEL = '演示纯电动物流车';
const sys = systemPrincipal(ADMIN_TENANT_ID);
const ALL = { filters: [], ascs: [], descs: [] };
/** Vehicles per multi-row insert when a fleet is registered. */
const CHUNK = 250;

/** Sample rows for the demo tenant: dictionary fields take a valid key, references the rows made before. */
class DemoRows {
  private readonly keys = new Map<string, string>();
  readonly refs = new Map<string, string>();

  constructor(private readonly repos: Repositories, private readonly dictionaries: Dictionaries) {}

  async sample(entity: AnyEntity, n: number, overrides: Record<string, unknown>) {
    for (const def of Object.values(entity.fields) as FieldDef[]) {
      if (def.dict && !this.keys.has(def.dict)) this.keys.set(def.dict, (await this.dictionaries.items(def.dict, ADMIN_TENANT_ID))[0]?.key ?? '1');
    }
    const body = sampleRecord(entity, n, { dictKey: (c) => this.keys.get(c)!, refId: (name) => this.refs.get(name) ?? '0' });
    // Optional references the demo does not need stay empty.
    for (const [name, def] of Object.entries(entity.fields) as [string, FieldDef][]) {
      if (def.ref && !def.required && !(name in overrides)) delete body[name];
    }
    return { ...body, ...overrides };
  }

  async create(name: EntityName, n: number, overrides: Record<string, unknown>) {
    const id = await this.repos.get(name).insert(sys, await this.sample(entityByName(name)!, n, overrides));
    this.refs.set(name, id);
    return id;
  }

  /** The row of `name` whose `field` is `value`, else a new one. */
  async findOrCreate(name: EntityName, field: string, value: string, overrides: Record<string, unknown>) {
    const repo = this.repos.get(name);
    const [row] = await repo.all(sys, ALL, [eq(repo.columns[field]!, value)], 1);
    if (!row) return this.create(name, 1, { [field]: value, ...overrides });
    this.refs.set(name, String(row.id));
    return String(row.id);
  }

  /**
   * Adds vehicles to the demo org, each bound to the given fences, a chunk per statement; a chunk
   * with a refused vehicle (e.g. its plate is taken) goes again one by one, and the refused are counted.
   */
  async addVehicles(fleet: DemoVehicle[], orgId: string, fenceIds: string[]) {
    let added = 0;
    let refused = 0;
    const vehicles = this.repos.get('vehicle');
    const bind = (vehicleIds: string[]) =>
      this.repos.get('electronicFenceVehicle').insertMany(sys, vehicleIds.flatMap((vehicleId) => fenceIds.map((fenceId) => ({ fenceId, vehicleId }))));
    const bodyOf = (v: DemoVehicle) => this.sample(entityByName('vehicle')!, v.index + 1, { vin: v.vin, plateNumber: v.plate, orgId });
    const refusedBy = (err: unknown) => {
      if (!(err instanceof ApiError)) throw err;
      return true;
    };
    for (let i = 0; i < fleet.length; i += CHUNK) {
      const chunk = fleet.slice(i, i + CHUNK);
      const bodies = await Promise.all(chunk.map(bodyOf));
      try {
        await bind(await vehicles.insertMany(sys, bodies));
        added += chunk.length;
        continue;
      } catch (err) {
        refusedBy(err);
      }
      for (const body of bodies) {
        try {
          await bind(await vehicles.insertMany(sys, [body]));
          added++;
        } catch (err) {
          if (refusedBy(err)) refused++;
        }
      }
    }
    return { added, refused };
  }
}

const fencesOn = () => Boolean(entityByName('electronicFence') && entityByName('electronicFenceVehicle'));

/**
 * The demo fleet of a fresh installation: the vehicles the simulator drives with its default
 * seed (`npm run simulate`), an org and a model for them, the simulator's fence sites as
 * electronic fences bound to every demo vehicle, platform alarm thresholds, and drivers and
 * routes for dispatches. So `npm start` + `npm run simulate` shows a living fleet with alarms
 * and fence crossings.
 */
export async function seedDemoFleet(repos: Repositories, dictionaries: Dictionaries, city: CityKey = 'shenzhen'): Promise<number> {
  if (!entityByName('vehicle')) return 0;
  const rows = new DemoRows(repos, dictionaries);
  const orgId = await rows.create('org', 1, { parentId: '0', orgName: DEMO_ORG });
  await rows.create('vehicleModel', 1, { modelName: DEMO_MODEL });
  const fenceIds: string[] = [];
  if (fencesOn()) {
    for (const site of CITIES[city].fences) {
      fenceIds.push(await repos.get('electronicFence').insert(sys, {
        fenceName: site.name, fenceType: 1, alarmOn: 3, geometry: { center: [site.lng, site.lat], radius: site.radiusM }, orgId,
      }));
    }
  }
  const { added } = await rows.addVehicles(demoFleet(DEMO_FLEET.seed, DEMO_FLEET.count, CITIES[city].platePrefix), orgId, fenceIds);
  if (entityByName('alarmConfig')) {
    await rows.create('alarmConfig', 1, { overspeedKmh: 100, lowSocPercent: 10, cellSpreadMv: 300, maxTempC: 55, orgId });
  }
  await seedDemoDispatch(repos, orgId, CITIES[city]);
  return added;
}

export interface DemoRange {
  seed: number;
  /** Simulator vehicle indexes from (inclusive) to (exclusive). */
  from: number;
  to: number;
  city: CityKey;
}

/**
 * Registers the vehicles `npm run simulate` drives for a seed and index range that are not
 * registered yet, in the demo org and bound to its fences, so any simulated fleet can log in.
 */
export async function registerDemoVehicles(repos: Repositories, dictionaries: Dictionaries, range: DemoRange) {
  const rows = new DemoRows(repos, dictionaries);
  const orgId = await rows.findOrCreate('org', 'orgName', DEMO_ORG, { parentId: '0' });
  await rows.findOrCreate('vehicleModel', 'modelName', DEMO_MODEL, {});
  const fences = fencesOn() ? await repos.get('electronicFence').all(sys, ALL, [eq(repos.get('electronicFence').columns.orgId!, orgId)]) : [];
  const fleet = demoFleet(range.seed, range.to, CITIES[range.city].platePrefix).slice(range.from);
  const vehicles = repos.get('vehicle');
  const known = new Set((await vehicles.db.select({ vin: vehicles.columns.vin! }).from(vehicles.table)
    // A VIN is unique across the platform: one registered in any tenant is not registered again.
    .where(and(eq(vehicles.columns.isDeleted!, 0), inArray(vehicles.columns.vin!, fleet.map((v) => v.vin))))).map((r) => String(r.vin)));
  const missing = fleet.filter((v) => !known.has(v.vin));
  const { added, refused } = await rows.addVehicles(missing, orgId, fences.map((f) => String(f.id)));
  return { registered: added, alreadyKnown: known.size, refused };
}
