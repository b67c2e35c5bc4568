import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { dictBizTable, dictTable } from '../db/schema/index.ts';

export interface DictItem {
  key: string;
  value: string;
}

const TTL_MS = 30_000;

/**
 * Dictionary look-ups for validation and labels. System dictionaries are shared; business
 * dictionaries (dict-biz) are per tenant and override nothing. A short TTL keeps replicas
 * close to each other without a cache bus; a dict submit on this replica invalidates at once.
 */
export class Dictionaries {
  private cache = new Map<string, { at: number; items: DictItem[] }>();

  constructor(private readonly db: Db) {}

  invalidate(): void {
    this.cache.clear();
  }

  async items(code: string, tenantId: string): Promise<DictItem[]> {
    const cacheKey = `${tenantId}:${code}`;
    const hit = this.cache.get(cacheKey);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.items;
    const sys = await this.db
      .select({ key: dictTable.dictKey, value: dictTable.dictValue })
      .from(dictTable)
      .where(and(eq(dictTable.code, code), ne(dictTable.parentId, '0'), eq(dictTable.isDeleted, 0)))
      .orderBy(asc(dictTable.sort));
    const biz = sys.length > 0 ? [] : await this.db
      .select({ key: dictBizTable.dictKey, value: dictBizTable.dictValue })
      .from(dictBizTable)
      .where(and(eq(dictBizTable.code, code), ne(dictBizTable.parentId, '0'), eq(dictBizTable.isDeleted, 0), eq(dictBizTable.tenantId, tenantId)))
      .orderBy(asc(dictBizTable.sort));
    const items = [...sys, ...biz].map((r) => ({ key: String(r.key), value: String(r.value) }));
    this.cache.set(cacheKey, { at: Date.now(), items });
    return items;
  }

  async label(code: string, tenantId: string, key: unknown): Promise<string> {
    if (key === null || key === undefined) return '';
    const items = await this.items(code, tenantId);
    return items.find((i) => i.key === String(key))?.value ?? '';
  }
}
