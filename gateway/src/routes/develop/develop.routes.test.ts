import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5, createTestGateway, postJson, type TestGateway } from '../../../test/test-gateway.ts';
import { systemPrincipal } from '../../crud/principal.ts';

let gw: TestGateway;
let token: string;
const base = '/api/wdiov-develop';
const get = (path: string, t = token) => gw.json(`${base}/${path}`, { token: t });
const post = (path: string, body?: unknown) => gw.json(`${base}/${path}`, body === undefined ? { method: 'POST', token } : postJson(body, token));
const idOf = async (path: string, filter: string) => (await get(`${path}/list?${filter}`)).body.data.records[0].id as string;

let builtIn: string;
let external: string;
let modelId: string;

beforeAll(async () => {
  gw = await createTestGateway();
  token = await gw.signIn();
  for (const [name, url] of [['内置库', 'pglite:memory'], ['外部库', 'jdbc:postgresql://db.example.com:5432/other']]) {
    expect((await post('datasource/submit', { name, url, username: 'u', driverClass: 'org.postgresql.Driver' })).body).toMatchObject({ code: 200 });
  }
  builtIn = await idOf('datasource', 'name_equal=内置库');
  external = await idOf('datasource', 'name_equal=外部库');
  expect((await post('model/submit', { modelName: '参数', modelCode: 'paramModel', modelTable: 'wdiov_param', datasourceId: builtIn })).body.code).toBe(200);
  modelId = await idOf('model', 'modelCode_equal=paramModel');
});
afterAll(() => gw.dispose());

describe('data sources and tables', () => {
  it('selects data sources as id and name', async () => {
    const res = await get('datasource/select');
    expect(res.body.code).toBe(200);
    expect(res.body.data).toEqual(expect.arrayContaining([{ id: builtIn, name: '内置库' }, { id: external, name: '外部库' }]));
    expect(Object.keys(res.body.data[0]).sort()).toEqual(['id', 'name']);
  });

  it('lists the tables of the built-in database', async () => {
    for (const q of ['', `?datasourceId=${builtIn}`]) {
      const res = await get(`model/table-list${q}`);
      expect(res.body.code).toBe(200);
      expect(res.body.data.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining(['wdiov_param', 'wdiov_model']));
    }
  });

  it('refuses any other data source with a clear 400', async () => {
    const res = await get(`model/table-list?datasourceId=${external}`);
    expect(res.body).toMatchObject({ code: 400, msg: expect.stringContaining('only the built-in data source can be inspected') });
    expect((await get(`model/table-info?tableName=wdiov_param&datasourceId=${external}`)).body.code).toBe(400);
    expect((await get('model/table-list?datasourceId=42')).body).toMatchObject({ code: 400, msg: expect.stringContaining('[datasourceId]') });
    expect((await get('model/table-list?datasourceId=x1')).body).toMatchObject({ code: 400, msg: '无效的ID [datasourceId]' });
  });

  it('describes the columns of a table, by name or by model', async () => {
    const byName = await get('model/table-info?tableName=wdiov_param');
    expect(byName.body.data.name).toBe('wdiov_param');
    const col = (n: string) => byName.body.data.columns.find((c: { name: string }) => c.name === n);
    expect(col('param_key')).toEqual({ name: 'param_key', type: 'varchar(255)', comment: '', nullable: true });
    expect(col('id')).toMatchObject({ type: 'int8', nullable: false });
    const byModel = await get(`model/table-info?modelId=${modelId}`);
    expect(byModel.body.data).toEqual(byName.body.data);
    expect((await get('model/table-info?tableName=no_such_table')).body.code).toBe(404);
  });

  it.each([
    'wdiov_param;drop table wdiov_param', "wdiov_param' or '1'='1", '"wdiov_param"', 'pg_catalog.pg_class', '../wdiov_param',
    'WDIOV_PARAM', '1abc', 'x'.repeat(64), 'wdiov_param--',
  ])('refuses the table name %j', async (name) => {
    const res = await get(`model/table-info?tableName=${encodeURIComponent(name)}`);
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toMatch(/\[tableName\]/);
  });

  it('needs a table name or a model', async () => {
    expect((await get('model/table-info')).body).toMatchObject({ code: 400, msg: expect.stringContaining('tableName') });
  });

  it('is for the platform tenant only', async () => {
    const sys = systemPrincipal('000001');
    await gw.repos.get('tenant').insert(systemPrincipal('000000'), { tenantId: '000001', tenantName: 'B' });
    const roleId = await gw.repos.get('role').insert(sys, { parentId: '0', roleName: 'a', roleAlias: 'administrator', sort: 1 });
    const deptId = await gw.repos.get('dept').insert(sys, { parentId: '0', deptName: 'd', fullName: 'd', sort: 1, deptCategory: 1 });
    await gw.repos.get('user').insert(sys, { account: 'boss', realName: 'boss', password: md5('pw'), roleId, deptId });
    const other = await gw.signIn('boss', 'pw', '000001');
    for (const path of ['model/table-list', 'model/table-info?tableName=wdiov_param', 'datasource/select', `model-prototype/select?modelId=${modelId}`]) {
      expect((await get(path, other)).body.code, path).toBe(403);
    }
  });
});

describe('model prototypes', () => {
  it('proposes prototypes from the table while none are saved', async () => {
    const res = await get(`model/model-prototype?modelId=${modelId}`);
    expect(res.body.code).toBe(200);
    const names = res.body.data.map((p: { jdbcName: string }) => p.jdbcName);
    expect(names).toEqual(['param_name', 'param_key', 'param_value', 'remark']);
    expect(res.body.data[1]).toMatchObject({ modelId, propertyName: 'paramKey', propertyType: 'text', jdbcType: 'varchar(255)', isList: 1 });
    expect(res.body.data[0].id).toBeUndefined();
    expect((await get(`model-prototype/select?modelId=${modelId}`)).body.data).toEqual([]);
  });

  it('replaces the set with a submitted list, keeping its order', async () => {
    const proposed = (await get(`model/model-prototype?modelId=${modelId}`)).body.data;
    const list = proposed.map((p: Record<string, unknown>) => ({ ...p, isQuery: p.jdbcName === 'param_key' ? 1 : 0, queryType: 'like' }));
    expect((await post('model-prototype/submit-list', list.reverse())).body).toMatchObject({ code: 200, msg: '操作成功' });
    const saved = (await get(`model-prototype/select?modelId=${modelId}`)).body.data;
    expect(saved.map((p: { jdbcName: string }) => p.jdbcName)).toEqual(['remark', 'param_value', 'param_key', 'param_name']);
    expect((await get(`model/model-prototype?modelId=${modelId}`)).body.data).toEqual(saved);

    // Sending the saved rows back (ids, audit fields and labels included) replaces them again.
    expect((await post('model-prototype/submit-list', saved.slice(2))).body.code).toBe(200);
    const again = (await get(`model-prototype/select?modelId=${modelId}`)).body.data;
    expect(again.map((p: { jdbcName: string }) => p.jdbcName)).toEqual(['param_key', 'param_name']);
    expect(again[0].id).not.toBe(saved[2].id);
  });

  it.each([
    ['an object body', () => ({ modelId: '1' }), /请求体必须是JSON数组/],
    ['an empty list', () => [], /请至少提交一个字段/],
    ['a missing column name', () => [{ modelId, propertyName: 'a' }], /请输入物理列名 \[0\.jdbcName\]/],
    ['a SQL-ish column name', () => [{ modelId, jdbcName: 'a;drop', propertyName: 'a' }], /物理列名为小写下划线 \[0\.jdbcName\]/],
    ['an unknown property type', () => [{ modelId, jdbcName: 'a', propertyName: 'a', propertyType: 'blob' }], /\[0\.propertyType\]/],
    ['a bad value beside an unknown field', () => [{ modelId, jdbcName: 'a', propertyName: 'a', isList: 'maybe', evil: 1 }], /\[0\.isList\]/],
    ['two models', () => [{ modelId, jdbcName: 'a', propertyName: 'a' }, { modelId: '1', jdbcName: 'b', propertyName: 'b' }], /\[1\.modelId\]/],
    ['a repeated column', () => [{ modelId, jdbcName: 'a', propertyName: 'a' }, { modelId, jdbcName: 'a', propertyName: 'b' }], /物理列名重复: a \[1\.jdbcName\]/],
    ['an unknown model', () => [{ modelId: '123', jdbcName: 'a', propertyName: 'a' }], /数据模型不存在: 123 \[0\.modelId\]/],
    ['a non-object element', () => [5], /\[0\]/],
  ])('refuses %s and keeps the saved set', async (_n, body, msg) => {
    const before = (await get(`model-prototype/select?modelId=${modelId}`)).body.data;
    const res = await post('model-prototype/submit-list', body());
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toMatch(msg);
    expect((await get(`model-prototype/select?modelId=${modelId}`)).body.data).toEqual(before);
  });

  it('needs a valid model id', async () => {
    expect((await get('model/model-prototype')).body).toMatchObject({ code: 400, msg: '缺少必要的请求参数: modelId' });
    expect((await get('model/model-prototype?modelId=1 or 1=1')).body).toMatchObject({ code: 400, msg: '无效的ID [modelId]' });
    expect((await get('model/model-prototype?modelId=77')).body.code).toBe(404);
  });
});

describe('code generation', () => {
  let codeId: string;
  beforeAll(async () => {
    expect((await post('code/submit', { modelId, serviceName: 'wdiov-base', codeName: '参数生成' })).body.code).toBe(200);
    codeId = await idOf('code', 'codeName_equal=参数生成');
  });

  it('generates the entity file and registry line of each record', async () => {
    const res = await post(`code/gen-code?ids=${codeId}&system=saber`);
    expect(res.body.code).toBe(200);
    const [out] = res.body.data;
    expect(out).toMatchObject({
      codeName: '参数生成', fileName: 'contracts/src/entities/base/param-model.ts',
      registryLine: "import { paramModel } from './base/param-model.ts';",
    });
    expect(out.content).toContain("export const paramModel = defineEntity({");
    expect(out.content).toContain("table: 'wdiov_param',");
    expect(out.content).toContain('tenant: false,'); // wdiov_param has no tenant_id column
    expect(out.content).toContain("paramKey: f.text('param_key', 'Param key', { max: 255, search: 'like' }),");
  });

  it('refuses bad ids', async () => {
    expect((await post('code/gen-code')).body).toMatchObject({ code: 400, msg: '缺少必要的请求参数: ids' });
    expect((await post('code/gen-code?ids=1,x')).body).toMatchObject({ code: 400, msg: 'ids 必须是逗号分隔的ID列表' });
    expect((await post(`code/gen-code?ids=${codeId}&system=vue`)).body).toMatchObject({ code: 400, msg: expect.stringContaining('[system]') });
    expect((await post('code/gen-code?ids=99')).body.code).toBe(404);
  });

  it('copies a record with a -copy name', async () => {
    const res = await post(`code/copy?id=${codeId}`);
    expect(res.body).toMatchObject({ code: 200, msg: '操作成功' });
    const copy = (await get(`code/detail?id=${res.body.data.id}`)).body.data;
    expect(copy).toMatchObject({ codeName: '参数生成-copy', modelId, serviceName: 'wdiov-base' });
    expect((await post('code/copy?id=abc')).body).toMatchObject({ code: 400, msg: '无效的ID [id]' });
    expect((await post('code/copy?id=5')).body.code).toBe(404);
  });
});
