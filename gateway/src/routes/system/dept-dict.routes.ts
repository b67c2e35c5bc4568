import { deptTreeRoutes, dictBizRoutes, dictRoutes } from '@wdiov/contracts/api/dept-dict.route';
import { createRouter } from '../../lib/create-app.ts';
import { routeOf } from '../../lib/contract.ts';
import { data } from '../../lib/envelope.ts';
import { forest, treeNodes } from '../../crud/tree.ts';
import { listQueryOf } from '../../crud/crud-router.ts';
import type { Principal } from '../../crud/principal.ts';
import type { Repository } from '../../crud/repository.ts';
import type { Json } from '../../crud/serialize.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { ALL } from './grants.ts';

/** The order of `all` with `ascs: ['sort']`: sort, then newest first. */
const BY_SORT = [{ field: 'sort', asc: true }, { field: 'id', asc: false }];
const TREE_LIMIT = 10_000;
const eqFilter = (field: string, column: string, value: string) => ({ key: field, field, column, op: 'equal' as const, value });

/**
 * The list filters of a call (`deptName_like` …) are the query's keys other than the ones its
 * contract declares: the contracts declare only their own parameters, and the filters are read
 * from the raw query as the generic list reads them (a key that is no field of the entity is
 * ignored there).
 */
const filtersOf = (query: Record<string, string>, declared: string[] = []) => listQueryOf(query, declared);

type Level = Json & { id: string; parentId: string; hasChildren: boolean };

/** Tree-shaped entities (dept, dict, dict-biz): list as a tree, lazy lists and trees by parent. */
function treeCalls(router: ReturnType<typeof createRouter>, calls: typeof deptTreeRoutes, repo: () => Repository, title: string) {
  router.openapi(routeOf(calls.list), async (c) => data(c, forest(await repo().all(c.get('principal'), { ...filtersOf(c.req.query()), ascs: ['sort'] }))));
  // The whole tree is asked by every screen with a dept or dictionary picker: its three columns
  // are remembered per tenant until this entity is written (see Repository.pick).
  router.openapi(routeOf(calls.tree), async (c) => data(c, treeNodes(await repo().pick(c.get('principal'), ['id', 'parentId', title], BY_SORT, TREE_LIMIT), title)));
  const level = async (principal: Principal, parentId: string | undefined, query: Record<string, string>): Promise<Level[]> => {
    const all = await repo().all(principal, { ...ALL, ascs: ['sort'] });
    const parents = new Set(all.map((r) => String(r.parentId)));
    const rows = await repo().all(principal, { ...filtersOf(query, ['parentId']), ascs: ['sort'] }, []);
    return rows.filter((r) => String(r.parentId) === (parentId || '0')).map((r) => ({ ...r, hasChildren: parents.has(String(r.id)) }) as Level);
  };
  router.openapi(routeOf(calls.lazyList), async (c) => data(c, await level(c.get('principal'), c.req.valid('query').parentId, c.req.query())));
  router.openapi(routeOf(calls.lazyTree), async (c) => {
    const rows = await level(c.get('principal'), c.req.valid('query').parentId, c.req.query());
    return data(c, rows.map((r) => ({ id: r.id, parentId: r.parentId, title: r[title] as string, key: r.id, value: r.id, hasChildren: r.hasChildren })));
  });
}

/** Dept and dictionary calls of wdiov-system. */
export function deptDictRoutes({ repos, dictionaries, dataScopes }: BespokeDeps) {
  const router = createRouter();
  treeCalls(router, deptTreeRoutes, () => repos.get('dept'), 'deptName');
  for (const [calls, name] of [[dictRoutes, 'dict'], [dictBizRoutes, 'dictBiz']] as const) {
    const repo = () => repos.get(name);
    treeCalls(router, calls, repo, 'dictValue');
    router.openapi(routeOf(calls.parentList), async (c) => {
      // Parents are the dictionary headers: parent id 0.
      const query = filtersOf(c.req.query());
      return data(c, await repo().page(c.get('principal'), {
        ...query, ascs: query.ascs.length ? query.ascs : ['sort'], filters: [...query.filters, eqFilter('parentId', 'parent_id', '0')],
      }));
    });
    router.openapi(routeOf(calls.childList), async (c) => {
      const { parentId } = c.req.valid('query');
      const query = filtersOf(c.req.query(), ['parentId']);
      return data(c, forest(await repo().all(c.get('principal'), { ...query, ascs: ['sort'], filters: [...query.filters, eqFilter('parentId', 'parent_id', parentId)] })));
    });
    router.openapi(routeOf(calls.parentTree), async (c) => {
      const rows = await repo().all(c.get('principal'), { ...ALL, ascs: ['sort'], filters: [eqFilter('parentId', 'parent_id', '0')] });
      return data(c, treeNodes(rows, 'dictValue'));
    });
    const byCode = async (principal: Principal, code: string) => {
      const read = async () => {
        const rows = await repo().all(principal, { ...ALL, ascs: ['sort'], filters: [eqFilter('code', 'code', code)] });
        return rows.filter((r) => String(r.parentId) !== '0');
      };
      // Every screen asks for its codes: answered from memory until a dictionary is written.
      // Only for answers that are the same for the whole tenant (no data scope narrows them).
      if (await dataScopes.condition(repo().entity, repo().columns, principal)) return read();
      repo().guard(principal, false);
      return (await dictionaries.answers.get(`${name}|${principal.tenantId}|${code}`, read)) as Json[];
    };
    type Item = Json & { dictKey: string; dictValue: string };
    router.openapi(routeOf(calls.dictionary), async (c) => data(c, await byCode(c.get('principal'), c.req.valid('query').code) as Item[]));
    router.openapi(routeOf(calls.dictionaryTree), async (c) => data(c, treeNodes(await byCode(c.get('principal'), c.req.valid('query').code), 'dictValue')));
  }
  return router;
}
