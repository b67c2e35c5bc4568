import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import type { FieldDef } from '@wdiov/contracts';
import { createRouter } from '../../lib/create-app.ts';
import { data, success } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/api-error.ts';
import { parseWith, readJson } from '../../lib/read-input.ts';
import { nextId } from '../../lib/ids.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { queryId } from '../resource/inputs.ts';
import { developLookups } from './lookup.ts';
import { developText } from '../../lib/texts/develop-text.ts';

const MAX_PROTOTYPES = 500;

/** A submitted element without its id: the set is replaced, so ids are given anew (see below). */
const withoutId = (v: unknown) => {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
  const { id: _id, ...rest } = v as Record<string, unknown>;
  return rest;
};

/** model-prototype/submit-list and model-prototype/select. */
export function prototypeRoutes(deps: BespokeDeps) {
  const router = createRouter();
  const { repos } = deps;
  const lookups = developLookups(deps);
  const repo = () => repos.get('modelPrototype');

  router.get('/model-prototype/select', async (c) => {
    const principal = c.get('principal');
    const model = await lookups.model(principal, queryId(c, 'modelId'));
    return data(c, await lookups.savedPrototypes(principal, String(model.id)));
  });

  /**
   * Replaces the prototype set of one model with the list sent, in one transaction: the model's
   * live prototypes are logically deleted and the list inserted with fresh ids in list order, so
   * the saved order is the field order of the generated entity. Ids sent along are ignored.
   */
  router.post('/model-prototype/submit-list', async (c) => {
    const principal = c.get('principal');
    const prototypes = repo();
    await prototypes.scope(principal, true); // platform data: the repository's write guard
    const body = await readJson(c);
    if (!Array.isArray(body)) throw badRequest(developText('notArray'));
    const list = parseWith(
      z.array(prototypes.entity.submitSchema.add)
        .min(1, { error: () => developText('atLeastOneField') })
        .max(MAX_PROTOTYPES, { error: () => developText('tooManyFields', { limit: MAX_PROTOTYPES }) }),
      body.map(withoutId),
    );
    const modelId = String(list[0]!.modelId);
    const seen = { jdbcName: new Set<string>(), propertyName: new Set<string>() };
    list.forEach((p, i) => {
      if (String(p.modelId) !== modelId) throw badRequest(`${developText('oneModel')} [${i}.modelId]`);
      for (const k of ['jdbcName', 'propertyName'] as const) {
        const v = String(p[k]);
        if (seen[k].has(v)) throw badRequest(`${developText(k === 'jdbcName' ? 'columnRepeated' : 'propertyRepeated', { value: v })} [${i}.${k}]`);
        seen[k].add(v);
      }
    });
    if (!(await repos.get('model').findRow(principal, modelId))) throw badRequest(`${developText('modelMissing', { id: modelId })} [0.modelId]`);

    const fields = Object.entries(prototypes.entity.fields) as [string, FieldDef][];
    // Every field written: absent optional ones get their default (or null), so nothing of the old set leaks in.
    const base = Object.fromEntries(fields.map(([k, d]) => [k, d.default === undefined ? null : d.kind === 'bool' ? (d.default ? 1 : 0) : d.default]));
    const now = new Date();
    const audit = {
      createUser: principal.userId, createDept: principal.deptId || null, createTime: now,
      updateUser: principal.userId, updateTime: now, status: 1, isDeleted: 0,
    };
    const col = prototypes.columns;
    await prototypes.db.transaction(async (tx) => {
      await tx.update(prototypes.table).set({ isDeleted: 1, updateUser: principal.userId, updateTime: now })
        .where(and(prototypes.tenantScope(principal), eq(col.modelId!, modelId)));
      await tx.insert(prototypes.table).values(list.map((p) => ({ ...base, ...p, ...audit, id: nextId() })));
    });
    // The model's field set replaced as a whole: one operation of the model, naming the fields it now has.
    repos.get('model').record({ principal, action: 'submit-list', id: modelId, changes: { fields: list.map((p) => p.jdbcName) } });
    return success(c);
  });

  return router;
}
