import { z } from 'zod';
import type { AnyEntity, FieldDef } from '@wdiov/contracts';
import { fieldSchema as contractsFieldSchema, FILTER_SUFFIXES, labelKeyOf } from '@wdiov/contracts';

type Schema = Record<string, unknown>;

/**
 * A field as the wire takes it: the JSON schema of the contracts' own zod schema for it (what
 * the submit validates), its input side, with the labels and, for references, what they point to.
 */
function fieldSchema(def: FieldDef): Schema {
  const { $schema: _dialect, ...wire } = z.toJSONSchema(contractsFieldSchema(def), { io: 'input', unrepresentable: 'any' }) as Schema;
  const target = def.ref ? `: ${def.ref.multiple ? 'comma-joined ids' : 'id'} of ${def.ref.entity}` : '';
  return { ...wire, title: def.label.zh, description: `${def.label.en}${target}` };
}

function entitySchemas(entity: AnyEntity) {
  const fields = Object.entries(entity.fields) as [string, FieldDef][];
  const submit: Schema = {
    type: 'object',
    additionalProperties: false,
    properties: { id: { type: 'string', description: 'present = update, absent = add' }, ...Object.fromEntries(fields.filter(([, d]) => !d.readOnly).map(([n, d]) => [n, fieldSchema(d)])) },
    required: fields.filter(([, d]) => d.required && !d.readOnly).map(([n]) => n),
  };
  const record: Schema = {
    type: 'object',
    properties: {
      id: { type: 'string' },
      ...Object.fromEntries(entity.systemFields.filter((s) => s !== 'id').map((s) => [s, { type: s.endsWith('Time') ? 'string' : s === 'tenantId' ? 'string' : 'integer' }])),
      ...Object.fromEntries(fields.filter(([, d]) => !d.writeOnly).map(([n, d]) => [n, fieldSchema(d)])),
      ...Object.fromEntries(fields.filter(([, d]) => d.ref || d.dict).map(([n]) => [labelKeyOf(n), { type: 'string', readOnly: true }])),
    },
  };
  return { submit, record };
}

const envelope = (data: Schema): Schema => ({
  type: 'object',
  required: ['code', 'success', 'data', 'msg'],
  properties: { code: { type: 'integer' }, success: { type: 'boolean' }, data, msg: { type: 'string' } },
});
const ok = (data: Schema, description = '操作成功') => ({ 200: { description, content: { 'application/json': { schema: envelope(data) } } } });
const errors = {
  400: { description: 'Bad input: msg names the field', content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } } },
  401: { description: 'No or invalid token', content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } } },
  403: { description: 'Refused by API scope, button grant or tenant', content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } } },
};

function listParameters(entity: AnyEntity) {
  const params: Schema[] = [
    { name: 'current', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
    { name: 'size', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 500, default: 10 } },
    { name: 'ascs', in: 'query', schema: { type: 'string' }, description: 'comma-joined columns' },
    { name: 'descs', in: 'query', schema: { type: 'string' }, description: 'comma-joined columns' },
  ];
  for (const [name, def] of Object.entries(entity.fields) as [string, FieldDef][]) {
    if (def.search) params.push({ name: `${name}_${def.search}`, in: 'query', schema: { type: 'string' }, description: def.label.zh });
  }
  return params;
}

/** What the routes declared as contracts (`createRoute`) generate: their paths and schemas. */
export interface ContractDocument {
  paths?: Record<string, unknown>;
  components?: { schemas?: Record<string, unknown> };
}

/**
 * OpenAPI 3.1 of the gateway: every entity's generic routes with schemas derived from its
 * definition, every route declared as a contract with the schemas it validates and answers
 * with, and every other route the app serves (taken from the router itself, so none is
 * forgotten) with the envelope as its answer.
 */
export function buildOpenApi(entities: readonly AnyEntity[], routes: { method: string; path: string }[], title: string, contracts: ContractDocument = {}) {
  const paths: Record<string, Record<string, unknown>> = {};
  const schemas: Record<string, Schema> = {
    ...(contracts.components?.schemas as Record<string, Schema> | undefined),
    Failure: envelope({ type: 'object' }),
    Page: { type: 'object', properties: { records: { type: 'array' }, total: { type: 'integer' }, size: { type: 'integer' }, current: { type: 'integer' }, pages: { type: 'integer' } } },
  };
  for (const e of entities) {
    const { submit, record } = entitySchemas(e);
    const Name = e.name[0]!.toUpperCase() + e.name.slice(1);
    schemas[`${Name}Submit`] = submit;
    schemas[Name] = record;
    const ref = { $ref: `#/components/schemas/${Name}` };
    const page = { allOf: [{ $ref: '#/components/schemas/Page' }, { properties: { records: { type: 'array', items: ref } } }] };
    const tags = [e.title.en];
    for (const op of ['list', 'page']) {
      paths[`${e.basePath}/${op}`] = { get: { tags, summary: `${e.title.zh} ${op}`, parameters: listParameters(e), responses: { ...ok(page), ...errors } } };
    }
    paths[`${e.basePath}/detail`] = { get: { tags, summary: `${e.title.zh}详情`, parameters: [{ name: 'id', in: 'query', required: true, schema: { type: 'string' } }], responses: { ...ok(ref), ...errors } } };
    paths[`${e.basePath}/submit`] = { post: { tags, summary: `${e.title.zh}新增或修改`, requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${Name}Submit` } } } }, responses: { ...ok({ type: 'object' }, '新增成功 / 更新成功'), ...errors } } };
    const removeParam = e.removeBy === 'id' ? 'id' : 'ids';
    paths[`${e.basePath}/remove`] = { post: { tags, summary: `${e.title.zh}删除`, parameters: [{ name: removeParam, in: 'query', required: true, schema: { type: 'string' } }], responses: { ...ok({ type: 'object' }, '删除成功'), ...errors } } };
  }
  // A contract route is mounted before the generic routes and answers in their place (a region's
  // detail by code, a tree entity's list as a forest): its operation is the one documented.
  for (const [path, ops] of Object.entries(contracts.paths ?? {})) paths[path] = { ...paths[path], ...(ops as Record<string, unknown>) };
  for (const r of routes) {
    if (!r.path.startsWith('/api/') || r.path.includes('*') || r.method === 'ALL') continue;
    const path = r.path.replace(/:([A-Za-z]+)/g, '{$1}');
    const method = r.method.toLowerCase();
    if (paths[path]?.[method]) continue;
    paths[path] = { ...(paths[path] ?? {}), [method]: { summary: path.split('/').slice(2).join(' '), responses: { ...ok({}), ...errors } } };
  }
  return {
    openapi: '3.1.0',
    info: { title, version: '1.0.0', description: 'BladeX wire conventions: envelope {code, success, data, msg}; lists with current/size and the suffix filter grammar (' + FILTER_SUFFIXES.join(', ') + ').' },
    components: {
      schemas,
      securitySchemes: { WdiovAuth: { type: 'apiKey', in: 'header', name: 'Wdiov-Auth', description: 'bearer <access_token>' } },
    },
    security: [{ WdiovAuth: [] }],
    paths,
  };
}
