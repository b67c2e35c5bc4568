import { count, eq, getTableColumns, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AnyEntity, EntityName, FieldDef, ListQuery, Page } from '@wdiov/contracts';
import { toPage } from '@wdiov/contracts';
import { badRequest } from '../lib/api-error.ts';
import { crudText } from '../lib/texts/crud-text.ts';
import { nextId } from '../lib/ids.ts';
import { allOf, conditionOf, planFilters } from './filters.ts';
import { MemoCache } from './memo-cache.ts';
import { orderSql, PreparedReads, type Order, type ReadShape } from './prepared-reads.ts';
import type { Principal } from './principal.ts';
import { rowSerializer, type Json, type RowSerializer } from './serialize.ts';
import { regionByCode } from './behaviours.ts';
import { forbidden } from '../lib/api-error.ts';
import { ADMIN_TENANT_ID } from '@wdiov/contracts';
import { requestLanguage } from '../lib/request-language.ts';
import { toColumnValues } from './column-values.ts';
import type { RepositoryDeps, RowChange } from './repository-deps.ts';

export type { RepositoryDeps, RowChange } from './repository-deps.ts';

/** A condition an update's row must still meet when written, and the refusal when it does not (WriteContext.guard). */
interface Guard {
  where: SQL;
  refusal: () => Promise<Error>;
}

/** How long another gateway's write may take to show in picked columns (trees, fleet counts). */
const PICK_TTL_MS = 5_000;

/** Rows per statement of insertMany: well under Postgres's 65,535 bound parameters for the widest entity. */
const INSERT_CHUNK = 500;

/**
 * Generic storage for one entity: every read and write is scoped to the caller's tenant,
 * skips logically deleted rows and fills the audit columns. Routes never build SQL themselves.
 */
export class Repository {
  readonly columns: Record<string, PgColumn>;
  private readonly serialize: RowSerializer;
  private readonly prepared: PreparedReads;
  private readonly picks = new MemoCache<Record<string, unknown>[]>(PICK_TTL_MS);

  constructor(
    readonly entity: AnyEntity,
    readonly table: PgTable,
    private readonly deps: RepositoryDeps,
  ) {
    this.columns = getTableColumns(table) as Record<string, PgColumn>;
    this.serialize = rowSerializer(entity, this.columns, deps.utcOffsetMin);
    this.prepared = new PreparedReads(deps.db, entity, table, this.columns);
  }

  get db() {
    return this.deps.db;
  }

  /** Whether adds of the entity go through a preparation of its own (behaviours.ts), beyond the generic checks. */
  get prepares(): boolean {
    return Boolean(this.deps.prepare?.[this.entity.name]);
  }

  /** Platform entities are read and written by the platform tenant only; shared ones written by it only. */
  guard(principal: Principal, write: boolean) {
    if (principal.tenantId === ADMIN_TENANT_ID) return;
    if (this.entity.platform) throw forbidden(crudText('platformOnly', { label: this.entity.title }));
    if (write && !this.entity.tenant) throw forbidden(crudText('platformShared', { label: this.entity.title }));
  }

  private async prepare(principal: Principal, values: Record<string, unknown>, mode: 'add' | 'update', id: string, guards?: Guard[]) {
    const prepare = this.deps.prepare?.[this.entity.name];
    if (!prepare) return values;
    const other = (name: EntityName) => {
      const repo = this.deps.other?.(name);
      if (!repo) throw new Error(`no repository ${name}`);
      return repo;
    };
    const guard = guards && ((where: SQL, refusal: () => Promise<Error>) => void guards.push({ where, refusal }));
    return prepare(values, { repo: this, principal, mode, id, other, ...(guard ? { guard } : {}) });
  }

  /** Tenant isolation and logical delete, plus the caller's data scope. */
  async scope(principal: Principal, write = false): Promise<SQL | undefined> {
    this.guard(principal, write);
    return allOf([
      this.tenantScope(principal),
      this.deps.rowScope ? await this.deps.rowScope(this.entity, this.columns, principal) : undefined,
    ]);
  }

  /** Live rows of the caller's tenant, whatever their data scope (uniqueness is tenant-wide). */
  tenantScope(principal: Principal): SQL | undefined {
    const c = this.columns;
    return allOf([eq(c.isDeleted!, 0), this.entity.tenant ? eq(c.tenantId!, principal.tenantId) : undefined]);
  }

  /** The sort of a list: the asked columns (queryable only), else the entity's default; ids break ties. */
  private orders(query: Pick<ListQuery, 'ascs' | 'descs'>): Order[] {
    const byColumn = (name: string) => {
      const field = this.entity.fieldsByColumn.get(name);
      if (!field || !this.entity.queryable.has(field) || !this.columns[field]) throw badRequest(crudText('badSort', { name }));
      return field;
    };
    const orders = [...query.ascs.map((n) => ({ field: byColumn(n), asc: true })), ...query.descs.map((n) => ({ field: byColumn(n), asc: false }))];
    if (orders.length === 0) {
      const d = this.entity.defaultSort;
      if (d) orders.push({ field: byColumn(d.column), asc: d.asc });
    }
    // Ids grow with creation time: a stable tiebreak, newest first.
    orders.push({ field: 'id', asc: false });
    return orders;
  }

  /**
   * A read checked and scoped: the platform guard, the filters and the sort. Without a data scope
   * narrowing the caller and with constant extras it runs as a prepared statement of its shape;
   * otherwise `where` holds the same conditions built for this call.
   */
  private async read(principal: Principal, query: Pick<ListQuery, 'filters' | 'ascs' | 'descs'>, extra: SQL[]) {
    this.guard(principal, false);
    const plans = planFilters(this.entity, query.filters);
    const orders = this.orders(query);
    const narrowed = this.deps.rowScope ? await this.deps.rowScope(this.entity, this.columns, principal) : undefined;
    const shape: ReadShape = { tenantId: principal.tenantId, plans, extra, orders };
    const extraKey = narrowed ? null : PreparedReads.extraKey(extra);
    const where = extraKey === null
      ? allOf([this.tenantScope(principal), narrowed, ...plans.map((p) => conditionOf(this.columns[p.field]!, p.op, p.value)), ...extra])
      : undefined;
    return { shape, extraKey, where };
  }

  async page(principal: Principal, query: ListQuery, extra: SQL[] = []): Promise<Page<Json>> {
    const { shape, extraKey, where } = await this.read(principal, query, extra);
    const offset = (query.current - 1) * query.size;
    let total: number;
    let rows: Record<string, unknown>[];
    if (extraKey !== null) {
      ({ rows, total } = await this.prepared.page(shape, extraKey, query.size, offset));
    } else {
      // Count and page at once: a server pool runs them side by side.
      [total, rows] = await Promise.all([
        this.db.select({ total: count() }).from(this.table).where(where).then(([r]) => Number(r?.total ?? 0)),
        this.db.select().from(this.table).where(where).orderBy(...orderSql(this.columns, shape.orders)).limit(query.size).offset(offset),
      ]);
    }
    const records = await this.toJson(principal, rows as Record<string, unknown>[]);
    const orders = [...query.ascs.map((column) => ({ column, asc: true })), ...query.descs.map((column) => ({ column, asc: false }))];
    return toPage(records, total, query.current, query.size, orders);
  }

  /** Every matching row without paging (trees, selects); bounded to keep answers sane. */
  async all(principal: Principal, query: Pick<ListQuery, 'filters' | 'ascs' | 'descs'>, extra: SQL[] = [], limit = 10_000): Promise<Json[]> {
    const { shape, extraKey, where } = await this.read(principal, query, extra);
    const rows = extraKey !== null
      ? await this.prepared.rows(shape, extraKey, limit, 0)
      : await this.db.select().from(this.table).where(where).orderBy(...orderSql(this.columns, shape.orders)).limit(limit);
    return this.toJson(principal, rows as Record<string, unknown>[]);
  }

  /** After a write, the repository's own or one made beside it (a workflow transition): caches drop, other gateways hear. */
  written(principal: Principal) {
    this.readsChanged();
    this.deps.onWrite?.(this.entity, principal.tenantId);
  }

  /** A row of the entity was written: by the engine here, or by a custom write beside it that reports itself. */
  record(change: Omit<RowChange, 'entity'>) {
    this.deps.onRecord?.({ ...change, entity: this.entity });
  }

  /** The entity was written (here, or by another gateway as its change notice says): what was read of it goes. */
  readsChanged() {
    this.picks.clear();
    this.prepared.changed();
  }

  /**
   * Some columns of every row the caller may see, in the given order, without labels (trees,
   * counts). Asked again and again (every data board), so remembered per tenant until this
   * gateway writes the entity, or for a few seconds (a write on another gateway).
   */
  async pick(principal: Principal, fields: string[], orders: Order[], limit: number): Promise<Record<string, unknown>[]> {
    const { shape, extraKey, where } = await this.read(principal, { filters: [], ascs: [], descs: [] }, []);
    const ordered = { ...shape, orders };
    if (extraKey !== null) {
      const key = [principal.tenantId, fields.join(','), orders.map((o) => `${o.field}:${o.asc}`).join(','), limit].join('|');
      return this.picks.get(key, () => this.prepared.pick(ordered, extraKey, fields, limit));
    }
    return this.db.select(Object.fromEntries(fields.map((f) => [f, this.columns[f]!]))).from(this.table)
      .where(where).orderBy(...orderSql(this.columns, orders)).limit(limit);
  }

  async findRow(principal: Principal, id: string): Promise<Record<string, unknown> | undefined> {
    this.guard(principal, false);
    const narrowed = this.deps.rowScope ? await this.deps.rowScope(this.entity, this.columns, principal) : undefined;
    if (!narrowed) return this.prepared.byId(principal.tenantId, id);
    const [row] = await this.db.select().from(this.table).where(allOf([this.tenantScope(principal), narrowed, eq(this.columns.id!, id)])).limit(1);
    return row as Record<string, unknown> | undefined;
  }

  async detail(principal: Principal, id: string): Promise<Json | undefined> {
    const row = await this.findRow(principal, id);
    return row ? (await this.toJson(principal, [row]))[0] : undefined;
  }

  async toJson(principal: Principal, rows: Record<string, unknown>[]): Promise<Json[]> {
    const records = rows.map(this.serialize);
    await this.deps.labels.attach(this.entity, records, principal.tenantId);
    return records;
  }

  /** Refuses values that break a unique field, with the field named (before the index would). */
  private async checkUnique(principal: Principal, values: Record<string, unknown>, selfId?: string) {
    for (const [name, def] of Object.entries(this.entity.fields) as [string, FieldDef][]) {
      const v = values[name];
      if (!def.unique || v === undefined || v === null || v === '') continue;
      const platformWide = def.unique === 'platform';
      const scope = platformWide ? eq(this.columns.isDeleted!, 0) : this.tenantScope(principal);
      const where = allOf([scope, eq(this.columns[name]!, v), selfId ? ne(this.columns.id!, selfId) : undefined]);
      const [hit] = await this.db.select({ id: this.columns.id! }).from(this.table).where(where).limit(1);
      // Held in another tenant: said without saying by whom.
      if (hit) throw badRequest(`${crudText(platformWide ? 'registered' : 'taken', { label: def.label, value: String(v) })} [${name}]`);
    }
  }

  /** Refuses a region field naming no live region, with the field named. */
  private async checkRegions(values: Record<string, unknown>) {
    for (const [name, def] of Object.entries(this.entity.fields) as [string, FieldDef][]) {
      const v = values[name];
      if (!def.region || v === undefined || v === null || v === '') continue;
      const regions = this.deps.other?.('region');
      if (regions && !(await regionByCode(regions, String(v)))) throw badRequest(`${crudText('missing', { label: def.label, id: String(v) })} [${name}]`);
    }
  }

  private defaults(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [name, def] of Object.entries(this.entity.fields) as [string, FieldDef][]) {
      if (def.default !== undefined) out[name] = def.kind === 'bool' ? (def.default ? 1 : 0) : def.default;
    }
    return out;
  }

  async insert(principal: Principal, values: Record<string, unknown>, id: string = nextId()): Promise<string> {
    this.guard(principal, true);
    const row = await this.newRow(principal, values, id);
    await this.db.insert(this.table).values(row);
    this.written(principal);
    this.record({ principal, action: 'add', id, after: row });
    return id;
  }

  /**
   * Adds many rows (bulk registration) with the checks of `insert`, row by row, then writes them
   * in a few multi-row statements and announces the change once. Rows of one call must not clash
   * with each other on a unique field (they are checked against the stored rows only).
   */
  async insertMany(principal: Principal, list: Record<string, unknown>[]): Promise<string[]> {
    this.guard(principal, true);
    const ids: string[] = [];
    const rows: Record<string, unknown>[] = [];
    for (const values of list) {
      const id = nextId();
      rows.push(await this.newRow(principal, values, id));
      ids.push(id);
    }
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) await this.db.insert(this.table).values(rows.slice(i, i + INSERT_CHUNK));
    if (rows.length > 0) this.written(principal);
    rows.forEach((row, i) => this.record({ principal, action: 'add', id: ids[i]!, after: row }));
    return ids;
  }

  /** A new row as `insert` stores it (prepared, checked, filled), for a caller writing it in its own transaction. */
  async rowFor(principal: Principal, values: Record<string, unknown>, id: string = nextId()): Promise<Record<string, unknown>> {
    this.guard(principal, true);
    return this.newRow(principal, values, id);
  }

  /** Values of an update checked as `update` checks references and uniqueness, as the columns store them. */
  async checkedUpdate(principal: Principal, id: string, values: Record<string, unknown>): Promise<Record<string, unknown>> {
    this.guard(principal, true);
    await this.deps.labels.checkReferences(this.entity, values, principal, id);
    await this.checkUnique(principal, values, id);
    return toColumnValues(this.entity, values, this.deps.utcOffsetMin);
  }

  /** A new row as stored: defaults, the entity's own preparation, references and uniqueness checked, tenant and audit columns. */
  private async newRow(principal: Principal, values: Record<string, unknown>, id: string) {
    const prepared = await this.prepare(principal, values, 'add', id);
    const row: Record<string, unknown> = { ...this.defaults(), ...prepared, id };
    await this.deps.labels.checkReferences(this.entity, row, principal);
    await this.checkRegions(row);
    await this.checkUnique(principal, row);
    this.checkRecord(row);
    return this.filled(principal, row);
  }

  /**
   * A row filled as `insert` fills it (defaults, tenant, audit columns) without the reads that
   * check it: for values taken from rows already checked, inside a transaction that must not
   * read outside itself.
   */
  filledRow(principal: Principal, values: Record<string, unknown>, id: string = nextId()): Record<string, unknown> {
    return this.filled(principal, { ...this.defaults(), ...values, id });
  }

  private filled(principal: Principal, row: Record<string, unknown>) {
    if (this.entity.tenant) row.tenantId = principal.tenantId;
    if (this.entity.audit === 'full') {
      const now = new Date();
      Object.assign(row, {
        createUser: principal.userId, createDept: principal.deptId || null, createTime: now,
        updateUser: principal.userId, updateTime: now, status: row.status ?? 1,
      });
    }
    row.isDeleted = 0;
    return toColumnValues(this.entity, row, this.deps.utcOffsetMin);
  }

  /** Updates the fields given; false when the row is not visible to the caller. */
  async update(principal: Principal, id: string, values: Record<string, unknown>): Promise<boolean> {
    this.guard(principal, true);
    const stored = await this.findRow(principal, id);
    if (!stored) return false;
    const guards: Guard[] = [];
    values = await this.prepare(principal, values, 'update', id, guards);
    this.checkRecord({ ...stored, ...values });
    await this.deps.labels.checkReferences(this.entity, values, principal, id);
    await this.checkRegions(values);
    await this.checkUnique(principal, values, id);
    const row: Record<string, unknown> = { ...values };
    if (this.entity.audit === 'full') Object.assign(row, { updateUser: principal.userId, updateTime: new Date() });
    if (Object.keys(row).length === 0) return true;
    const where = allOf([await this.scope(principal, true), eq(this.columns.id!, id), ...guards.map((g) => g.where)]);
    const set = toColumnValues(this.entity, row, this.deps.utcOffsetMin);
    if (guards.length === 0) await this.db.update(this.table).set(set).where(where);
    else if ((await this.db.update(this.table).set(set).where(where).returning({ id: this.columns.id! })).length === 0) {
      throw await guards[0]!.refusal();
    }
    this.written(principal);
    this.record({ principal, action: 'update', id, before: stored, after: set });
    return true;
  }

  /** The entity's cross-field rule, on the record as it will be stored. */
  private checkRecord(record: Record<string, unknown>) {
    const problem = this.entity.check?.(record, requestLanguage());
    if (problem) throw badRequest(problem);
  }

  /** Logical delete of the rows visible to the caller; answers how many were removed. */
  async remove(principal: Principal, ids: string[]): Promise<number> {
    const where = allOf([await this.scope(principal, true), inArray(this.columns.id!, ids)]);
    const set: Record<string, unknown> = { isDeleted: 1 };
    if (this.entity.audit === 'full') Object.assign(set, { updateUser: principal.userId, updateTime: new Date() });
    const removed = await this.db.update(this.table).set(set).where(where).returning({ id: this.columns.id! });
    if (removed.length) this.written(principal);
    for (const r of removed) this.record({ principal, action: 'remove', id: String(r.id) });
    return removed.length;
  }

  async exists(principal: Principal, field: string, value: unknown): Promise<boolean> {
    const where = allOf([await this.scope(principal), eq(this.columns[field]!, value)]);
    const [hit] = await this.db.select({ n: sql<number>`1` }).from(this.table).where(where).limit(1);
    return hit !== undefined;
  }
}
