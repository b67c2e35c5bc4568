import type { FieldDef, Label } from './fields.ts';
import { toSnake } from '../wire/naming.ts';
import { buildSubmitSchema, type SubmitSchemas } from './submit-schema.ts';
import type { Language } from './validation-text.ts';
import type { EntityCache } from './caches.ts';

/**
 * Columns every entity table has, beside its own fields. `full` follows BladeX's
 * BaseEntity (audit, status, logical delete); `minimal` follows the tables whose entity
 * does not extend it (dept, role, menu, dict, region …): logical delete only.
 */
export type AuditStyle = 'full' | 'minimal';

export interface EntityConfig<F extends Record<string, FieldDef> = Record<string, FieldDef>> {
  /** camelCase name, unique in the registry. */
  name: string;
  /** Service segment of the routes, e.g. `wdiov-system`. */
  service: string;
  /** Path segment(s) after the service: `/api/<service>/<path>/list`. */
  path: string;
  /** Table name (snake_case). */
  table: string;
  title: Label;
  /** Has a tenant_id column and is isolated per tenant. */
  tenant: boolean;
  audit: AuditStyle;
  fields: F;
  /**
   * Trees: the parent field and the field shown as the node title; `ancestors`: a field the server
   * keeps as `0,<root id>,…,<parent id>` on every write (so "this node and below" is one LIKE).
   */
  tree?: { parent: keyof F & string; title: keyof F & string; ancestors?: keyof F & string };
  /** Gateway caches holding rows of this entity, dropped on every gateway after a write (caches.ts). */
  caches?: readonly EntityCache[];
  /**
   * Lists and pages of it may be answered from memory until the next write of it (on any gateway,
   * through the change subject) or a few seconds: only for master data written through the
   * repositories, never for rows the live path or bare SQL writes (alarms, positions, logs).
   */
  readCache?: boolean;
  /** Default order of lists (snake_case column; default create_time/id descending). */
  defaultSort?: { column: string; asc: boolean };
  /**
   * Platform administration (tenants, clients, data sources, code generation): only users of
   * the platform tenant 000000 may read or change it.
   */
  platform?: boolean;
  /**
   * Rows a vehicle produced (alarms, faults, fence records), kept by its `vin` field: a data scope
   * narrows them through their vehicle, so a caller sees only the rows of vehicles it may see.
   */
  ofVehicle?: boolean;
  /** Remove takes `id` instead of `ids` (a few spec calls). */
  removeBy?: 'ids' | 'id';
  /**
   * A rule spanning several fields, checked on the record as it will be stored (an update
   * merged with the stored row): the 400 message naming the field, in the request's language,
   * or undefined when it holds.
   */
  check?: (record: Record<string, unknown>, language: Language) => string | undefined;
}

export const SYSTEM_COLUMNS = {
  id: 'id',
  tenantId: 'tenant_id',
  createUser: 'create_user',
  createDept: 'create_dept',
  createTime: 'create_time',
  updateUser: 'update_user',
  updateTime: 'update_time',
  status: 'status',
  isDeleted: 'is_deleted',
} as const;

export type SystemField = keyof typeof SYSTEM_COLUMNS;

export interface Entity<F extends Record<string, FieldDef> = Record<string, FieldDef>> extends EntityConfig<F> {
  /** Every JSON field name → its column, system columns included. */
  columns: ReadonlyMap<string, string>;
  /** Column → JSON field name. */
  fieldsByColumn: ReadonlyMap<string, string>;
  /** System fields this entity has. */
  systemFields: readonly SystemField[];
  /** Fields that may be filtered and sorted on (write-only ones excluded). */
  queryable: ReadonlySet<string>;
  /** The submit schemas with Chinese messages (BladeX's default language). */
  submitSchema: SubmitSchemas;
  /** The submit schemas with messages in a language (built on first use). */
  submitSchemaIn(language: Language): SubmitSchemas;
  basePath: string;
}

export function systemFieldsOf(tenant: boolean, audit: AuditStyle): SystemField[] {
  const out: SystemField[] = ['id'];
  if (tenant) out.push('tenantId');
  if (audit === 'full') {
    out.push('createUser', 'createDept', 'createTime', 'updateUser', 'updateTime', 'status');
  }
  out.push('isDeleted');
  return out;
}

export function defineEntity<F extends Record<string, FieldDef>>(config: EntityConfig<F>): Entity<F> {
  if (!/^[a-z][a-z0-9_]*$/.test(config.table)) throw new Error(`bad table name ${config.table}`);
  const systemFields = systemFieldsOf(config.tenant, config.audit);
  const columns = new Map<string, string>();
  for (const s of systemFields) columns.set(s, SYSTEM_COLUMNS[s]);
  for (const name of Object.keys(config.fields)) {
    if (columns.has(name)) throw new Error(`${config.name}.${name} shadows a system column`);
    columns.set(name, toSnake(name));
  }
  const fieldsByColumn = new Map([...columns].map(([k, v]) => [v, k]));
  const queryable = new Set(
    [...columns.keys()].filter((k) => !(config.fields[k]?.writeOnly ?? false)),
  );
  const submitSchema = buildSubmitSchema(config.fields, systemFields);
  const inLanguage = new Map<Language, SubmitSchemas>([['zh', submitSchema]]);
  return {
    ...config,
    columns,
    fieldsByColumn,
    systemFields,
    queryable,
    submitSchema,
    submitSchemaIn(language) {
      let schemas = inLanguage.get(language);
      if (!schemas) inLanguage.set(language, (schemas = buildSubmitSchema(config.fields, systemFields, language)));
      return schemas;
    },
    basePath: config.path ? `/api/${config.service}/${config.path}` : `/api/${config.service}`,
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the registry holds entities of every field shape
export type AnyEntity = Entity<any>;
