import { sql } from 'drizzle-orm';
import {
  customType, date, index, integer, jsonb, numeric, pgTable, smallint, text, timestamp, uniqueIndex, varchar,
  type IndexColumn, type PgColumnBuilderBase,
} from 'drizzle-orm/pg-core';
import type { AnyEntity, FieldDef, SystemField } from '@wdiov/contracts';
import { ADMIN_TENANT_ID, SYSTEM_COLUMNS, toSnake } from '@wdiov/contracts';

/**
 * A bigint column read and written as a decimal string: ids are snowflake-style 64-bit integers,
 * which JavaScript numbers cannot hold, and the wire carries them as strings anyway.
 */
export const bigintText = customType<{ data: string; driverData: string | number | bigint }>({
  dataType: () => 'bigint',
  toDriver: (v) => v,
  fromDriver: (v) => String(v),
});
export const idColumn = (name: string) => bigintText(name);
export const timeColumn = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

function systemColumn(field: SystemField): PgColumnBuilderBase {
  const name = SYSTEM_COLUMNS[field];
  switch (field) {
    case 'id':
      return idColumn(name).primaryKey();
    case 'tenantId':
      return varchar(name, { length: 12 }).notNull().default(ADMIN_TENANT_ID);
    case 'createUser':
    case 'createDept':
    case 'updateUser':
      return idColumn(name);
    case 'createTime':
    case 'updateTime':
      return timeColumn(name).defaultNow();
    case 'status':
      return integer(name).notNull().default(1);
    case 'isDeleted':
      return integer(name).notNull().default(0);
  }
}

function fieldColumn(fieldName: string, def: FieldDef): PgColumnBuilderBase {
  const name = toSnake(fieldName);
  switch (def.kind) {
    case 'text': {
      const max = def.max ?? (def.multiline ? 2000 : 255);
      return max > 4000 ? text(name) : varchar(name, { length: max });
    }
    case 'int':
      return integer(name);
    case 'bigint':
      return bigintText(name);
    case 'decimal':
      return numeric(name, { precision: 18, scale: def.scale ?? 2, mode: 'number' });
    case 'bool':
      return smallint(name);
    case 'datetime':
      return timeColumn(name);
    case 'date':
      return date(name, { mode: 'string' });
    case 'ref':
      // Multi-valued references are comma-joined id lists, as BladeX stores role_id / dept_id.
      return def.ref?.multiple ? varchar(name, { length: 2000 }) : idColumn(name);
    case 'json':
      return jsonb(name);
  }
}

/**
 * The Postgres table of an entity: system columns, one column per field, and the indexes
 * the console's lists and uniqueness rules need. Unique fields are unique among live rows
 * (a partial index on is_deleted = 0, so a removed row does not block its successor) and per
 * tenant when the entity is tenant-scoped (unless the field is unique across the platform).
 */
export function tableFromEntity(entity: AnyEntity) {
  const columns: Record<string, PgColumnBuilderBase> = {};
  for (const s of entity.systemFields) columns[s] = systemColumn(s);
  for (const [name, def] of Object.entries(entity.fields) as [string, FieldDef][]) {
    columns[name] = fieldColumn(name, def);
  }
  return pgTable(entity.table, columns, (t) => {
    const out = [];
    const col = (field: string) => (t as unknown as Record<string, IndexColumn>)[field]!;
    if (entity.tenant) out.push(index(`${entity.table}_tenant_id_idx`).on(col('tenantId')));
    if (entity.systemFields.includes('createTime')) out.push(index(`${entity.table}_create_time_idx`).on(col('createTime')));
    for (const [name, def] of Object.entries(entity.fields) as [string, FieldDef][]) {
      const column = toSnake(name);
      if (def.unique) {
        const on = entity.tenant && def.unique !== 'platform' ? [col('tenantId'), col(name)] : [col(name)];
        out.push(uniqueIndex(`${entity.table}_${column}_uq`).on(...(on as [IndexColumn, ...IndexColumn[]])).where(sql`is_deleted = 0`));
      } else if ((def.kind === 'ref' && !def.ref?.multiple) || def.index) {
        out.push(index(`${entity.table}_${column}_idx`).on(col(name)));
      }
    }
    return out;
  });
}

export type EntityTable = ReturnType<typeof tableFromEntity>;
