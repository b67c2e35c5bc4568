import type { AnyEntity } from '@wdiov/contracts/entity/define-entity';
import type { HttpClient, QueryParams } from '../api/http';
import { dropEmpty } from '../util/validators';

export type Row = Record<string, unknown>;

export interface PageData {
  records: Row[];
  total: number;
}

interface Envelope {
  data?: unknown;
}

/** Largest page the gateway serves (bladex-wire §2): used for trees, options and export. */
export const MAX_PAGE_SIZE = 500;

/** A page answer, or a bare array (tree lists, child lists) taken as one page. */
export function toPage(data: unknown): PageData {
  if (Array.isArray(data)) return { records: data as Row[], total: data.length };
  const page = (data ?? {}) as { records?: unknown; total?: unknown };
  const records = Array.isArray(page.records) ? (page.records as Row[]) : [];
  return { records, total: Number(page.total ?? records.length) || 0 };
}

/**
 * Rows nested by their parent field. Bespoke tree lists already answer a forest; generic ones
 * answer flat rows, merged here the way BladeX's ForestNodeMerger does (orphans become roots).
 */
export function toForest(rows: Row[], parentKey = 'parentId', idKey = 'id'): Row[] {
  if (rows.some((r) => Array.isArray(r.children))) return rows;
  const byId = new Map(rows.map((r) => [String(r[idKey]), { ...r } as Row]));
  const roots: Row[] = [];
  for (const node of byId.values()) {
    const parent = byId.get(String(node[parentKey] ?? '0'));
    if (parent && parent !== node) ((parent.children ??= []) as Row[]).push(node);
    else roots.push(node);
  }
  return roots;
}

/** Every node of a forest, depth first (export of tree lists). */
export function flattenForest(rows: Row[]): Row[] {
  return rows.flatMap((r) => [r, ...flattenForest(Array.isArray(r.children) ? (r.children as Row[]) : [])]);
}

export const dataOf = (body: unknown): unknown => (body as Envelope | undefined)?.data;

/** The generic calls every entity has at its base path (`/page|list|detail|submit|remove`). */
export function createCrudApi(http: HttpClient, entity: AnyEntity) {
  const base = entity.basePath;
  const get = async (url: string, params: QueryParams = {}) =>
    dataOf(await http.get(url, dropEmpty(params) as QueryParams));
  return {
    page: async (params: QueryParams) => toPage(await get(`${base}/page`, params)),
    /** The whole list as a forest (tree entities and their selects). */
    async tree(params: QueryParams = {}): Promise<Row[]> {
      const rows = toPage(await get(`${base}/list`, { current: 1, size: MAX_PAGE_SIZE, ...params })).records;
      return toForest(rows, entity.tree?.parent ?? 'parentId');
    },
    /** A short list for searchable selects. */
    options: async (params: QueryParams) => toPage(await get(`${base}/list`, { current: 1, size: 20, ...params })).records,
    detail: async (id: string) => ((await get(`${base}/detail`, { id })) ?? {}) as Row,
    submit: (body: Row) => http.post(`${base}/submit`, body),
    async remove(ids: string[]): Promise<void> {
      // A few removes take a single `id` (region, motor …): one call per row.
      if (entity.removeBy === 'id') {
        for (const id of ids) await http.post(`${base}/remove`, undefined, { params: { id } });
        return;
      }
      await http.post(`${base}/remove`, undefined, { params: { ids: ids.join(',') } });
    },
  };
}

export type CrudApi = ReturnType<typeof createCrudApi>;
