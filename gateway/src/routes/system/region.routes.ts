import { z } from 'zod';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { entities, idString, Msg, REGION_ROOT } from '@wdiov/contracts';
import { createRouter } from '../../lib/create-app.ts';
import { data, success } from '../../lib/envelope.ts';
import { badRequest, notFound } from '../../lib/api-error.ts';
import { parseWith, readJsonObject } from '../../lib/read-input.ts';
import { listQueryOf } from '../../crud/crud-router.ts';
import { regionByCode } from '../../crud/behaviours.ts';
import type { Ctx } from '../../lib/types.ts';
import type { Json } from '../../crud/serialize.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { ALL } from './grants.ts';
import { systemText } from '../../lib/texts/system-text.ts';

const code = z.string().regex(/^\d{2,12}$/, { error: () => systemText('regionCode') });
/** A region named in a remove: its code (2–12 digits; imported rows have it as id too) or a row id. */
const CODE_OR_ID = /^\d{2,19}$/;
const CODE_MAX = 12;
const eqFilter = (field: string, column: string, value: string) => ({ key: field, field, column, op: 'equal' as const, value });

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

  const children = async (c: Ctx, parentKey: 'parentCode' | 'code'): Promise<Json[]> => {
    const { [parentKey]: raw, ...rest } = c.req.query();
    const parentCode = raw ? parseWith(code, raw) : REGION_ROOT;
    const query = listQueryOf(rest);
    const rows = await regions().all(c.get('principal'), { ...query, ascs: ['sort', 'code'], filters: [...query.filters, eqFilter('parentCode', 'parent_code', parentCode)] });
    const parents = await withChildren(rows.map((r) => String(r.code)));
    return rows.map((r): Json => ({ ...r, hasChildren: parents.has(String(r.code)) }));
  };
  router.get('/region/lazy-list', async (c) => data(c, await children(c, 'parentCode')));
  router.get('/region/lazy-tree', async (c) =>
    data(c, (await children(c, 'parentCode')).map((r) => ({ id: r.code, parentId: r.parentCode, title: r.name, key: r.code, value: r.code, hasChildren: r.hasChildren }))),
  );
  /** Cascader options: the regions under `code` (default the root), as BladeX's region/select. */
  router.get('/region/select', async (c) => data(c, await children(c, 'code')));

  router.get('/region/detail', async (c) => {
    const q = c.req.query();
    if (q.id && !q.code) {
      // The generic detail by row id, for the edit form.
      const row = await regions().detail(c.get('principal'), parseWith(idString, q.id));
      if (!row) throw notFound(systemText('regionMissing', { id: String(q.id) }));
      return data(c, row);
    }
    const value = parseWith(code, q.code ?? '');
    const [row] = await regions().all(c.get('principal'), { ...ALL, filters: [eqFilter('code', 'code', value)] });
    if (!row) throw notFound(systemText('regionMissing', { id: String(value) }));
    return data(c, row);
  });

  router.post('/region/submit', async (c) => {
    const body = { ...(await readJsonObject(c))! };
    const principal = c.get('principal');
    // The BladeX region form sends the part below the parent as subCode.
    if ((body.code === undefined || body.code === '') && (typeof body.subCode === 'string' || typeof body.subCode === 'number')) {
      const parent = String(body.parentCode ?? '');
      body.code = `${parent && parent !== REGION_ROOT ? parent : ''}${String(body.subCode)}`;
    }
    let id = body.id === undefined || body.id === null || body.id === '' ? undefined : parseWith(idString, body.id);
    // A form may send the code as a number (a cascader value, a spreadsheet cell): the same code all the same.
    if (typeof body.code === 'number') body.code = String(body.code);
    if (!id && typeof body.code === 'string' && code.safeParse(body.code).success) {
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

  router.post('/region/remove', async (c) => {
    const raw = c.req.query('id') ?? c.req.query('ids') ?? c.req.query('code') ?? '';
    const keys = raw.split(',').map((s) => s.trim()).filter(Boolean);
    if (keys.length === 0 || keys.length > 1000 || !keys.every((k) => CODE_OR_ID.test(k))) throw badRequest(systemText('regionIds'));
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
