import type { AnyEntity } from '@wdiov/contracts/entity/define-entity';
import { entityList } from '@wdiov/contracts/entities/registry';
import { menuTree, type MenuSeed } from '@wdiov/contracts/menu/menu-tree';

/** Where an entity's screen lives and the menu code its buttons hang off (`<code>_add` …). */
export interface EntityRoute {
  entity: string;
  path: string;
  code: string;
}

/** Every entity screen of the seeded menu tree (the same tree the gateway seeds). */
export function entityRoutes(entities: readonly AnyEntity[] = entityList): EntityRoute[] {
  const out: EntityRoute[] = [];
  const walk = (items: MenuSeed[]) => {
    for (const m of items) {
      if (m.entity) out.push({ entity: m.entity, path: m.path, code: m.code });
      walk(m.children ?? []);
    }
  };
  walk(menuTree(entities));
  return out;
}

export function entityRoute(entity: AnyEntity): EntityRoute | undefined {
  return entityRoutes().find((r) => r.entity === entity.name);
}

export function routeOfEntity(name: string): EntityRoute | undefined {
  return entityRoutes().find((r) => r.entity === name);
}
