import { describe, expect, it } from 'vitest';
import { entityList } from '@wdiov/contracts/entities/registry';
import { defineEntity } from '@wdiov/contracts/entity/define-entity';
import { f } from '@wdiov/contracts/entity/fields';
import { hasView } from '../app/view-registry';
import { entityRoutes } from './entity-routes';

describe('entity routes', () => {
  it('give every entity of the registry exactly one screen path and menu code', () => {
    const routes = entityRoutes();
    expect(routes.map((r) => r.entity).sort()).toEqual(entityList.map((e) => e.name).sort());
    expect(new Set(routes.map((r) => r.path)).size).toBe(routes.length);
    expect(new Set(routes.map((r) => r.code)).size).toBe(routes.length);
    expect(routes.find((r) => r.entity === 'param')).toEqual({ entity: 'param', path: '/system/param', code: 'param' });
  });

  it('place an entity added later by the menu rule: <service group>/<path>, snake_case code', () => {
    const vehicleModel = defineEntity({
      name: 'vehicleModel', service: 'wdiov-base', path: 'vehicleModel', table: 'wdiov_vehicle_model',
      title: { zh: '车型', en: 'Model' }, tenant: true, audit: 'full', fields: { modelName: f.text('车型名称', 'Name') },
    });
    expect(entityRoutes([vehicleModel]).filter((r) => r.entity === 'vehicleModel')).toEqual([{ entity: 'vehicleModel', path: '/base/vehicleModel', code: 'vehicle_model' }]);
  });

  it('register a view for every entity path and both dictionary routes', () => {
    for (const route of entityRoutes()) expect(hasView(route.path)).toBe(true);
    expect(hasView('/dict-horizontal/index')).toBe(true);
    expect(hasView('/dict-vertical/index')).toBe(true);
  });
});
