import { ADMIN_TENANT_ID, entityByName, sampleRecord, type AnyEntity, type FieldDef } from '@wdiov/contracts';
import { CITIES, DEMO_FLEET, demoFleet } from '@wdiov/contracts/simulation/index';
import { systemPrincipal } from '../crud/principal.ts';
import type { Repositories } from '../crud/repositories.ts';
import type { Dictionaries } from '../crud/dictionaries.ts';

/**
 * The demo fleet of a fresh installation: the vehicles the simulator drives with its default
 * seed (`npm run simulate`), an org and a model for them, the simulator's fence sites as
 * electronic fences bound to every demo vehicle, and platform alarm thresholds. So
 * `npm start` + `npm run simulate` shows a living fleet with alarms and fence crossings.
 */
export async function seedDemoFleet(repos: Repositories, dictionaries: Dictionaries, city: keyof typeof CITIES = 'shenzhen'): Promise<number> {
  const vehicleEntity = entityByName('vehicle');
  if (!vehicleEntity) return 0;
  const sys = systemPrincipal(ADMIN_TENANT_ID);
  const keys = new Map<string, string>();
  const refs = new Map<string, string>();
  const sample = async (entity: AnyEntity, n: number, overrides: Record<string, unknown>) => {
    for (const def of Object.values(entity.fields) as FieldDef[]) {
      if (def.dict && !keys.has(def.dict)) keys.set(def.dict, (await dictionaries.items(def.dict, ADMIN_TENANT_ID))[0]?.key ?? '1');
    }
    const body = sampleRecord(entity, n, { dictKey: (c) => keys.get(c)!, refId: (name) => refs.get(name) ?? '0' });
    // Optional references the demo does not need stay empty.
    for (const [name, def] of Object.entries(entity.fields) as [string, FieldDef][]) {
      if (def.ref && !def.required && !(name in overrides)) delete body[name];
    }
    return { ...body, ...overrides };
  };
  const create = async (name: string, n: number, overrides: Record<string, unknown>) => {
    const entity = entityByName(name)!;
    const id = await repos.get(name).insert(sys, await sample(entity, n, overrides));
    refs.set(name, id);
    return id;
  };
  const orgId = await create('org', 1, { parentId: '0', orgName: '演示车队' });
  await create('vehicleModel', 1, { modelName: '演示纯电动物流车' });
  const fleet = demoFleet(DEMO_FLEET.seed, DEMO_FLEET.count, CITIES[city].platePrefix);
  const vehicleIds: string[] = [];
  for (const v of fleet) {
    vehicleIds.push(await repos.get('vehicle').insert(sys, await sample(vehicleEntity, v.index + 1, { vin: v.vin, plateNumber: v.plate, orgId })));
  }
  if (entityByName('electronicFence') && entityByName('electronicFenceVehicle')) {
    for (const site of CITIES[city].fences) {
      const fenceId = await repos.get('electronicFence').insert(sys, {
        fenceName: site.name, fenceType: 1, alarmOn: 3, geometry: { center: [site.lng, site.lat], radius: site.radiusM }, orgId,
      });
      for (const vehicleId of vehicleIds) await repos.get('electronicFenceVehicle').insert(sys, { fenceId, vehicleId });
    }
  }
  if (entityByName('alarmConfig')) {
    await create('alarmConfig', 1, { overspeedKmh: 100, lowSocPercent: 10, cellSpreadMv: 300, maxTempC: 55, orgId });
  }
  return fleet.length;
}
