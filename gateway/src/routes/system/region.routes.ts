import { and, eq, inArray, notInArray } from 'drizzle-orm';
import {
  regionDetailRoute, regionLazyListRoute, regionLazyTreeRoute, regionRemoveKeys, regionRemoveRoute, regionSelectRoute, regionSubmitRoute,
} from '@wdiov/contracts/api/region.route';
import { entities, Msg, REGION_ROOT } from '@wdiov/contracts';
import { createRouter } from '../../lib/create-app.ts';
import { routeOf } from '../../lib/contract.ts';
import { data, success } from '../../lib/envelope.ts';
import { badRequest, notFound } from '../../lib/api-error.ts';
import { parseWith } from '../../lib/read-input.ts';
import { listQueryOf } from '../../crud/crud-router.ts';
import { regionByCode } from '../../crud/behaviours.ts';
import type { Principal } from '../../crud/principal.ts';
import type { Json } from '../../crud/serialize.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { ALL } from './grants.ts';
import { systemText } from '../../lib/texts/system-text.ts';

const REGION_CODE = /^\d{2,12}$/;
const CODE_MAX = 12;
const eqFilter = (field: string, column: string, value: string) => ({ key: field, field, column, op: 'equal' as const, value });

/**
 * The list filters of a level call (`name_like` …) are the query's keys other than the parent's:
 * the contracts declare only the parent, and the filters are read from the raw query as the
 * generic list reads them (a key that is no field of the region is ignored there).
 */
const filtersOf = (query: Record<string, string>, parentKey: string) => listQueryOf(query, [parentKey]);

/**
 * Regions are identified by their GB/T 2260 code: lazy trees, cascader options (`select`) and
 * detail by code; remove takes codes; a submit of a code that exists updates it (BladeX).
 */
export function regionRoutes({ repos }: BespokeDeps) {
  const router = createRouter();
  const regions = () => repos.get('region');

  /** Which of the given codes have live children (one query for a whole level). */
  const withChildren = async (codes: string[]): Promise<Set<string>> => {
    if (codes.length === 0) return new Set();
    const repo = regions();
    const c = repo.columns;
    const rows = await repo.db.selectDistinct({ parent: c.parentCode! }).from(repo.table)
      .where(and(inArray(c.parentCode!, codes), eq(c.isDeleted!, 0)));
    return new Set(rows.map((r) => String(r.parent)));
  };

  type Level = Json & { id: string; code: string; name: string; parentCode: string; hasChildren: boolean };
  const children = async (principal: Principal, parentCode: string | undefined, query: Record<string, string>, parentKey: string): Promise<Level[]> => {
    const list = filtersOf(query, parentKey);
    const rows = await regions().all(principal, { ...list, ascs: ['sort', 'code'], filters: [...list.filters, eqFilter('parentCode', 'parent_code', parentCode || REGION_ROOT)] });
    const parents = await withChildren(rows.map((r) => String(r.code)));
    return rows.map((r) => ({ ...r, hasChildren: parents.has(String(r.code)) }) as Level);
  };
  router.openapi(routeOf(regionLazyListRoute), async (c) =>
    data(c, await children(c.get('principal'), c.req.valid('query').parentCode, c.req.query(), 'parentCode')));
  router.openapi(routeOf(regionLazyTreeRoute), async (c) => {
    const level = await children(c.get('principal'), c.req.valid('query').parentCode, c.req.query(), 'parentCode');
    return data(c, level.map((r) => ({ id: r.code, parentId: r.parentCode, title: r.name, key: r.code, value: r.code, hasChildren: r.hasChildren })));
  });
  router.openapi(routeOf(regionSelectRoute), async (c) => data(c, await children(c.get('principal'), c.req.valid('query').code, c.req.query(), 'code')));

  router.openapi(routeOf(regionDetailRoute), async (c) => {
    const { code, id } = c.req.valid('query');
    // Without a code: the generic detail by row id, for the edit form.
    const [row] = code === undefined
      ? [await regions().detail(c.get('principal'), id!)]
      : await regions().all(c.get('principal'), { ...ALL, filters: [eqFilter('code', 'code', code)] });
    if (!row) throw notFound(systemText('regionMissing', { id: String(code ?? id) }));
    return data(c, row as Json & { id: string; code: string; name: string; parentCode: string });
  });

  router.openapi(routeOf(regionSubmitRoute), async (c) => {
    const body: Record<string, unknown> = { ...c.req.valid('json') };
    const principal = c.get('principal');
    // The BladeX region form sends the part below the parent as subCode.
    if ((body.code === undefined || body.code === '') && (typeof body.subCode === 'string' || typeof body.subCode === 'number')) {
      const parent = String(body.parentCode ?? '');
      body.code = `${parent && parent !== REGION_ROOT ? parent : ''}${String(body.subCode)}`;
    }
    let id = typeof body.id === 'string' && body.id !== '' ? body.id : undefined;
    // A form may send the code as a number (a cascader value, a spreadsheet cell): the same code all the same.
    if (typeof body.code === 'number') body.code = String(body.code);
    if (!id && typeof body.code === 'string' && REGION_CODE.test(body.code)) {
      const existing = await regionByCode(regions(), body.code);
      if (existing) id = String(existing.id);
    }
    if (!id) {
      await regions().insert(principal, parseWith(entities.region.submitSchema.add, body));
      return success(c, Msg.added);
    }
    const { id: _id, ...rest } = body;
    if (!(await regions().update(principal, id, parseWith(entities.region.submitSchema.update, rest)))) throw notFound(systemText('regionMissing', { id: String(id) }));
    return success(c, Msg.updated);
  });

  router.openapi(routeOf(regionRemoveRoute), async (c) => {
    const keys = regionRemoveKeys(c.req.valid('query'));
    const principal = c.get('principal');
    const repo = regions();
    const rows: Record<string, unknown>[] = [];
    for (const key of keys) {
      const row = key.length <= CODE_MAX ? await regionByCode(repo, key) : await repo.findRow(principal, key);
      if (!row) throw notFound(systemText('regionMissing', { id: String(key) }));
      rows.push(row);
    }
    // A region goes only with all of its live children (BladeX: delete the children first).
    const removing = new Set(rows.map((r) => String(r.code)));
    const col = repo.columns;
    const [orphan] = await repo.db.select({ parent: col.parentCode! }).from(repo.table)
      .where(and(inArray(col.parentCode!, [...removing]), eq(col.isDeleted!, 0), notInArray(col.code!, [...removing]))).limit(1);
    if (orphan) throw badRequest(`${systemText('regionChildrenFirst')} [${String(orphan.parent)}]`);
    await repo.remove(principal, rows.map((r) => String(r.id)));
    return success(c, Msg.removed);
  });
  return router;
}
