import { z } from 'zod';
import { idString } from '@wdiov/contracts';
import { createRouter } from '../../lib/create-app.ts';
import type { Ctx } from '../../lib/types.ts';
import { data } from '../../lib/envelope.ts';
import { parseWith } from '../../lib/read-input.ts';
import { say } from '../../lib/request-language.ts';
import { systemText } from '../../lib/texts/system-text.ts';
import { forest, treeNodes } from '../../crud/tree.ts';
import { listQueryOf } from '../../crud/crud-router.ts';
import type { Repository } from '../../crud/repository.ts';
import type { Json } from '../../crud/serialize.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { ALL } from './grants.ts';

const DictCode = z.string({ error: () => systemText('dictCode') }).trim().min(1, { error: () => systemText('dictCode') }).max(255, { error: () => say('tooLong', { zh: '字典编号', en: 'The dictionary code' }, 255) });
const parentIdParam = z.union([z.literal('0'), idString]).optional();
/** The order of `all` with `ascs: ['sort']`: sort, then newest first. */
const BY_SORT = [{ field: 'sort', asc: true }, { field: 'id', asc: false }];
const TREE_LIMIT = 10_000;
const eqFilter = (field: string, column: string, value: string) => ({ key: field, field, column, op: 'equal' as const, value });

/** Tree-shaped entities (dept, dict, dict-biz): list as a tree, lazy lists and trees by parent. */
function treeCalls(router: ReturnType<typeof createRouter>, base: string, repo: () => Repository, title: string) {
  router.get(`${base}/list`, async (c) => data(c, forest(await repo().all(c.get('principal'), { ...listQueryOf(c.req.query()), ascs: ['sort'] }))));
  // The whole tree is asked by every screen with a dept or dictionary picker: its three columns
  // are remembered per tenant until this entity is written (see Repository.pick).
  router.get(`${base}/tree`, async (c) => data(c, treeNodes(await repo().pick(c.get('principal'), ['id', 'parentId', title], BY_SORT, TREE_LIMIT), title)));
  const lazy = (asTree: boolean) => async (c: Ctx) => {
    const { parentId: raw, ...rest } = c.req.query();
    const parentId = parseWith(parentIdParam, raw || undefined) ?? '0';
    const principal = c.get('principal');
    const all = await repo().all(principal, { ...ALL, ascs: ['sort'] });
    const parents = new Set(all.map((r) => String(r.parentId)));
    const rows = await repo().all(principal, { ...listQueryOf(rest), ascs: ['sort'] }, []);
    const level: Json[] = rows.filter((r) => String(r.parentId) === parentId).map((r) => ({ ...r, hasChildren: parents.has(String(r.id)) }));
    return data(c, asTree ? level.map((r) => ({ id: r.id, parentId: r.parentId, title: r[title], key: r.id, value: r.id, hasChildren: r.hasChildren })) : level);
  };
  router.get(`${base}/lazy-list`, lazy(false));
  router.get(`${base}/lazy-tree`, lazy(true));
}

/** Dept and dictionary calls of wdiov-system. */
export function deptDictRoutes({ repos, dictionaries, dataScopes }: BespokeDeps) {
  const router = createRouter();
  treeCalls(router, '/dept', () => repos.get('dept'), 'deptName');
  for (const [base, name] of [['/dict', 'dict'], ['/dict-biz', 'dictBiz']] as const) {
    const repo = () => repos.get(name);
    treeCalls(router, base, repo, 'dictValue');
    router.get(`${base}/parent-list`, async (c) => {
      // Parents are the dictionary headers: parent id 0.
      const query = listQueryOf(c.req.query());
      return data(c, await repo().page(c.get('principal'), {
        ...query, ascs: query.ascs.length ? query.ascs : ['sort'], filters: [...query.filters, eqFilter('parentId', 'parent_id', '0')],
      }));
    });
    router.get(`${base}/child-list`, async (c) => {
      const { parentId: raw, ...rest } = c.req.query();
      const parentId = parseWith(idString, raw ?? '');
      const query = listQueryOf(rest);
      return data(c, forest(await repo().all(c.get('principal'), { ...query, ascs: ['sort'], filters: [...query.filters, eqFilter('parentId', 'parent_id', parentId)] })));
    });
    router.get(`${base}/parent-tree`, async (c) => {
      const rows = await repo().all(c.get('principal'), { ...ALL, ascs: ['sort'], filters: [eqFilter('parentId', 'parent_id', '0')] });
      return data(c, treeNodes(rows, 'dictValue'));
    });
    const byCode = async (c: Ctx) => {
      const code = parseWith(DictCode, c.req.query('code') ?? '');
      const principal = c.get('principal');
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
    router.get(`${base}/dictionary`, async (c) => data(c, await byCode(c)));
    router.get(`${base}/dictionary-tree`, async (c) => data(c, treeNodes(await byCode(c), 'dictValue')));
  }
  return router;
}
