import { toSnake } from '@wdiov/contracts';
import type { Principal } from '../../crud/principal.ts';
import type { Json } from '../../crud/serialize.ts';
import { badRequest, notFound } from '../../lib/api-error.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { isBuiltIn, proposePrototypes, SNAKE_NAME, tableColumns, type ColumnInfo } from './inspect.ts';
import { developText } from '../../lib/texts/develop-text.ts';

const eq = (field: string, value: string) => ({ key: field, field, column: toSnake(field), op: 'equal' as const, value });

/** Reads shared by the model, prototype and code routes of wdiov-develop. */
export function developLookups({ repos, env, db }: BespokeDeps) {
  /** A model row visible to the caller (platform tenant only, as the repository guards), or 404. */
  const model = async (principal: Principal, id: string): Promise<Record<string, unknown>> => {
    const row = await repos.get('model').findRow(principal, id);
    if (!row) throw notFound(developText('modelMissing', { id }));
    return row;
  };

  /**
   * Refuses a data source this gateway cannot read (anything but the database it runs on).
   * No id means the built-in one. The model repository's guard keeps other tenants out either way.
   */
  const requireBuiltIn = async (principal: Principal, datasourceId: unknown): Promise<void> => {
    await repos.get('model').scope(principal);
    if (datasourceId === undefined || datasourceId === null || datasourceId === '' || datasourceId === '0') return;
    const row = await repos.get('datasource').findRow(principal, String(datasourceId));
    if (!row) throw badRequest(`${developText('datasourceMissing', { id: String(datasourceId) })} [datasourceId]`);
    if (!isBuiltIn(String(row.url ?? ''), env)) throw badRequest(`${developText('builtInOnly', { name: String(row.name) })} [datasourceId]`);
  };

  /** Columns of a model's table when its data source can be read and the table exists, else null. */
  const modelColumns = async (principal: Principal, row: Record<string, unknown>): Promise<ColumnInfo[] | null> => {
    const table = String(row.modelTable ?? '');
    if (!SNAKE_NAME.test(table)) return null;
    try {
      await requireBuiltIn(principal, row.datasourceId);
    } catch {
      return null;
    }
    const columns = await tableColumns(db, table);
    return columns.length > 0 ? columns : null;
  };

  /** The saved prototypes of a model, in the order they were submitted. */
  const savedPrototypes = (principal: Principal, modelId: string): Promise<Json[]> =>
    repos.get('modelPrototype').all(principal, { filters: [eq('modelId', modelId)], ascs: ['id'], descs: [] });

  /** Saved prototypes, or, when there are none yet, those proposed from the table's columns. */
  const prototypesOf = async (principal: Principal, row: Record<string, unknown>) => {
    const saved = await savedPrototypes(principal, String(row.id));
    if (saved.length > 0) return { prototypes: saved, proposed: false };
    const columns = await modelColumns(principal, row);
    return { prototypes: columns ? proposePrototypes(String(row.id), columns) : [], proposed: true };
  };

  return { model, requireBuiltIn, modelColumns, savedPrototypes, prototypesOf };
}
