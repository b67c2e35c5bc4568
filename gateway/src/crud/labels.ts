import { and, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AnyEntity, FieldDef } from '@wdiov/contracts';
import { entityByName, labelKeyOf } from '@wdiov/contracts';
import type { Db } from '../db/client.ts';
import { badRequest } from '../lib/api-error.ts';
import type { Dictionaries } from './dictionaries.ts';
import type { Principal } from './principal.ts';
import type { Json } from './serialize.ts';

const LABEL_TTL_MS = 10_000;

const splitIds = (v: unknown): string[] =>
  v === null || v === undefined || v === '' ? [] : String(v).split(',').filter((s) => s !== '' && s !== '0');

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
  private cache = new Map<string, { at: number; label: string | null }>();

  invalidate(): void {
    this.cache.clear();
  }

  private async names(target: AnyEntity, labelField: string, ids: string[], tenantId: string, cached = false): Promise<Map<string, string>> {
    const table = this.tables[target.name];
    if (!table || ids.length === 0) return new Map();
    const out = new Map<string, string>();
    const key = (id: string) => `${target.name}|${labelField}|${tenantId}|${id}`;
    const missing = cached ? ids.filter((id) => {
      const hit = this.cache.get(key(id));
      if (!hit || Date.now() - hit.at > LABEL_TTL_MS) return true;
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
      if (this.cache.size > 50_000) this.cache.clear();
      for (const id of missing) this.cache.set(key(id), { at: Date.now(), label: out.get(id) ?? null });
    }
    return out;
  }

  async attach(entity: AnyEntity, records: Json[], tenantId: string): Promise<void> {
    if (records.length === 0) return;
    for (const [name, def] of Object.entries(entity.fields) as [string, FieldDef][]) {
      if (def.writeOnly) continue;
      const key = labelKeyOf(name);
      if (def.ref) {
        const target = entityByName(def.ref.entity);
        if (!target) continue;
        const ids = [...new Set(records.flatMap((r) => splitIds(r[name])))];
        const names = await this.names(target, def.ref.label, ids, tenantId, true);
        for (const r of records) r[key] = splitIds(r[name]).map((id) => names.get(id) ?? '').filter(Boolean).join(',');
      } else if (def.dict) {
        const labels = await this.dictionaries.labels(def.dict, tenantId);
        for (const r of records) {
          const v = r[name];
          r[key] = v === null || v === undefined ? '' : (labels.get(String(v)) ?? '');
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
          throw badRequest(`${def.label.zh}不能是自己 [${name}]`);
        }
        const found = await this.names(target, def.ref.label, ids, principal.tenantId);
        const missing = ids.find((id) => !found.has(id));
        if (missing) throw badRequest(`${def.label.zh}不存在: ${missing} [${name}]`);
      } else if (def.dict) {
        const items = await this.dictionaries.items(def.dict, principal.tenantId);
        if (items.length > 0 && !items.some((i) => i.key === String(value))) {
          throw badRequest(`${def.label.zh}的值无效: ${String(value)} [${name}]`);
        }
      }
    }
  }
}
