import { and, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AnyEntity } from '@wdiov/contracts';
import type { Db } from '../db/client.ts';
import { dataScopeTable, roleScopes, vehicleTable } from '../db/schema/index.ts';
import { isAdministrator, type Principal } from '../crud/principal.ts';
import { ttlCache } from '../lib/ttl-cache.ts';

const TTL_MS = 30_000;

export const DataScopeType = { all: 1, own: 2, ownDept: 3, deptAndBelow: 4, custom: 5 } as const;

interface Rule {
  type: number;
  column: 'create_dept' | 'create_user';
  value: string[];
}

/**
 * Row-level data scopes. A role granted data scopes for a resource (the entity name) sees only
 * the rows they allow; several scopes (or roles) widen each other (OR). Without any scope for
 * the resource, a role sees every row of its tenant. Administrators are never narrowed.
 */
export class DataScopes {
  /** Rules per role set: a shift of operators shares a handful of role sets. */
  private readonly cache = ttlCache<Map<string, Rule[]>>({ ttlMs: TTL_MS, max: 5_000 });
  private readonly dropped = new Set<() => void>();

  constructor(private readonly db: Db) {}

  invalidate(): void {
    this.cache.clear();
    for (const listener of this.dropped) listener();
  }

  /** Caches derived from the rules (the live vehicle scopes) drop with them. */
  onInvalidate(listener: () => void): () => void {
    this.dropped.add(listener);
    return () => this.dropped.delete(listener);
  }

  private async rulesFor(roleIds: string[]): Promise<Map<string, Rule[]>> {
    const key = roleIds.slice().sort().join(',');
    const hit = this.cache.get(key);
    if (hit) return hit;
    const d = getTableColumns(dataScopeTable) as Record<string, PgColumn>;
    const rows = roleIds.length === 0 ? [] : await this.db
      .select({ resource: d.resourceCode!, type: d.scopeType!, column: d.scopeColumn!, value: d.scopeValue! })
      .from(dataScopeTable)
      .innerJoin(roleScopes, eq(roleScopes.scopeId, d.id!))
      .where(and(inArray(roleScopes.roleId, roleIds), eq(roleScopes.scopeCategory, 1), eq(d.isDeleted!, 0)));
    const rules = new Map<string, Rule[]>();
    for (const r of rows) {
      const list = rules.get(String(r.resource)) ?? [];
      list.push({
        type: Number(r.type),
        column: r.column === 'create_user' ? 'create_user' : 'create_dept',
        value: String(r.value ?? '').split(',').filter((v) => /^\d+$/.test(v)),
      });
      rules.set(String(r.resource), list);
    }
    this.cache.set(key, rules);
    return rules;
  }

  /** The row condition for an entity and caller, or undefined when nothing narrows it. */
  async condition(entity: AnyEntity, columns: Record<string, PgColumn>, principal: Principal): Promise<SQL | undefined> {
    if (entity.ofVehicle && columns.vin) return this.ofVehicles(entity.name, columns.vin, principal);
    if (isAdministrator(principal) || !columns.createDept || !columns.createUser) return undefined;
    return this.narrowing((await this.rulesFor(principal.roleIds)).get(entity.name), columns, principal);
  }

  /**
   * Rows a vehicle produced (alarms, faults, fence records, raw frames): only those of vehicles the
   * caller may see. The vehicle's data scope narrows them, and so does one granted for their own
   * resource, judged on the vehicle's row (the gateway, not a user, writes them).
   */
  async ofVehicles(resource: string, vinColumn: PgColumn, principal: Principal): Promise<SQL | undefined> {
    if (isAdministrator(principal)) return undefined;
    const rules = await this.rulesFor(principal.roleIds);
    const v = getTableColumns(vehicleTable) as Record<string, PgColumn>;
    const byVehicle = this.narrowing(rules.get('vehicle'), v, principal);
    const byOwn = resource === 'vehicle' ? undefined : this.narrowing(rules.get(resource), v, principal);
    if (!byVehicle && !byOwn) return undefined;
    const vehicles = this.db.select({ vin: v.vin! }).from(vehicleTable)
      .where(and(eq(v.tenantId!, principal.tenantId), eq(v.isDeleted!, 0), byVehicle, byOwn));
    return inArray(vinColumn, vehicles);
  }

  private narrowing(rules: Rule[] | undefined, columns: Record<string, PgColumn>, principal: Principal): SQL | undefined {
    if (!rules || rules.length === 0) return undefined;
    const createDept = columns.createDept!;
    const createUser = columns.createUser!;
    const conds: SQL[] = [];
    for (const rule of rules) {
      const column = rule.column === 'create_user' ? createUser : createDept;
      switch (rule.type) {
        case DataScopeType.all:
          return undefined;
        case DataScopeType.own:
          conds.push(eq(createUser, principal.userId));
          break;
        case DataScopeType.ownDept:
          if (principal.deptIds.length) conds.push(inArray(createDept, principal.deptIds));
          break;
        case DataScopeType.deptAndBelow:
          for (const dept of principal.deptIds) {
            // ancestors is '0,<id>,…': a dept is below X when X is one of its ancestors.
            conds.push(sql`${createDept} IN (SELECT id FROM wdiov_dept WHERE is_deleted = 0 AND (id = ${dept} OR ',' || ancestors || ',' LIKE ${'%,' + dept + ',%'}))`);
          }
          break;
        case DataScopeType.custom:
          if (rule.value.length) conds.push(inArray(column, rule.value));
          break;
      }
    }
    // A scope that grants nothing (e.g. own dept without a dept) shows nothing.
    return conds.length ? or(...conds) : sql`false`;
  }
}
