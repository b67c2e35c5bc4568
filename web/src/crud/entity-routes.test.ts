import { describe, expect, it } from 'vitest';
import { entityList } from '@wdiov/contracts/entities/registry';
import { defineEntity } from '@wdiov/contracts/entity/define-entity';
import { f } from '@wdiov/contracts/entity/fields';
// The seed is the source of truth for screen paths: read it, never copy it (gateway owns it).
import { menuTree, type MenuSeed } from '../../../gateway/src/seed/menu-tree';
import { hasView } from '../app/view-registry';
import { entityRoute, entityRoutes } from './entity-routes';

const seeded = (menus: MenuSeed[]): MenuSeed[] => menus.flatMap((m) => [...(m.entity ? [m] : []), ...seeded(m.children ?? [])]);

describe('entity routes', () => {
  it('give every entity the path and menu code the seeded menu tree gives it', () => {
    const seeds = seeded(menuTree(entityList));
    expect(seeds).toHaveLength(entityList.length);
    for (const seed of seeds) {
      expect(entityRoute(entityList.find((e) => e.name === seed.entity)!)).toEqual({ entity: seed.entity, path: seed.path, code: seed.code });
    }
  });

  it('place an entity added later by the seed rule: <service group>/<path>, snake_case code', () => {
    const vehicleModel = defineEntity({
      name: 'vehicleModel', service: 'wdiov-base', path: 'vehicleModel', table: 'wdiov_vehicle_model',
      title: { zh: '车型', en: 'Model' }, tenant: true, audit: 'full', fields: { modelName: f.text('车型名称', 'Name') },
    });
    expect(entityRoute(vehicleModel)).toEqual({ entity: 'vehicleModel', path: '/base/vehicleModel', code: 'vehicle_model' });
    const seed = seeded(menuTree([vehicleModel])).filter((s) => s.entity === 'vehicleModel');
    expect(seed.map((s) => [s.path, s.code])).toEqual([['/base/vehicleModel', 'vehicle_model']]);
  });

  it('register a view for every entity path and both dictionary routes', () => {
    for (const route of entityRoutes()) expect(hasView(route.path)).toBe(true);
    expect(hasView('/dict-horizontal/index')).toBe(true);
    expect(hasView('/dict-vertical/index')).toBe(true);
  });
});
