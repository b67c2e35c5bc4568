import { z } from 'zod';
import type { FieldDef } from '@wdiov/contracts';
import { createRouter } from '../../lib/create-app.ts';
import { data } from '../../lib/envelope.ts';
import { badRequest, notFound } from '../../lib/api-error.ts';
import { parseWith } from '../../lib/read-input.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { queryId, queryIds } from '../resource/inputs.ts';
import type { GeneratedEntity } from '@wdiov/contracts/wire/generated-entity';
import { generateEntitySource, type CodeRecord, type ModelRecord } from './entity-source.ts';
import { shapeOf } from './inspect.ts';
import { developLookups } from './lookup.ts';
import { developText } from '../../lib/texts/develop-text.ts';

const CODE_NAME_MAX = 64;
const COPY_SUFFIX = '-copy';
/** `system=saber` names the front-end flavour in BladeX; there is one flavour here, so it is only checked. */
const genInput = z.object({ system: z.enum(['saber', ''], { error: () => developText('systemSaber') }).optional() });

/** code/gen-code and code/copy. */
export function codeRoutes(deps: BespokeDeps) {
  const router = createRouter();
  const { repos } = deps;
  const lookups = developLookups(deps);
  const codes = () => repos.get('code');

  router.post('/code/gen-code', async (c) => {
    const principal = c.get('principal');
    parseWith(genInput, { system: c.req.query('system') });
    const out: GeneratedEntity[] = [];
    for (const id of queryIds(c)) {
      const code = await codes().findRow(principal, id);
      if (!code) throw notFound(developText('codeMissing', { id }));
      const model = await repos.get('model').findRow(principal, String(code.modelId));
      if (!model) throw badRequest(`${developText('codeModelMissing', { code: String(code.codeName) })} [modelId]`);
      const { prototypes } = await lookups.prototypesOf(principal, model);
      // The table's own columns say whether it is tenant-scoped and audited; a table not created yet gets the usual shape.
      const columns = await lookups.modelColumns(principal, model);
      const shape = columns ? shapeOf(columns) : { tenant: true, audit: 'full' as const };
      out.push(generateEntitySource(code as unknown as CodeRecord, model as unknown as ModelRecord, prototypes, shape));
    }
    return data(c, out);
  });

  router.post('/code/copy', async (c) => {
    const principal = c.get('principal');
    const repo = codes();
    const id = queryId(c, 'id');
    const row = await repo.findRow(principal, id);
    if (!row) throw notFound(developText('codeMissing', { id }));
    // Only the entity's own fields are copied; ids, audit and delete flags are the engine's to set.
    const values: Record<string, unknown> = {};
    for (const [k, def] of Object.entries(repo.entity.fields) as [string, FieldDef][]) if (!def.readOnly) values[k] = row[k];
    values.codeName = String(row.codeName).slice(0, CODE_NAME_MAX - COPY_SUFFIX.length) + COPY_SUFFIX;
    const newId = await repo.insert(principal, values);
    return data(c, { id: newId });
  });

  return router;
}
