import type { AnyEntity } from '@wdiov/contracts/entity/define-entity';
import type { FieldDef } from '@wdiov/contracts/entity/fields';
import { toSnake } from '@wdiov/contracts/wire/naming';
import type { QueryParams } from '../api/http';
import { dropEmpty } from '../util/validators';
import { formatDate } from './date-text';
import { isBlank, searchFields } from './field-defs';

export const PAGE_SIZES = [10, 30, 50, 100, 200];
export const DEFAULT_PAGE_SIZE = 10;

export interface SortState {
  field: string;
  order: 1 | -1;
}

export interface ListState {
  current: number;
  size: number;
  sort: SortState | null;
  /** Raw values of the search form, by field name. */
  search: Record<string, unknown>;
  /** createTime range picked in the search bar. */
  range: [Date, Date | null] | null;
}

export const initialListState = (): ListState => ({ current: 1, size: DEFAULT_PAGE_SIZE, sort: null, search: {}, range: null });

function searchValue(def: FieldDef, value: unknown): unknown {
  if (value instanceof Date) return formatDate(value);
  if (def.kind === 'bool' && typeof value === 'boolean') return value ? 1 : 0;
  if (Array.isArray(value)) return value.join(',');
  return typeof value === 'string' ? value.trim() : value;
}

/** The search form as BladeX filters: `<field>_<op>=value`, empty values dropped (spec §5). */
export function searchParams(entity: AnyEntity, values: Record<string, unknown>): QueryParams {
  const out: QueryParams = {};
  for (const [name, def] of searchFields(entity)) {
    const value = values[name];
    if (isBlank(value)) continue;
    out[`${name}_${def.search}`] = searchValue(def, value) as QueryParams[string];
  }
  return dropEmpty(out) as QueryParams;
}

/** Sorting travels as snake_case column names in ascs / descs (bladex-wire §2). */
export function sortParams(sort: SortState | null): QueryParams {
  if (!sort) return {};
  return sort.order === 1 ? { ascs: toSnake(sort.field) } : { descs: toSnake(sort.field) };
}

/** The createTime range, whole days: after the start of the first, before the end of the last. */
export function rangeParams(range: ListState['range']): QueryParams {
  if (!range?.[0]) return {};
  const [from, to] = range;
  return {
    createTime_dategt: `${formatDate(from)} 00:00:00`,
    createTime_datelt: `${formatDate(to ?? from)} 23:59:59`,
  };
}

/** Filters of a list state, without paging (shared by the list and the export). */
export function filterParams(entity: AnyEntity, state: ListState, fixed: QueryParams = {}): QueryParams {
  return dropEmpty({ ...fixed, ...searchParams(entity, state.search), ...rangeParams(state.range), ...sortParams(state.sort) }) as QueryParams;
}

export function listParams(entity: AnyEntity, state: ListState, fixed: QueryParams = {}): QueryParams {
  return { ...filterParams(entity, state, fixed), current: state.current, size: state.size };
}
