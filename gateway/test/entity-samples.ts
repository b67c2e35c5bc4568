import { entities, entityByName, recordedTransitions, sampleRecord, stockWorkflow, type AnyEntity, type FieldDef } from '@wdiov/contracts';
import { postJson, type TestGateway } from './test-gateway.ts';

/**
 * Builds valid submit bodies for any entity through HTTP, creating first the rows its
 * references need and reading dictionary keys from the server. `first` numbers the first sample:
 * helpers of two tenants at once start apart, as platform-unique values (VINs) follow the number.
 */
export function entitySamples(gw: TestGateway, token: string, first = 1) {
  const dictKeys = new Map<string, string>();
  const created = new Map<string, string>();
  let counter = first;

  async function dictKey(code: string): Promise<string> {
    if (!dictKeys.has(code)) {
      let key: unknown;
      for (const base of ['dict', 'dict-biz']) {
        const { body } = await gw.json(`/api/wdiov-system/${base}/dictionary?code=${code}`, { token });
        key = body.data?.[0]?.dictKey;
        if (key !== undefined) break;
      }
      if (key === undefined) throw new Error(`dictionary ${code} has no items`);
      dictKeys.set(code, String(key));
    }
    return dictKeys.get(code)!;
  }

  async function sample(entity: AnyEntity): Promise<Record<string, unknown>> {
    const n = counter++;
    const keys = new Map<string, string>();
    const refs = new Map<string, string>();
    for (const def of Object.values(entity.fields) as FieldDef[]) {
      if (def.dict) keys.set(def.dict, await dictKey(def.dict));
      const target = def.ref && def.ref.entity !== entity.name ? entityByName(def.ref.entity) : undefined;
      if (target) refs.set(target.name, await ensureRow(target));
    }
    // A record that moves a vehicle's stock gets a vehicle of its own, stocked where a move needs it.
    const moves = recordedTransitions(entity);
    if (moves.length) {
      const vehicleId = await create(entities.vehicle);
      refs.set('vehicle', vehicleId);
      const needsStock = moves.every(([, , t]) => !t.from.includes('unstocked'));
      if (needsStock) await create(entities.storageRecord, { vehicleId, recordType: stockWorkflow.transitions.stockIn.recordedBy!.when!.value, storageAreaId: null });
    }
    return sampleRecord(entity, n, { dictKey: (code) => keys.get(code)!, refId: (name) => refs.get(name)! });
  }

  /** Adds a row and answers its id. */
  async function create(entity: AnyEntity, overrides: Record<string, unknown> = {}): Promise<string> {
    const body = { ...(await sample(entity)), ...overrides };
    const add = await gw.json(`${entity.basePath}/submit`, postJson(body, token));
    if (add.body.code !== 200) throw new Error(`${entity.name} add failed: ${add.body.msg}`);
    const page = await gw.json(`${entity.basePath}/page?size=1&descs=id`, { token });
    return String(page.body.data.records[0].id);
  }

  async function ensureRow(entity: AnyEntity): Promise<string> {
    if (!created.has(entity.name)) created.set(entity.name, await create(entity));
    return created.get(entity.name)!;
  }

  return { sample, create, ensureRow };
}
