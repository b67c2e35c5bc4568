import { and, eq, gt, gte, isNotNull, isNull, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AnyEntity, FieldDef, ListFilter } from '@wdiov/contracts';
import { escapeLike, ID_PATTERN } from '@wdiov/contracts';
import { badRequest } from '../lib/api-error.ts';

type Kind = FieldDef['kind'] | 'system-id' | 'system-int' | 'system-time' | 'system-text';

const SYSTEM_KINDS: Record<string, Kind> = {
  id: 'system-id', createUser: 'system-id', createDept: 'system-id', updateUser: 'system-id',
  tenantId: 'system-text', createTime: 'system-time', updateTime: 'system-time',
  status: 'system-int', isDeleted: 'system-int',
};

export function kindOf(entity: AnyEntity, field: string): Kind {
  const def = entity.fields[field] as FieldDef | undefined;
  if (def) return def.ref?.multiple ? 'text' : def.kind;
  return SYSTEM_KINDS[field] ?? 'text';
}

const isTime = (k: Kind) => k === 'datetime' || k === 'date' || k === 'system-time';
const isNumber = (k: Kind) => k === 'int' || k === 'decimal' || k === 'bool' || k === 'system-int';
const isId = (k: Kind) => k === 'ref' || k === 'bigint' || k === 'system-id';

/** The value of a filter converted to the column's type, or a clear 400. */
function typedValue(filter: ListFilter & { value: string }, kind: Kind): string | number {
  const v = filter.value;
  if (isNumber(kind)) {
    const n = Number(v);
    if (!/^-?\d+(\.\d+)?$/.test(v) || !Number.isFinite(n)) throw badRequest(`${filter.key} 必须是数字`);
    return n;
  }
  if (isId(kind)) {
    if (!(v === '0' || ID_PATTERN.test(v) || (kind === 'bigint' && /^-?\d{1,19}$/.test(v)))) {
      throw badRequest(`${filter.key} 必须是ID`);
    }
    return v;
  }
  if (isTime(kind)) throw badRequest(`${filter.key} 是时间字段, 请使用 _datege/_dategt/_datele/_datelt/_dateequal`);
  return v;
}

/**
 * SQL conditions for the filters of a list query. Only the entity's own queryable fields are
 * accepted; every value is bound as a parameter, never spliced.
 */
export function buildFilters(entity: AnyEntity, table: Record<string, PgColumn>, filters: ListFilter[]): SQL[] {
  const out: SQL[] = [];
  for (const filter of filters) {
    if (!entity.queryable.has(filter.field) || filter.field === 'isDeleted') {
      throw badRequest(`未知的查询字段: ${filter.key}`);
    }
    const column = table[filter.field]!;
    const kind = kindOf(entity, filter.field);
    if (filter.op === 'null') { out.push(isNull(column)); continue; }
    if (filter.op === 'notnull') { out.push(isNotNull(column)); continue; }
    if (filter.value instanceof Date) {
      if (!isTime(kind)) throw badRequest(`${filter.key}: ${filter.field} 不是时间字段`);
      const d = kind === 'date' ? filter.value.toISOString().slice(0, 10) : filter.value;
      const ops = { datege: gte, dategt: gt, dateequal: eq, datele: lte, datelt: lt } as const;
      out.push(ops[filter.op as keyof typeof ops](column, d));
      continue;
    }
    const f = filter as ListFilter & { value: string };
    const likeOps = { like: ['%', '%'], notlike: ['%', '%'], likeleft: ['%', ''], likeright: ['', '%'] } as const;
    if (f.op in likeOps) {
      if (isNumber(kind) || isId(kind)) {
        // LIKE on a number makes no sense in Postgres; BladeX's fallback-LIKE on ids means equality.
        const v = typedValue(f, kind);
        out.push(f.op === 'notlike' ? ne(column, v) : eq(column, v));
        continue;
      }
      if (isTime(kind)) typedValue(f, kind);
      const [pre, post] = likeOps[f.op as keyof typeof likeOps];
      const pattern = `${pre}${escapeLike(f.value)}${post}`;
      out.push(f.op === 'notlike' ? sql`${column} NOT LIKE ${pattern}` : sql`${column} LIKE ${pattern}`);
      continue;
    }
    const v = typedValue(f, kind);
    const ops = { equal: eq, notequal: ne, gt, lt, ge: gte, le: lte } as const;
    out.push(ops[f.op as keyof typeof ops](column, v));
  }
  return out;
}

export function allOf(conditions: (SQL | undefined)[]): SQL | undefined {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length === 0 ? undefined : and(...present);
}
