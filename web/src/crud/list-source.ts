import type { AnyEntity } from '@wdiov/contracts/entity/define-entity';
import type { HttpClient, QueryParams } from '../api/http';
import { dropEmpty } from '../util/validators';
import { createCrudApi, dataOf, toForest, toPage, type PageData, type Row } from './crud-api';

/** Where a list screen reads its rows. The generic one follows the entity; screens may bring theirs. */
export interface ListSource {
  load(params: QueryParams): Promise<PageData>;
  /** What the list's cached pages are keyed by beside the entity (another source's pages are others). */
  key?: string;
  /** Rows nested under `children`: shown as a tree table. */
  tree: boolean;
  /** Paged by the server (a paginator is shown). */
  paged: boolean;
  /** Lazy trees: a node's children, asked for when it is expanded. */
  children?(row: Row): Promise<Row[]>;
}

/** Trees list whole (`/list`, a forest); everything else pages (`/page`). */
export function entitySource(http: HttpClient, entity: AnyEntity): ListSource {
  const api = createCrudApi(http, entity);
  if (entity.tree) {
    return {
      key: 'tree',
      tree: true,
      paged: false,
      load: async ({ current: _c, size: _s, ...filters }) => {
        const forest = await api.tree(filters);
        return { records: forest, total: forest.length };
      },
    };
  }
  return { key: 'page', tree: false, paged: true, load: (params) => api.page(params) };
}

/** A list read from another URL of the entity (parent-list, child-list, lazy-list …). */
export function urlSource(http: HttpClient, url: string, options: Partial<Omit<ListSource, 'load'>> = {}): ListSource {
  return {
    key: `${url}${options.tree ? ' tree' : ''}`,
    tree: false,
    paged: true,
    ...options,
    async load(params) {
      const page = toPage(dataOf(await http.get(url, dropEmpty(params) as QueryParams)));
      return options.tree ? { ...page, records: toForest(page.records) } : page;
    },
  };
}
