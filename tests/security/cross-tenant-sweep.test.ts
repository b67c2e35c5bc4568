import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityList, type AnyEntity, type FieldDef } from '@wdiov/contracts';
import { answered, dataText, startTwoTenants, type TwoTenants } from './two-tenants.ts';
import type { Answer } from './security-server.ts';

/**
 * Every entity type of the registry, tried across tenants: a row of each in tenant A and in
 * tenant B, then B's administrator (holding a role of its tenant it named `administrator`, so
 * the access policy lets it every call of its own tenant and only the engine decides) asks for
 * A's row through every generic call of the type: detail, submit as an update of A's id, remove,
 * and the list, page and tree an export reads (the console's export pages through `page` with
 * the screen's filters, web/src/crud/use-export.ts). Each must refuse or not find it, A's row
 * must be unchanged in the database, and no answer may carry A's fields. The same calls on B's
 * own row must work, so a refusal is the tenant's doing and not a broken call.
 */

/** Types without a tenant column: shared by every tenant by design. A tenant's administrator must not write them. */
const PLATFORM_WIDE: Record<string, string> = {
  tenant: 'the tenants themselves: kept by the platform administrator',
  tenantPackage: 'the screen packages the platform grants to tenants',
  client: 'the OAuth clients of the whole platform',
  param: 'the platform\'s parameters (sign-in rules, initial password, outbound allow list)',
  dict: 'the system dictionaries every tenant reads',
  menu: 'the platform\'s screens and buttons, granted to each tenant\'s roles',
  region: 'the administrative regions of China, one list for all',
  dataScope: 'the data scope rules of the platform\'s screens',
  apiScope: 'the API scope rules of the platform\'s screens',
  datasource: 'the platform\'s code generation: its data sources',
  model: 'the platform\'s code generation: its models',
  modelPrototype: 'the platform\'s code generation: its model fields',
  code: 'the platform\'s code generation: its generated modules',
};

/** Types the sweep cannot build a row of, each with why. Empty: every type is built in both tenants. */
const NOT_BUILT: Record<string, string> = {};

/** Fields lists leave out though they are not write-only (a client secret is shown only in its edit form). */
const NOT_LISTED = new Set(['clientSecret']);

/** A text field to mark A's row with and to update: free text, not unique, not patterned. */
function probeField(entity: AnyEntity): string | undefined {
  const entries = Object.entries(entity.fields) as [string, FieldDef][];
  return entries.find(([n, d]) => d.kind === 'text' && !NOT_LISTED.has(n) && !d.unique && !d.pattern && !d.writeOnly && !d.readOnly && !d.dict && (d.max ?? 255) >= 20)?.[0];
}

const tenantTypes = entityList.filter((e) => e.tenant);
const sharedTypes = entityList.filter((e) => !e.tenant);

let t: TwoTenants;
const unbuilt = new Map<string, string>();
const swept: string[] = [];
beforeAll(async () => {
  t = await startTwoTenants();
});
afterAll(() => t?.stop());

const get = (path: string) => t.server.call('GET', path, { token: t.b.token });
const post = (path: string, body?: unknown) => t.server.call('POST', path, { token: t.b.token, body });
const removePath = (entity: AnyEntity, id: string) => `${entity.basePath}/remove?${entity.removeBy === 'id' ? 'id' : 'ids'}=${id}`;
const idsOf = (r: Answer): string[] => {
  const d = r.body?.data;
  const list = (Array.isArray(d) ? d : d?.records ?? []) as { id?: unknown; children?: unknown[] }[];
  const flat = (nodes: typeof list): string[] => nodes.flatMap((n) => [String(n.id), ...flat((n.children ?? []) as typeof list)]);
  return flat(list);
};

/** A row of the type in each tenant; undefined (and noted) when one cannot be built. */
async function rowsOf(entity: AnyEntity, marker: string): Promise<{ a: string; b: string } | undefined> {
  const probe = probeField(entity);
  try {
    const a = await t.a.samples.create(entity, probe ? { [probe]: marker } : {});
    const b = await t.b.samples.create(entity);
    return { a, b };
  } catch (err) {
    unbuilt.set(entity.name, (err as Error).message);
    return undefined;
  }
}

/** An update body that B's submit takes for its own row (the probe field, else a whole sample). */
async function workingUpdate(entity: AnyEntity, ownId: string): Promise<Record<string, unknown>> {
  const probe = probeField(entity);
  const candidates = [
    ...(probe ? [{ [probe]: `changed-${entity.name}`.slice(0, entity.fields[probe]!.max ?? 255) }] : []),
    await t.b.samples.sample(entity),
  ];
  const tried: string[] = [];
  for (const body of candidates) {
    const r = await post(`${entity.basePath}/submit`, { ...body, id: ownId });
    if (answered(r)) return body;
    tried.push(String(r.body?.msg ?? r.status));
  }
  throw new Error(`${entity.name}: no update of B's own row is taken (${tried.join('; ')})`);
}

describe.each(tenantTypes.map((e) => [e.name, e] as const))('%s', (name, entity) => {
  it('B\'s administrator neither finds, lists, changes nor removes A\'s row', async () => {
    const marker = `xt${name}`.slice(0, 18) + 'Aa';
    const rows = await rowsOf(entity, marker);
    if (!rows) {
      expect(NOT_BUILT[name], `no row of ${name} could be built: ${unbuilt.get(name)}`).toBeDefined();
      return;
    }
    const { a, b } = rows;
    const before = await t.rowText(entity, a);
    expect(before, 'A\'s row is stored').toBeDefined();
    const answers: [string, Answer][] = [];
    const refused = async (label: string, r: Answer) => {
      answers.push([label, r]);
      expect(answered(r), `${label} answered ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`).toBe(false);
    };

    // B's own row answers every call: the refusals below are the tenant's.
    const own = await get(`${entity.basePath}/detail?id=${b}`);
    expect(own.body?.data?.id, `detail of B's own row: ${own.body?.msg}`).toBe(b);
    await refused('detail', await get(`${entity.basePath}/detail?id=${a}`));

    const listed = await get(`${entity.basePath}/page?size=500`);
    expect(idsOf(listed), `page shows B's own row: ${listed.body?.msg}`).toContain(b);
    const reads: [string, Answer][] = [
      ['page', listed],
      ['page by id', await get(`${entity.basePath}/page?size=500&id_equal=${a}`)],
      ['list', await get(`${entity.basePath}/list?size=500`)],
      ['list by id', await get(`${entity.basePath}/list?id_equal=${a}`)],
      ...(entity.tree ? [['tree', await get(`${entity.basePath}/tree`)] as [string, Answer]] : []),
    ];
    for (const [label, r] of reads) {
      answers.push([label, r]);
      expect(idsOf(r), `${label} shows A's row`).not.toContain(a);
    }

    const update = await workingUpdate(entity, b);
    await refused('submit of A\'s id', await post(`${entity.basePath}/submit`, { ...update, id: a }));
    await refused('remove', await post(removePath(entity, a)));
    expect(await t.rowText(entity, a), 'A\'s row unchanged in the database').toBe(before);

    for (const [label, r] of answers) {
      expect(dataText(r), `${label} carries A's id`).not.toContain(a);
      expect(JSON.stringify(r.body), `${label} carries A's fields`).not.toContain(marker);
    }
    // And the remove call works on B's own row.
    expect(answered(await post(removePath(entity, b))), 'B removes its own row').toBe(true);
    swept.push(name);
  });
});

describe('types shared by every tenant', () => {
  it('are exactly the registry\'s types without a tenant column, each listed with its reason', () => {
    expect(Object.keys(PLATFORM_WIDE).sort()).toEqual(sharedTypes.map((e) => e.name).sort());
  });

  it.each(sharedTypes.map((e) => [e.name, e] as const))('%s: B\'s administrator cannot add, change or remove one', async (_name, entity) => {
    const id = await t.platform.create(entity);
    const before = await t.tableText(entity);
    const body = await t.platform.sample(entity);
    const tries: [string, Answer][] = [
      ['add', await post(`${entity.basePath}/submit`, body)],
      ['update', await post(`${entity.basePath}/submit`, { ...body, id })],
      ['remove', await post(removePath(entity, id))],
    ];
    for (const [label, r] of tries) expect(answered(r), `${label} answered ${JSON.stringify(r.body).slice(0, 200)}`).toBe(false);
    expect(await t.tableText(entity), 'the table is unchanged').toBe(before);
    if (entity.platform) {
      // The platform's own tables are not even read by a tenant.
      for (const path of [`detail?id=${id}`, 'page?size=500', 'list']) {
        const r = await get(`${entity.basePath}/${path}`);
        expect(answered(r), `${path} answered`).toBe(false);
        expect(dataText(r)).not.toContain(id);
      }
    }
  });
});

describe('the sweep', () => {
  it('built a row of every type in both tenants, or says why not', () => {
    const report = [...unbuilt].map(([n, why]) => `${n}: ${why}`);
    console.info(`cross-tenant sweep: ${swept.length} of ${tenantTypes.length} tenant types swept, ${sharedTypes.length} shared types checked; not built: ${report.length ? report.join(' | ') : 'none'}`);
    expect([...unbuilt.keys()].sort()).toEqual(Object.keys(NOT_BUILT).sort());
    expect(swept.length + unbuilt.size).toBe(tenantTypes.length);
  });
});
