import { z } from 'zod';
import { createRouter } from '../../lib/create-app.ts';
import { data } from '../../lib/envelope.ts';
import { badRequest, notFound } from '../../lib/api-error.ts';
import { parseWith } from '../../lib/read-input.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { optionalQueryId, queryId } from '../resource/inputs.ts';
import { listTables, SNAKE_NAME, tableColumns } from './inspect.ts';
import { developLookups } from './lookup.ts';
import { developText } from '../../lib/texts/develop-text.ts';

const tableNameInput = z.object({
  tableName: z.string().trim()
    .max(63, { error: () => developText('tableNameTooLong', { limit: 63 }) })
    .regex(SNAKE_NAME, { error: () => developText('tableNameFormat') }),
});

/** datasource/select, model/table-list, model/table-info, model/model-prototype. */
export function modelRoutes(deps: BespokeDeps) {
  const router = createRouter();
  const { repos, db } = deps;
  const lookups = developLookups(deps);

  router.get('/datasource/select', async (c) => {
    const rows = await repos.get('datasource').all(c.get('principal'), { filters: [], ascs: [], descs: [] });
    return data(c, rows.map((r) => ({ id: r.id, name: r.name })));
  });

  router.get('/model/table-list', async (c) => {
    await lookups.requireBuiltIn(c.get('principal'), optionalQueryId(c, 'datasourceId'));
    return data(c, await listTables(db));
  });

  router.get('/model/table-info', async (c) => {
    const principal = c.get('principal');
    const modelId = optionalQueryId(c, 'modelId');
    let tableName: string;
    if (modelId) {
      const model = await lookups.model(principal, modelId);
      await lookups.requireBuiltIn(principal, model.datasourceId);
      tableName = String(model.modelTable);
    } else {
      const raw = c.req.query('tableName');
      if (raw === undefined || raw.trim() === '') throw badRequest(developText('tableOrModel'));
      tableName = parseWith(tableNameInput, { tableName: raw }).tableName;
      await lookups.requireBuiltIn(principal, optionalQueryId(c, 'datasourceId'));
    }
    const columns = await tableColumns(db, tableName);
    if (columns.length === 0) throw notFound(developText('tableMissing', { table: tableName }));
    const comment = (await listTables(db)).find((t) => t.name === tableName)?.comment ?? '';
    return data(c, { name: tableName, comment, columns });
  });

  router.get('/model/model-prototype', async (c) => {
    const principal = c.get('principal');
    const model = await lookups.model(principal, queryId(c, 'modelId'));
    return data(c, (await lookups.prototypesOf(principal, model)).prototypes);
  });

  return router;
}
