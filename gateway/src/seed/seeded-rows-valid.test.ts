import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TENANT_ID } from '@wdiov/contracts';
import { entityList, type EntityName } from '@wdiov/contracts/entities/registry';
import { validationMessage } from '@wdiov/contracts/entity/validation-message';
import { fenceGeometryProblem } from '@wdiov/contracts/geo/fence-geometry';
import { createTestGateway, type TestGateway } from '../../test/test-gateway.ts';
import { systemPrincipal } from '../crud/principal.ts';
import { seedDemoFleet } from './demo-fleet.ts';
import { SEEDED_NAMES_EN } from '@wdiov/contracts/entities/seeded-text';

let gw: TestGateway;
beforeAll(async () => {
  gw = await createTestGateway();
  await seedDemoFleet(gw.repos, gw.dictionaries);
}, 120_000);
afterAll(() => gw.dispose());

const sys = systemPrincipal(ADMIN_TENANT_ID);
const ALL = { filters: [], ascs: [], descs: [] };

describe('seeded data', () => {
  it('passes the submit rules of its own forms: every seeded row of every entity can be saved again as it is', async () => {
    const refused: string[] = [];
    let checked = 0;
    for (const entity of entityList) {
      const rows = await gw.repos.get(entity.name as EntityName).all(sys, ALL).catch(() => []);
      for (const row of rows) {
        checked++;
        // The form sends the row back as it read it; its id says it is an edit, the add rules also want every required field.
        const { id: _id, ...values } = row as Record<string, unknown>;
        const result = entity.submitSchema.add.safeParse(values);
        if (!result.success) refused.push(`${entity.name} ${String(row.id)}: ${validationMessage(result.error)}`);
        else if (entity.name === 'electronicFence' && fenceGeometryProblem(values.fenceType, values.geometry)) refused.push(`electronicFence ${String(row.id)}: geometry`);
      }
    }
    expect(refused.slice(0, 20)).toEqual([]);
    expect(checked).toBeGreaterThan(200);
  });

  it('gives the demo fleet drivers and routes, so that a dispatch can be made', async () => {
    const drivers = await gw.repos.get('driver').all(sys, ALL);
    const routes = await gw.repos.get('route').all(sys, ALL);
    expect(drivers.length).toBeGreaterThanOrEqual(5);
    expect(routes.length).toBeGreaterThanOrEqual(3);
    expect(new Set(drivers.map((d) => d.orgName))).toEqual(new Set(['演示车队']));
  });

  it('gives every Chinese name it seeds an English one (what the console shows in English while the row is unchanged)', async () => {
    const names: [EntityName, string][] = [
      ['tenant', 'tenantName'], ['dept', 'deptName'], ['dept', 'fullName'], ['role', 'roleName'], ['post', 'postName'],
      ['param', 'paramName'], ['user', 'realName'], ['org', 'orgName'], ['vehicleModel', 'modelName'],
    ];
    const missing: string[] = [];
    for (const [entity, field] of names) {
      for (const row of await gw.repos.get(entity).all(sys, ALL)) {
        const value = String(row[field] ?? '');
        if (/[\u3400-\u9fff]/.test(value) && !SEEDED_NAMES_EN[value]) missing.push(`${entity}.${field}: ${value}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
