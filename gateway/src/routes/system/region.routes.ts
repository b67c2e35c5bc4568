import { z } from 'zod';
import { idString } from '@wdiov/contracts';
import { createRouter } from '../../lib/create-app.ts';
import { data } from '../../lib/envelope.ts';
import { notFound } from '../../lib/api-error.ts';
import { parseWith } from '../../lib/read-input.ts';
import { listQueryOf } from '../../crud/crud-router.ts';
import type { Ctx } from '../../lib/types.ts';
import type { Json } from '../../crud/serialize.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { ALL } from './grants.ts';

const code = z.string().regex(/^\d{2,12}$/, { error: '区划编号为2-12位数字' });
const eqFilter = (field: string, column: string, value: string) => ({ key: field, field, column, op: 'equal' as const, value });

/** Regions are identified by their GB/T 2260 code: lazy trees by parent code, detail by code. */
export function regionRoutes({ repos }: BespokeDeps) {
  const router = createRouter();
  const regions = () => repos.get('region');

  const children = async (c: Ctx): Promise<Json[]> => {
    const { parentCode: raw, ...rest } = c.req.query();
    const parentCode = raw ? parseWith(code, raw) : '00';
    const query = listQueryOf(rest);
    const rows = await regions().all(c.get('principal'), { ...query, ascs: ['code'], filters: [...query.filters, eqFilter('parentCode', 'parent_code', parentCode)] });
    // A region has children unless it is a village (level 5); checking each would cost a query per row.
    return rows.map((r): Json => ({ ...r, hasChildren: Number(r.regionLevel) < 5 }));
  };
  router.get('/region/lazy-list', async (c) => data(c, await children(c)));
  router.get('/region/lazy-tree', async (c) =>
    data(c, (await children(c)).map((r) => ({ id: r.code, parentId: r.parentCode, title: r.name, key: r.code, value: r.code, hasChildren: r.hasChildren }))),
  );
  router.get('/region/detail', async (c) => {
    const q = c.req.query();
    if (q.id && !q.code) {
      // The generic detail by row id, for the edit form.
      const row = await regions().detail(c.get('principal'), parseWith(idString, q.id));
      if (!row) throw notFound(`行政区划不存在: ${q.id}`);
      return data(c, row);
    }
    const value = parseWith(code, q.code ?? '');
    const [row] = await regions().all(c.get('principal'), { ...ALL, filters: [eqFilter('code', 'code', value)] });
    if (!row) throw notFound(`行政区划不存在: ${value}`);
    return data(c, row);
  });
  return router;
}
