import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { AnyEntity } from '@wdiov/contracts';
import { arrayQuery, type ArrayQuery } from '../db/array-query.ts';
import type { Db } from '../db/client.ts';
import { conditionOf, shapeOf, type FilterPlan } from './filters.ts';
import { compileStatement, SharedReads, type Fields, type Statement } from './statement.ts';

/** Beyond this many shapes an entity's further shapes are built per call (odd filters must not eat memory). */
const MAX_SHAPES = 200;

export interface Order {
  /** The field (column key) sorted by. */
  field: string;
  asc: boolean;
}

export const orderSql = (columns: Record<string, PgColumn>, orders: Order[]) =>
  orders.map((o) => (o.asc ? asc(columns[o.field]!) : desc(columns[o.field]!)));

/** A read of the entity's live rows: the caller's tenant, the filters, extra constant conditions. */
export interface ReadShape {
  tenantId?: string;
  plans: FilterPlan[];
  /** Conditions without values (`end_time IS NULL`), keyed by their SQL text. */
  extra: SQL[];
  orders: Order[];
}

const dialect = new PgDialect();
/** The window count of a page's query, under a key no table has (rows are serialised by table key). */
export const TOTAL = '__total';
export const WINDOW_COUNT = sql<number>`count(*) over()`;
/** Statement names are unique in the process: a server connection keeps each name for one SQL text. */
let statementSerial = 0;

/**
 * The list, count and detail queries of one entity, built through the query builder once per
 * shape (which filters with which ops, which order, which constant extras) and kept as prepared
 * statements with named parameters; a call binds its values only. The SQL is the same the
 * builder makes for each call: the tenant, logical delete and every filter as strict as ever.
 */
export class PreparedReads {
  private statements = new Map<string, Statement>();
  private readonly query: ArrayQuery;
  /** Lists and pages asked at the same time with the same values are read once. */
  private readonly shared: SharedReads;

  constructor(
    private readonly db: Db,
    private readonly entity: AnyEntity,
    private readonly table: PgTable,
    private readonly columns: Record<string, PgColumn>,
  ) {
    this.query = arrayQuery(db);
    this.shared = new SharedReads(entity.readCache === true);
  }

  /** The entity was written (here or on another gateway): reads from now on start their own queries. */
  changed(): void {
    this.shared.changed();
  }

  /** The key of constant extras, or null when one holds values (such a read is built per call). */
  static extraKey(extra: SQL[]): string | null {
    const texts: string[] = [];
    for (const condition of extra) {
      const q = dialect.sqlToQuery(condition);
      if (q.params.length > 0) return null;
      texts.push(q.sql);
    }
    return texts.join(' AND ');
  }

  private where(shape: ReadShape, extraSql: SQL[]): SQL {
    const c = this.columns;
    const bound = (name: string, column: PgColumn) => sql.param(sql.placeholder(name), column);
    return and(
      eq(c.isDeleted!, 0),
      this.entity.tenant ? eq(c.tenantId!, bound('tenantId', c.tenantId!)) : undefined,
      ...shape.plans.map((p, i) => conditionOf(c[p.field]!, p.op, p.value === undefined ? undefined : bound(`f${i}`, c[p.field]!))),
      ...extraSql,
    )!;
  }

  private values(shape: ReadShape, more: Record<string, unknown> = {}): Record<string, unknown> {
    const out: Record<string, unknown> = { ...more };
    if (this.entity.tenant) out.tenantId = shape.tenantId;
    shape.plans.forEach((p, i) => {
      if (p.value !== undefined) out[`f${i}`] = p.value;
    });
    return out;
  }

  /**
   * The statement of a shape: built by the query builder once, then run on the driver with its
   * values bound and its rows decoded column by column as drizzle decodes them.
   */
  private statement(kind: string, shape: ReadShape, extraKey: string, fields: Fields, build: (fields: Fields) => { toSQL(): { sql: string; params: unknown[] } }): Statement {
    const key = `${kind}|${shapeOf(shape.plans)}|${shape.orders.map((o) => `${o.field}:${o.asc ? 'a' : 'd'}`).join(',')}|${extraKey}`;
    const hit = this.statements.get(key);
    if (hit) return hit;
    const keep = this.statements.size < MAX_SHAPES;
    const prepared = compileStatement(this.query, fields, build(fields).toSQL(), keep ? `wdiov_read_${++statementSerial}` : undefined);
    if (keep) this.statements.set(key, prepared);
    return prepared;
  }

  /** Rows of a page (or of everything when offset is 0 and limit the bound). */
  async rows(shape: ReadShape, extraKey: string, limit: number, offset: number): Promise<Record<string, unknown>[]> {
    const stmt = this.statement('rows', shape, extraKey, this.columns, (fields) => this.db.select(fields).from(this.table)
      .where(this.where(shape, shape.extra)).orderBy(...orderSql(this.columns, shape.orders))
      .limit(sql.placeholder('limit')).offset(sql.placeholder('offset')));
    return this.shared.run(stmt, this.values(shape, { limit, offset }));
  }

  /**
   * A page and the number of all matching rows in one query (a window count beside each row);
   * only a page past the end, which has no row to carry the count, asks for it apart.
   */
  async page(shape: ReadShape, extraKey: string, limit: number, offset: number): Promise<{ rows: Record<string, unknown>[]; total: number }> {
    const stmt = this.statement('page', shape, extraKey, { ...this.columns, [TOTAL]: WINDOW_COUNT }, (fields) => this.db.select(fields).from(this.table)
      .where(this.where(shape, shape.extra)).orderBy(...orderSql(this.columns, shape.orders))
      .limit(sql.placeholder('limit')).offset(sql.placeholder('offset')));
    const rows = await this.shared.run(stmt, this.values(shape, { limit, offset }));
    return { rows, total: rows.length ? Number(rows[0]![TOTAL]) : offset === 0 ? 0 : await this.count(shape, extraKey) };
  }

  /** Some columns only (no labels, no serialising): trees and counts over many rows. */
  async pick(shape: ReadShape, extraKey: string, fields: string[], limit: number): Promise<Record<string, unknown>[]> {
    const picked = Object.fromEntries(fields.map((f) => [f, this.columns[f]!]));
    const stmt = this.statement(`pick:${fields.join(',')}`, shape, extraKey, picked, (f) => this.db.select(f).from(this.table)
      .where(this.where(shape, shape.extra)).orderBy(...orderSql(this.columns, shape.orders)).limit(sql.placeholder('limit')));
    return stmt.run(this.values(shape, { limit }));
  }

  async count(shape: ReadShape, extraKey: string): Promise<number> {
    const stmt = this.statement('count', { ...shape, orders: [] }, extraKey, { total: count() }, (fields) => this.db.select(fields).from(this.table)
      .where(this.where(shape, shape.extra)));
    const [row] = await stmt.run(this.values(shape));
    return Number(row?.total ?? 0);
  }

  async byId(tenantId: string, id: string): Promise<Record<string, unknown> | undefined> {
    const c = this.columns;
    const shape: ReadShape = { tenantId, plans: [], extra: [], orders: [] };
    const stmt = this.statement('one', shape, '', this.columns, (fields) => this.db.select(fields).from(this.table)
      .where(and(this.where(shape, []), eq(c.id!, sql.param(sql.placeholder('id'), c.id!)))).limit(1));
    const [row] = await stmt.run(this.values(shape, { id }));
    return row;
  }
}
