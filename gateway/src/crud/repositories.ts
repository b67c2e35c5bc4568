import type { PgTable } from 'drizzle-orm/pg-core';
import { entityList, type AnyEntity, type EntityName } from '@wdiov/contracts';
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

  /** The repository of an entity named in code: a name outside the registry does not compile. */
  get(name: EntityName): Repository {
    return this.named(name);
  }

  /** The repository of an entity definition held as a value (a workflow's entity, a record kind). */
  of(entity: AnyEntity): Repository {
    return this.named(entity.name);
  }

  all(): Repository[] {
    return [...this.byName.values()];
  }

  private named(name: string): Repository {
    const repo = this.byName.get(name);
    if (!repo) throw new Error(`no repository for ${name}`);
    return repo;
  }
}
