import type { PgTable } from 'drizzle-orm/pg-core';
import { entityList, type EntityName } from '@wdiov/contracts';
import { Repository, type RepositoryDeps } from './repository.ts';

/** One repository per registered entity. */
export class Repositories {
  private readonly byName = new Map<string, Repository>();

  constructor(tables: Record<string, PgTable>, deps: RepositoryDeps) {
    for (const entity of entityList) {
      const table = tables[entity.name];
      if (table) this.byName.set(entity.name, new Repository(entity, table, deps));
    }
  }

  get(name: EntityName | string): Repository {
    const repo = this.byName.get(name);
    if (!repo) throw new Error(`no repository for ${name}`);
    return repo;
  }

  all(): Repository[] {
    return [...this.byName.values()];
  }
}
