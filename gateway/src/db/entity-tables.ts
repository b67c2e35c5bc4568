import type { PgTable } from 'drizzle-orm/pg-core';
import { entityList } from '@wdiov/contracts';
import * as schema from './schema/entities.generated.ts';

/** Entity name → its table, from the generated schema (the same objects drizzle-kit saw). */
export const entityTables: Record<string, PgTable> = Object.fromEntries(
  entityList.map((e) => {
    const table = (schema as Record<string, PgTable>)[`${e.name}Table`];
    if (!table) throw new Error(`No table for entity ${e.name}: run npm run db:generate`);
    return [e.name, table];
  }),
);
