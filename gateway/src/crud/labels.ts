import { and, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AnyEntity, FieldDef } from '@wdiov/contracts';
import { entityByName, labelKeyOf, plateKeyOf } from '@wdiov/contracts';
import type { Db } from '../db/client.ts';
import { badRequest } from '../lib/api-error.ts';
import { crudText } from '../lib/texts/crud-text.ts';
import { ttlCache } from '../lib/ttl-cache.ts';
import type { Dictionaries } from './dictionaries.ts';
import type { Principal } from './principal.ts';
import type { Json } from './serialize.ts';

const LABEL_TTL_MS = 10_000;

const NO_IDS: string[] = [];
const splitIds = (v: unknown): string[] => {
  if (v === null || v === undefined || v === '') return NO_IDS;
  const s = String(v);
  // Most references hold one id: no split, no filter.
  if (!s.includes(',')) return s === '0' ? NO_IDS : [s];
  return s.split(',').filter((id) => id !== '' && id !== '0');
};

/** How a field of an entity is labelled: by the names of the rows it references, or by a dictionary. */
type LabelPlan =
  | { kind: 'ref'; name: string; key: string; target: AnyEntity; label: string }
  | { kind: 'dict'; name: string; key: string; code: string };

const plans = new WeakMap<AnyEntity, LabelPlan[]>();
function labelPlan(entity: AnyEntity): LabelPlan[] {
  let plan = plans.get(entity);
  if (plan) return plan;
  plan = [];
  for (const [name, def] of Object.entries(entity.fields) as [string, FieldDef][]) {
    if (def.writeOnly) continue;
    const key = labelKeyOf(name);
    const target = def.ref ? entityByName(def.ref.entity) : undefined;
    if (def.ref && target) plan.push({ kind: 'ref', name, key, target, label: def.ref.label });
    else if (!def.ref && def.dict) plan.push({ kind: 'dict', name, key, code: def.dict });
  }
  plans.set(entity, plan);
  return plan;
}

/**
 * References and dictionary values shown by name (`deptId` → `deptName`, `sex` → `sexName`),
 * and checked on submit: a reference must name a live row of the caller's tenant, a
 * dictionary value must be one of the dictionary's keys.
 */
export class Labels {
  constructor(
    private readonly db: Db,
    private readonly tables: Record<string, PgTable>,
    readonly dictionaries: Dictionaries,
  ) {}

  /** Display labels, briefly cached: lists show the same few references again and again. */
  private readonly cache = ttlCache<{ label: string | null }>({ ttlMs: LABEL_TTL_MS, max: 50_000 });

  invalidate(): void {
    this.cache.clear();
  }

  private async names(target: AnyEntity, labelField: string, ids: string[], tenantId: string, cached = false): Promise<Map<string, string>> {
    const table = this.tables[target.name];
    if (!table || ids.length === 0) return new Map();
    const out = new Map<string, string>();
    const prefix = `${target.name}|${labelField}|${tenantId}|`;
    const key = (id: string) => prefix + id;
    const missing = cached ? ids.filter((id) => {
      const hit = this.cache.get(key(id));
      if (!hit) return true;
      if (hit.label !== null) out.set(id, hit.label);
      return false;
    }) : ids;
    if (missing.length === 0) return out;
    const c = getTableColumns(table) as Record<string, PgColumn>;
    const rows = await this.db
      .select({ id: c.id!, label: c[labelField]! })
      .from(table)
      .where(and(inArray(c.id!, missing), eq(c.isDeleted!, 0), target.tenant ? eq(c.tenantId!, tenantId) : undefined));
    for (const r of rows) out.set(String(r.id), String(r.label ?? ''));
    if (cached) {
      for (const id of missing) this.cache.set(key(id), { label: out.get(id) ?? null });
    }
    return out;
  }

  async attach(entity: AnyEntity, records: Json[], tenantId: string): Promise<void> {
    if (records.length === 0) return;
    for (const p of labelPlan(entity)) {
      if (p.kind === 'ref') {
        const ids = new Set<string>();
        for (const r of records) for (const id of splitIds(r[p.name])) ids.add(id);
        const names = await this.names(p.target, p.label, [...ids], tenantId, true);
        for (const r of records) {
          const refs = splitIds(r[p.name]);
          r[p.key] = refs.length === 1 ? (names.get(refs[0]!) ?? '') : refs.map((id) => names.get(id) ?? '').filter(Boolean).join(',');
        }
        if (p.target.name === 'vehicle' && p.label !== 'plateNumber') {
          const plates = await this.names(p.target, 'plateNumber', [...ids], tenantId, true);
          for (const r of records) {
            const refs = splitIds(r[p.name]);
            r[plateKeyOf(p.name)] = refs.length === 1 ? (plates.get(refs[0]!) ?? '') : '';
          }
        }
      } else {
        const labels = await this.dictionaries.labels(p.code, tenantId);
        for (const r of records) {
          const v = r[p.name];
          r[p.key] = v === null || v === undefined ? '' : (labels.get(String(v)) ?? '');
        }
      }
    }
  }

  async checkReferences(entity: AnyEntity, values: Record<string, unknown>, principal: Principal, selfId?: string) {
    for (const [name, def] of Object.entries(entity.fields) as [string, FieldDef][]) {
      const value = values[name];
      if (value === undefined || value === null || value === '') continue;
      if (def.ref) {
        const target = entityByName(def.ref.entity);
        if (!target || !this.tables[target.name]) continue;
        const ids = splitIds(value);
        if (selfId && target.name === entity.name && ids.includes(selfId)) {
          throw badRequest(`${crudText('notSelf', def)} [${name}]`);
        }
        const found = await this.names(target, def.ref.label, ids, principal.tenantId);
        const missing = ids.find((id) => !found.has(id));
        if (missing) throw badRequest(`${crudText('missing', { label: def.label, id: missing })} [${name}]`);
      } else if (def.dict) {
        const items = await this.dictionaries.items(def.dict, principal.tenantId);
        if (items.length > 0 && !items.some((i) => i.key === String(value))) {
          throw badRequest(`${crudText('notInDict', { label: def.label, value: String(value) })} [${name}]`);
        }
      }
    }
  }
}
