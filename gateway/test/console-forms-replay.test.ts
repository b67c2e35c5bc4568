import { describe, expect, it } from 'vitest';
import { ADMIN_TENANT_ID, entityList, labelKeyOf, type AnyEntity, type FieldDef } from '@wdiov/contracts';
import { postJson } from './test-gateway.ts';
import { signedInGateway } from './signed-in-gateway.ts';

/**
 * Every system form, submitted as a BladeX/Avue console sends it: the entity's own fields beside
 * display-only keys (labels of references and dictionaries, `$`-prefixed copies, tree and status
 * names), columns the server fills, dates in the wire's date-time pattern, cleared values as '',
 * and the fields that have a default left out. Each add and each edit of the detail succeeds, and
 * nothing but the entity's fields is written.
 */
const setup = signedInGateway();

const SYSTEM_SERVICES = new Set(['wdiov-system', 'wdiov-user', 'wdiov-desk', 'wdiov-resource', 'wdiov-develop']);
const FOREIGN_TENANT = '999999';

/** What an Avue form adds around the entity's own fields. */
function consoleExtras(entity: AnyEntity): Record<string, unknown> {
  const extras: Record<string, unknown> = {
    statusName: '正常', parentName: '顶级', subCode: '01', level: 1, hasChildren: false, children: [], $index: 0,
    tenantId: FOREIGN_TENANT, tenantName: '别的租户', createUser: '1', createDept: '1', createTime: '2020-01-01 00:00:00',
    updateUser: '1', updateTime: '2020-01-01 00:00:00', isDeleted: 1, status: 1,
  };
  for (const [name, def] of Object.entries(entity.fields) as [string, FieldDef][]) {
    if (def.dict || def.ref) {
      extras[labelKeyOf(name)] = '显示值';
      extras[`$${name}`] = '显示值';
    }
  }
  // A field of the entity's own under one of these names is sent as the field, not as decoration.
  for (const name of Object.keys(entity.fields)) delete extras[name];
  return extras;
}

/** The sample as the form holds it: dates as date-times, defaults left out, one cleared optional value. */
function asConsoleSends(entity: AnyEntity, sample: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = { ...sample };
  let cleared = false;
  for (const [name, def] of Object.entries(entity.fields) as [string, FieldDef][]) {
    if (def.kind === 'date' && typeof body[name] === 'string') body[name] = `${String(body[name])} 00:00:00`;
    if (def.default !== undefined && !def.unique) delete body[name];
    else if (!cleared && !def.required && !def.readOnly && !def.default && ['int', 'decimal', 'datetime', 'date'].includes(def.kind)) {
      body[name] = '';
      cleared = true;
    }
  }
  return { ...consoleExtras(entity), ...body };
}

const systemForms = entityList.filter((e) => SYSTEM_SERVICES.has(e.service));

describe.each(systemForms.map((e) => [e.name, e] as const))('%s', (_name, entity) => {
  it('takes an add and an edit as the console sends them, writing only the entity’s fields', async () => {
    const { gw, token, samples } = setup;
    const body = asConsoleSends(entity, await samples.sample(entity));
    const add = await gw.json(`${entity.basePath}/submit`, postJson(body, token));
    expect(add.body, `${add.body.msg}: ${JSON.stringify(body)}`).toMatchObject({ code: 200 });

    const page = await gw.json(`${entity.basePath}/page?size=1&descs=id`, { token });
    const id = String(page.body.data.records[0].id);
    const detail = (await gw.json(`${entity.basePath}/detail?id=${id}`, { token })).body.data as Record<string, unknown>;
    expect(detail.id).toBe(id);
    if (entity.tenant) expect(detail.tenantId).toBe(ADMIN_TENANT_ID);
    if (entity.audit === 'full') expect(detail.createTime).not.toBe('2020-01-01 00:00:00');
    for (const [name, def] of Object.entries(entity.fields) as [string, FieldDef][]) {
      if (def.default !== undefined && !def.unique && !def.readOnly && def.kind !== 'ref') expect(String(detail[name]), `${name} defaults`).toBe(String(def.kind === 'bool' ? (def.default ? 1 : 0) : def.default));
    }

    // The edit form sends the detail back with its display keys, a date-time in a date field too.
    const edit: Record<string, unknown> = { ...detail, ...consoleExtras(entity), id };
    for (const [name, def] of Object.entries(entity.fields) as [string, FieldDef][]) {
      if (def.kind === 'date' && typeof edit[name] === 'string' && edit[name] !== '') edit[name] = `${String(edit[name]).slice(0, 10)} 00:00:00`;
    }
    const upd = await gw.json(`${entity.basePath}/submit`, postJson(edit, token));
    expect(upd.body, `${upd.body.msg}: ${JSON.stringify(edit)}`).toMatchObject({ code: 200 });
    const after = (await gw.json(`${entity.basePath}/detail?id=${id}`, { token })).body.data as Record<string, unknown>;
    expect(after.id, 'still live: isDeleted was not written').toBe(id);
    if (entity.tenant) expect(after.tenantId).toBe(ADMIN_TENANT_ID);
    for (const key of Object.keys(after)) expect(key.startsWith('$'), key).toBe(false);
  });
});
