import { and, eq, gt, gte, isNotNull, isNull, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AnyEntity, FieldDef, ListFilter } from '@wdiov/contracts';
import { escapeLike, isBigintText, isIdText } from '@wdiov/contracts';
import { badRequest } from '../lib/api-error.ts';
import { crudText } from '../lib/texts/crud-text.ts';

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
/** Ranges of the integer columns (integer, smallint for switches). */
const INTEGER_RANGE: Partial<Record<Kind, [number, number]>> = { int: [-2147483648, 2147483647], 'system-int': [-2147483648, 2147483647], bool: [-32768, 32767] };

/** The value of a filter converted to the column's type, or a clear 400. */
function typedValue(filter: ListFilter & { value: string }, kind: Kind): string | number {
  const v = filter.value;
  if (isNumber(kind)) {
    const n = Number(v);
    if (!/^-?\d+(\.\d+)?$/.test(v) || !Number.isFinite(n)) throw badRequest(crudText('filterNotNumber', filter));
    // Integer columns compare with integers of their range only (else Postgres fails the query).
    const range = INTEGER_RANGE[kind];
    if (range && (!Number.isInteger(n) || n < range[0] || n > range[1])) throw badRequest(crudText('filterNotNumber', filter));
    return n;
  }
  if (isId(kind)) {
    if (!(v === '0' || isIdText(v) || (kind === 'bigint' && isBigintText(v)))) {
      throw badRequest(crudText('filterNotId', filter));
    }
    return v;
  }
  if (isTime(kind)) throw badRequest(crudText('filterIsTime', filter));
  return v;
}

type Op = 'isNull' | 'isNotNull' | 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'notLike';

/** One filter checked and converted: what to compare, how, and the value bound to it. */
export interface FilterPlan {
  field: string;
  op: Op;
  /** Absent for null tests. */
  value?: unknown;
}

const DATE_OPS = { datege: 'gte', dategt: 'gt', dateequal: 'eq', datele: 'lte', datelt: 'lt' } as const;
const COMPARE_OPS = { equal: 'eq', notequal: 'ne', gt: 'gt', lt: 'lt', ge: 'gte', le: 'lte' } as const;
const LIKE_OPS = { like: ['%', '%'], notlike: ['%', '%'], likeleft: ['%', ''], likeright: ['', '%'] } as const;

/** A key names one of the entity's own queryable fields (never the soft-delete flag). */
const isOwnFilter = (entity: AnyEntity) => (filter: ListFilter) => entity.queryable.has(filter.field) && filter.field !== 'isDeleted';

/**
 * The filters of a list query checked and converted, without any SQL yet. Keys that name no
 * queryable field of the entity are ignored, as BladeX ignores parameters an entity does not
 * have (the specification's own screens send some, e.g. `serviceStation/page?regionLevel=1`);
 * a bad value for one of its fields is a clear 400. Plans of the same shape (fields and ops)
 * make the same SQL, whatever their values.
 */
export function planFilters(entity: AnyEntity, filters: ListFilter[]): FilterPlan[] {
  return filters.filter(isOwnFilter(entity)).map((filter): FilterPlan => {
    const field = filter.field;
    const kind = kindOf(entity, field);
    if (filter.op === 'null') return { field, op: 'isNull' };
    if (filter.op === 'notnull') return { field, op: 'isNotNull' };
    if (filter.value instanceof Date) {
      if (!isTime(kind)) throw badRequest(crudText('filterNotTime', { key: filter.key, field }));
      const value = kind === 'date' ? filter.value.toISOString().slice(0, 10) : filter.value;
      return { field, op: DATE_OPS[filter.op as keyof typeof DATE_OPS], value };
    }
    const f = filter as ListFilter & { value: string };
    if (f.op in LIKE_OPS) {
      if (isNumber(kind) || isId(kind)) {
        // LIKE on a number makes no sense in Postgres; BladeX's fallback-LIKE on ids means equality.
        return { field, op: f.op === 'notlike' ? 'ne' : 'eq', value: typedValue(f, kind) };
      }
      if (isTime(kind)) typedValue(f, kind);
      const [pre, post] = LIKE_OPS[f.op as keyof typeof LIKE_OPS];
      return { field, op: f.op === 'notlike' ? 'notLike' : 'like', value: `${pre}${escapeLike(f.value)}${post}` };
    }
    return { field, op: COMPARE_OPS[f.op as keyof typeof COMPARE_OPS], value: typedValue(f, kind) };
  });
}

/** What makes the SQL of a set of plans: two sets with the same shape differ only in values. */
export const shapeOf = (plans: FilterPlan[]) => plans.map((p) => `${p.field}:${p.op}`).join('&');

/** The SQL condition of a plan, comparing with `value` (the plan's own, or a placeholder). */
export function conditionOf(column: PgColumn, op: Op, value: unknown): SQL {
  switch (op) {
    case 'isNull': return isNull(column);
    case 'isNotNull': return isNotNull(column);
    case 'like': return sql`${column} LIKE ${value}`;
    case 'notLike': return sql`${column} NOT LIKE ${value}`;
    default: return { eq, ne, gt, gte, lt, lte }[op](column, value);
  }
}

/** SQL conditions for the filters of a list query; every value is bound as a parameter, never spliced. */
export function buildFilters(entity: AnyEntity, table: Record<string, PgColumn>, filters: ListFilter[]): SQL[] {
  return planFilters(entity, filters).map((p) => conditionOf(table[p.field]!, p.op, p.value));
}

export function allOf(conditions: (SQL | undefined)[]): SQL | undefined {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length === 0 ? undefined : and(...present);
}
