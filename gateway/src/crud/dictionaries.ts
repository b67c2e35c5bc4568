import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { dictBizTable, dictTable } from '../db/schema/index.ts';
import { MemoCache } from './memo-cache.ts';

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
  private cache = new Map<string, { at: number; items: DictItem[]; byKey: Map<string, string> }>();
  /** Whole answers built from dictionary rows (a code's items as the wire shows them). */
  readonly answers = new MemoCache<unknown>(TTL_MS);

  constructor(private readonly db: Db) {}

  invalidate(): void {
    this.cache.clear();
    this.answers.clear();
  }

  /** A dictionary's labels by key, for attaching to many rows at once. */
  async labels(code: string, tenantId: string): Promise<Map<string, string>> {
    const cacheKey = `${tenantId}:${code}`;
    const hit = this.cache.get(cacheKey);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.byKey;
    await this.items(code, tenantId);
    return this.cache.get(cacheKey)?.byKey ?? new Map();
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
    this.cache.set(cacheKey, { at: Date.now(), items, byKey: new Map(items.map((i) => [i.key, i.value])) });
    return items;
  }

  async label(code: string, tenantId: string, key: unknown): Promise<string> {
    if (key === null || key === undefined) return '';
    return (await this.labels(code, tenantId)).get(String(key)) ?? '';
  }
}
