import { sql } from 'drizzle-orm';
import { SYSTEM_COLUMNS, toCamel } from '@wdiov/contracts';
import { queryRows, type Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';

/** Table and column names we look up or generate: lower-case snake, as every table here is named. */
export const SNAKE_NAME = /^[a-z][a-z0-9_]*$/;

/** `host:port/database` of a Postgres URL (a `jdbc:` prefix and credentials ignored), or null. */
function serverIdentity(url: string): string | null {
  try {
    const u = new URL(url.trim().replace(/^jdbc:/i, ''));
    if (!/^postgres(ql)?:$/i.test(u.protocol)) return null;
    const host = u.hostname.toLowerCase();
    const sameHost = host === 'localhost' || host === '[::1]' ? '127.0.0.1' : host;
    return `${sameHost}:${u.port || '5432'}/${decodeURIComponent(u.pathname.replace(/^\//, ''))}`;
  } catch {
    return null;
  }
}

/**
 * Whether a data-source row points at the database this gateway runs on, the only one it can
 * inspect (it holds no drivers or connections for others). On Postgres: same host, port and
 * database as DATABASE_URL. On embedded PGlite there is no address: a `pglite:` URL names it.
 */
export function isBuiltIn(url: string, env: Env): boolean {
  if (!env.DATABASE_URL) return /^pglite:/i.test(url.trim());
  const running = serverIdentity(env.DATABASE_URL);
  return running !== null && serverIdentity(url) === running;
}

export interface TableSummary {
  name: string;
  comment: string;
}

export interface ColumnInfo {
  name: string;
  /** Postgres type with its size: `varchar(64)`, `numeric(18,2)`, `int8`, `timestamptz` … */
  type: string;
  comment: string;
  nullable: boolean;
}

/** Base tables of the public schema (where the migrations put every table). */
export async function listTables(db: Db): Promise<TableSummary[]> {
  const rows = await queryRows<{ name: string; comment: string | null }>(db, sql`
    SELECT t.table_name::text AS name,
           obj_description(to_regclass(format('%I.%I', t.table_schema, t.table_name)), 'pg_class') AS comment
    FROM information_schema.tables t
    WHERE t.table_schema = 'public' AND t.table_type = 'BASE TABLE'
    ORDER BY t.table_name`);
  return rows.map((r) => ({ name: r.name, comment: r.comment ?? '' }));
}

/** Columns of a public table in their order; [] when there is no such table. */
export async function tableColumns(db: Db, table: string): Promise<ColumnInfo[]> {
  const rows = await queryRows<{ name: string; udt: string; length: number | null; precision: number | null; scale: number | null; nullable: boolean; comment: string | null }>(db, sql`
    SELECT c.column_name::text AS name, c.udt_name::text AS udt, c.character_maximum_length::int AS length,
           c.numeric_precision::int AS precision, c.numeric_scale::int AS scale, (c.is_nullable = 'YES') AS nullable,
           col_description(to_regclass(format('%I.%I', c.table_schema, c.table_name)), c.ordinal_position::int) AS comment
    FROM information_schema.columns c
    WHERE c.table_schema = 'public' AND c.table_name = ${table}
    ORDER BY c.ordinal_position`);
  return rows.map((r) => {
    let type = r.udt;
    if (r.length != null) type += `(${r.length})`;
    else if (r.udt === 'numeric' && r.precision != null) type += `(${r.precision},${r.scale ?? 0})`;
    return { name: r.name, type, comment: r.comment ?? '', nullable: r.nullable === true || String(r.nullable) === 't' };
  });
}

/** Columns every entity gets from defineEntity (id, tenant, audit, status, logical delete). */
export const SYSTEM_COLUMN_NAMES: ReadonlySet<string> = new Set(Object.values(SYSTEM_COLUMNS));

/** Whether a table looks like a tenant-scoped, fully audited entity table. */
export function shapeOf(columns: ColumnInfo[]): { tenant: boolean; audit: 'full' | 'minimal' } {
  const names = new Set(columns.map((c) => c.name));
  return { tenant: names.has('tenant_id'), audit: names.has('create_user') && names.has('status') ? 'full' : 'minimal' };
}

/** Postgres type → entity field kind. smallint is a 0/1 flag here: that is how `bool` fields are stored. */
const KIND_BY_UDT: Record<string, string> = {
  varchar: 'text', text: 'text', bpchar: 'text', uuid: 'text', int2: 'bool', int4: 'int', int8: 'bigint',
  numeric: 'decimal', float4: 'decimal', float8: 'decimal', bool: 'bool', timestamptz: 'datetime',
  timestamp: 'datetime', date: 'date', json: 'json', jsonb: 'json',
};

export function kindOf(type: string): string {
  return KIND_BY_UDT[type.replace(/\(.*$/, '')] ?? 'text';
}

/**
 * Prototypes proposed for a model that has none yet, one per column of its table. System columns
 * are left out (defineEntity adds them), and so is any column whose name is not lower snake case.
 * Proposals carry no id: they are what `model-prototype/submit-list` takes back as they are.
 */
export function proposePrototypes(modelId: string, columns: ColumnInfo[]) {
  return columns.filter((c) => !SYSTEM_COLUMN_NAMES.has(c.name) && SNAKE_NAME.test(c.name)).map((c) => {
    const propertyType = kindOf(c.type);
    return {
      modelId, jdbcName: c.name, jdbcType: c.type.slice(0, 64), comment: (c.comment || c.name).slice(0, 255),
      propertyType, propertyName: toCamel(c.name), isList: 1, isForm: 1, isRow: 0,
      componentType: propertyType === 'datetime' || propertyType === 'date' ? propertyType : propertyType === 'bool' ? 'switch' : 'input',
      dictCode: '', isRequired: c.nullable ? 0 : 1, isQuery: 0, queryType: '',
    };
  });
}
