import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities, entityList } from '@wdiov/contracts';
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
    // Calls declared as contracts carry their schemas, in place of a generic route they answer for.
    const params = (op: { parameters?: { name: string }[] }) => (op.parameters ?? []).map((p) => p.name);
    const answerOf = (op: { responses: Record<string, { content: Record<string, { schema: unknown }> }> }) => JSON.stringify(op.responses['200']!.content['application/json']!.schema);
    expect(params(body.paths['/api/wdiov-system/region/select'].get)).toEqual(['code']);
    expect(params(body.paths['/api/wdiov-system/region/lazy-tree'].get)).toEqual(['parentCode']);
    expect(answerOf(body.paths['/api/wdiov-system/region/lazy-list'].get)).toContain('hasChildren');
    expect(params(body.paths['/api/wdiov-system/region/detail'].get).sort()).toEqual(['code', 'id']);
    expect(params(body.paths['/api/wdiov-system/region/remove'].post).sort()).toEqual(['code', 'id', 'ids']);
    expect(JSON.stringify(body.paths['/api/wdiov-system/region/submit'].post.requestBody)).toContain('subCode');
    expect(params(body.paths['/api/wdiov-system/post/select'].get)).toEqual(['tenantId']);
    expect(answerOf(body.paths['/api/wdiov-system/post/select'].get)).toContain('postName');
    expect(JSON.stringify(body.paths['/api/wdiov-system/role/grant'].post.requestBody)).toContain('dataScopeIds');
    expect(params(body.paths['/api/wdiov-system/role/tree-by-id'].get)).toEqual(['roleId']);
    expect(answerOf(body.paths['/api/wdiov-system/dept/select'].get)).toContain('deptName');
    expect(params(body.paths['/api/wdiov-system/dept/lazy-tree'].get)).toEqual(['parentId']);
    expect(params(body.paths['/api/wdiov-system/dict-biz/dictionary'].get)).toEqual(['code']);
    expect(answerOf(body.paths['/api/wdiov-system/dict/dictionary'].get)).toContain('dictValue');
    const sms = body.paths['/api/wdiov-resource/sms/endpoint/send-message'].post;
    expect(params(sms).sort()).toEqual(['code', 'params', 'phones']);
    expect(JSON.stringify(sms.requestBody)).toContain('phones');
    expect(answerOf(sms)).toContain('provider');
    expect(params(body.paths['/api/wdiov-resource/sms/enable'].post)).toEqual(['id']);
    expect(params(body.paths['/api/wdiov-resource/oss/enable'].post)).toEqual(['id']);
    expect(params(body.paths['/api/wdiov-resource/oss/endpoint/remove-file'].post)).toEqual(['fileName']);
    expect(params(body.paths['/api/wdiov-resource/mapGeo/reGeoCode'].get)).toEqual(['location']);
    expect(answerOf(body.paths['/api/wdiov-resource/mapGeo/reGeoCode'].get)).toContain('placeLocation');
    const param = body.components.schemas.ParamSubmit;
    expect(param.required).toEqual(['paramName', 'paramKey', 'paramValue']);
    expect(body.components.schemas.User.properties.password).toBeUndefined();
    // A field's schema is the JSON schema of the zod schema the submit validates with.
    const { vin } = entities.vehicle.fields;
    expect(body.components.schemas.VehicleSubmit.properties.vin).toMatchObject({ type: 'string', maxLength: vin.max, pattern: vin.pattern!.regex.source, title: vin.label.zh });
    expect(body.components.schemas.ParamSubmit.properties.paramName).toMatchObject({ type: 'string', maxLength: 255 });
  });
});
