import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityList } from '@wdiov/contracts';
import { createTestGateway, type TestGateway } from '../../test/test-gateway.ts';

let gw: TestGateway;
beforeAll(async () => {
  gw = await createTestGateway();
});
afterAll(() => gw.dispose());

describe('/api/openapi.json', () => {
  it('is public OpenAPI 3.1 with every entity route and every bespoke route', async () => {
    const { status, body } = await gw.json('/api/openapi.json');
    expect(status).toBe(200);
    expect(body.openapi).toBe('3.1.0');
    for (const e of entityList) {
      for (const op of ['list', 'page', 'detail', 'submit', 'remove']) expect(body.paths[`${e.basePath}/${op}`], `${e.name} ${op}`).toBeDefined();
    }
    expect(body.paths['/api/wdiov-system/menu/routes'].get).toBeDefined();
    expect(body.paths['/api/wdiov-system/role/grant'].post).toBeDefined();
    expect(body.paths['/api/wdiov-auth/oauth/token'].post).toBeDefined();
    const param = body.components.schemas.ParamSubmit;
    expect(param.required).toEqual(['paramName', 'paramKey', 'paramValue']);
    expect(body.components.schemas.User.properties.password).toBeUndefined();
  });
});
