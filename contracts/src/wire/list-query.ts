import { IDENTIFIER, toSnake } from './naming.ts';
import { PAGE_DEFAULTS } from './page.ts';
import { parseDateTime } from './time.ts';
import { wordedNow } from '../entity/validation-text.ts';

/**
 * The BladeX list-query grammar (`Condition.getQueryWrapper` + `SqlKeyword`) as a pure
 * function: `?current=&size=&ascs=&descs=&<field>[_<suffix>]=<value>`.
 * Unlike BladeX, a malformed key is refused (code 400) instead of silently stripped,
 * so a caller learns what was wrong and nothing reaches SQL that is not an identifier.
 */
export const FILTER_SUFFIXES = [
  'equal', 'notequal', 'likeleft', 'likeright', 'notlike',
  'ge', 'le', 'gt', 'lt',
  'datege', 'dategt', 'dateequal', 'datele', 'datelt',
  'null', 'notnull', 'ignore', 'like',
] as const;

export type FilterSuffix = (typeof FILTER_SUFFIXES)[number];
export type FilterOp = Exclude<FilterSuffix, 'ignore'>;
export type DateFilterOp = 'datege' | 'dategt' | 'dateequal' | 'datele' | 'datelt';

export const DATE_OPS: ReadonlySet<FilterOp> = new Set(['datege', 'dategt', 'dateequal', 'datele', 'datelt']);
export const VALUELESS_OPS: ReadonlySet<FilterOp> = new Set(['null', 'notnull']);

export type ListFilter =
  | { key: string; field: string; column: string; op: DateFilterOp; value: Date }
  | { key: string; field: string; column: string; op: 'null' | 'notnull'; value: null }
  | { key: string; field: string; column: string; op: Exclude<FilterOp, DateFilterOp | 'null' | 'notnull'>; value: string };

export interface ListQuery {
  current: number;
  size: number;
  /** Sort columns in snake_case, in the order given. */
  ascs: string[];
  descs: string[];
  filters: ListFilter[];
}

export type ListQueryResult =
  | { ok: true; query: ListQuery }
  | { ok: false; key: string; message: string };

export interface ListQueryOptions {
  /** Keys that are not filters (route-specific parameters, the token name …). */
  reserved?: Iterable<string>;
  maxSize?: number;
  /** UTC offset of the console's zone in minutes, for the date suffixes. */
  utcOffsetMin?: number;
}

const PAGING_KEYS = new Set(['current', 'size', 'ascs', 'descs']);
const ALWAYS_RESERVED = ['wdiov-auth', 'Wdiov-Auth', 'token', '_t'];

type QueryInput = Record<string, string | string[] | undefined>;

function firstValue(v: string | string[] | undefined): string {
  if (Array.isArray(v)) return v.find((x) => x.trim() !== '') ?? '';
  return v ?? '';
}

/** A query key names itself in every language. */
const keyLabel = (key: string) => ({ zh: key, en: key });

function parsePositiveInt(raw: string, key: string, max: number): number | string {
  if (!/^\d{1,9}$/.test(raw)) return wordedNow('positiveInt', keyLabel(key));
  const n = Number(raw);
  if (n < 1) return wordedNow('positiveInt', keyLabel(key));
  if (n > max) return wordedNow('atMost', keyLabel(key), max);
  return n;
}

function parseSortList(raw: string, key: string): string[] | string {
  const names = raw.split(',').map((s) => s.trim()).filter((s) => s !== '');
  for (const name of names) {
    if (!IDENTIFIER.test(name) || name.length > 64) return wordedNow('badSortField', keyLabel(key), undefined, name);
  }
  return names.map(toSnake);
}

export function splitSuffix(key: string): { field: string; suffix: FilterSuffix | null } {
  const at = key.lastIndexOf('_');
  if (at > 0) {
    const suffix = key.slice(at + 1) as FilterSuffix;
    if ((FILTER_SUFFIXES as readonly string[]).includes(suffix)) {
      return { field: key.slice(0, at), suffix };
    }
  }
  return { field: key, suffix: null };
}

export function parseListQuery(input: QueryInput, options: ListQueryOptions = {}): ListQueryResult {
  const maxSize = options.maxSize ?? PAGE_DEFAULTS.maxSize;
  const reserved = new Set([...ALWAYS_RESERVED, ...(options.reserved ?? [])]);
  const fail = (key: string, message: string): ListQueryResult => ({ ok: false, key, message });

  const currentRaw = firstValue(input.current).trim();
  const sizeRaw = firstValue(input.size).trim();
  const current = currentRaw === '' ? PAGE_DEFAULTS.current : parsePositiveInt(currentRaw, 'current', 1_000_000);
  if (typeof current === 'string') return fail('current', current);
  const size = sizeRaw === '' ? PAGE_DEFAULTS.size : parsePositiveInt(sizeRaw, 'size', maxSize);
  if (typeof size === 'string') return fail('size', size);
  const ascs = parseSortList(firstValue(input.ascs), 'ascs');
  if (typeof ascs === 'string') return fail('ascs', ascs);
  const descs = parseSortList(firstValue(input.descs), 'descs');
  if (typeof descs === 'string') return fail('descs', descs);

  const filters: ListFilter[] = [];
  for (const [key, rawValue] of Object.entries(input)) {
    if (PAGING_KEYS.has(key) || reserved.has(key)) continue;
    const value = firstValue(rawValue).trim();
    if (key === '' || value === '') continue; // empty values are ignored, as BladeX does
    const { field, suffix } = splitSuffix(key);
    if (suffix === 'ignore') continue;
    if (!IDENTIFIER.test(field) || field.length > 64) return fail(key, wordedNow('badQueryField', keyLabel(key)));
    const op: FilterOp = suffix ?? 'like';
    const column = toSnake(field);
    if (DATE_OPS.has(op)) {
      const date = parseDateTime(value, options.utcOffsetMin);
      if (!date) return fail(key, wordedNow('filterTime', keyLabel(key)));
      filters.push({ key, field, column, op: op as DateFilterOp, value: date });
    } else if (VALUELESS_OPS.has(op)) {
      filters.push({ key, field, column, op: op as 'null' | 'notnull', value: null });
    } else {
      if (value.length > 200) return fail(key, wordedNow('filterTooLong', keyLabel(key)));
      filters.push({ key, field, column, op: op as Exclude<FilterOp, DateFilterOp | 'null' | 'notnull'>, value });
    }
  }
  return { ok: true, query: { current, size, ascs, descs, filters } };
}

/** Escapes LIKE wildcards so a user's `%` or `_` matches itself. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => '\\' + c);
}
