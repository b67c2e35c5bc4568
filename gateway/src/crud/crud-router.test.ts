import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestGateway, postJson, type TestGateway } from '../../test/test-gateway.ts';
import { snapshot } from '../../test/db-snapshot.ts';

let gw: TestGateway;
let token: string;
beforeAll(async () => {
  gw = await createTestGateway({ BODY_LIMIT: '4096' });
  token = await gw.signIn();
});
afterAll(() => gw.dispose());

const get = (path: string) => gw.json(path, { token });
const base = '/api/wdiov-system/param';

describe('generic entity routes (param)', () => {
  it('adds, pages with a filter and a sort, details, updates and removes', async () => {
    const add = await gw.json(`${base}/submit`, postJson({ paramName: '  测试参数 ', paramKey: 'test.key', paramValue: 'v1' }, token));
    expect(add.body).toMatchObject({ code: 200, success: true, msg: '新增成功' });
    const page = await get(`${base}/page?current=1&size=10&paramKey_equal=test.key&descs=create_time`);
    expect(page.body.data).toMatchObject({ total: 1, current: 1, size: 10, pages: 1 });
    const row = page.body.data.records[0];
    expect(row.paramName).toBe('测试参数');
    expect(typeof row.id).toBe('string');
    expect(row.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await get(`${base}/detail?id=${row.id}`)).body.data.paramValue).toBe('v1');
    const upd = await gw.json(`${base}/submit`, postJson({ id: row.id, paramValue: 'v2' }, token));
    expect(upd.body.msg).toBe('更新成功');
    expect((await get(`${base}/detail?id=${row.id}`)).body.data).toMatchObject({ paramValue: 'v2', paramName: '测试参数' });
    const rm = await gw.json(`${base}/remove?ids=${row.id}`, { method: 'POST', token });
    expect(rm.body.msg).toBe('删除成功');
    expect((await get(`${base}/page?paramKey_equal=test.key`)).body.data.total).toBe(0);
    expect((await get(`${base}/detail?id=${row.id}`)).body.code).toBe(404);
  });

  it('filters with the suffix grammar and sorts ascending and descending', async () => {
    for (const k of ['b', 'a', 'c']) {
      await gw.json(`${base}/submit`, postJson({ paramName: `sort-${k}`, paramKey: `sort.${k}`, paramValue: k }, token));
    }
    const asc = await get(`${base}/list?paramKey_likeright=sort.&ascs=paramKey`);
    expect(asc.body.data.records.map((r: { paramValue: string }) => r.paramValue)).toEqual(['a', 'b', 'c']);
    const desc = await get(`${base}/list?paramName=sort-&descs=param_key&size=2&current=1`);
    expect(desc.body.data).toMatchObject({ total: 3, pages: 2 });
    expect(desc.body.data.records.map((r: { paramValue: string }) => r.paramValue)).toEqual(['c', 'b']);
    // The last page, and a page past the end, still know how many rows match.
    const last = await get(`${base}/list?paramName=sort-&descs=param_key&size=2&current=2`);
    expect(last.body.data).toMatchObject({ total: 3, pages: 2 });
    expect(last.body.data.records.map((r: { paramValue: string }) => r.paramValue)).toEqual(['a']);
    expect(last.body.data.records[0]).not.toHaveProperty('__total');
    const past = await get(`${base}/list?paramName=sort-&descs=param_key&size=2&current=5`);
    expect(past.body.data).toMatchObject({ total: 3, records: [] });
    const none = await get(`${base}/list?paramKey_notlike=sort&paramKey_likeleft=.a`);
    expect(none.body.data.total).toBe(0);
    const dated = await get(`${base}/list?paramKey_likeright=sort.&createTime_dategt=2000-01-01 00:00:00&createTime_datelt=2999-01-01`);
    expect(dated.body.data.total).toBe(3);
  });

  it('refuses a duplicate unique key, naming the field', async () => {
    const dup = await gw.json(`${base}/submit`, postJson({ paramName: 'x', paramKey: 'alarm.websocket.switch', paramValue: '0' }, token));
    expect(dup.body).toMatchObject({ code: 400, msg: '参数键名已存在: alarm.websocket.switch [paramKey]' });
  });
});

describe('keys an entity does not have', () => {
  it('are ignored as BladeX ignores them, while its own fields still filter', async () => {
    const all = await get(`${base}/page?size=500`);
    expect(all.status).toBe(200);
    const extra = await get(`${base}/page?size=500&regionLevel=1&bogus_equal=1&password=x`);
    expect(extra.status).toBe(200);
    expect(extra.body.data.total).toBe(all.body.data.total);
    const own = await get(`${base}/page?size=500&paramKey_equal=account.initPassword&regionLevel=1`);
    expect(own.body.data.records.map((r: { paramKey: string }) => r.paramKey)).toEqual(['account.initPassword']);
  });
});

describe('bad input answers 400 with a clear msg and changes nothing', () => {
  const cases: [string, () => Promise<{ status: number; body: any }>, RegExp][] = [
    ['malformed current', () => get(`${base}/page?current=abc`), /current 必须是正整数/],
    ['negative size', () => get(`${base}/page?size=-5`), /size 必须是正整数/],
    ['oversize page', () => get(`${base}/page?size=100000`), /size 不能大于 500/],
    ['SQL in a filter key', () => get(`${base}/page?${encodeURIComponent("paramKey;drop table wdiov_param--")}=x`), /非法的查询字段/],
    ['SQL in ascs', () => get(`${base}/page?ascs=${encodeURIComponent('id;delete from wdiov_param')}`), /ascs 含有非法的排序字段/],
    ['SQL in descs', () => get(`${base}/page?descs=${encodeURIComponent('(select 1)')}`), /descs 含有非法的排序字段/],
    ['unknown sort column', () => get(`${base}/page?descs=pg_sleep`), /非法的排序字段: pg_sleep/],
    ['bad date filter', () => get(`${base}/page?createTime_dategt=2024-13-45`), /时间格式/],
    ['number filter on text-typed id', () => get(`${base}/page?id_equal=abc`), /必须是ID/],
    ['non-JSON body', () => gw.json(`${base}/submit`, { method: 'POST', token, headers: { 'Content-Type': 'application/json' }, body: '{paramName:' }), /不是有效的JSON/],
    ['wrong content type', () => gw.json(`${base}/submit`, { method: 'POST', token, headers: { 'Content-Type': 'text/plain' }, body: 'paramName=x' }), /不支持当前媒体类型/],
    ['oversize body', () => gw.json(`${base}/submit`, postJson({ paramName: 'x'.repeat(10_000), paramKey: 'big', paramValue: 'v' }, token)), /请求体过大/],
    ['missing required field', () => gw.json(`${base}/submit`, postJson({ paramKey: 'k', paramValue: 'v' }, token)), /请输入参数名称 \[paramName\]/],
    ['wrong type', () => gw.json(`${base}/submit`, postJson({ paramName: 5, paramKey: 'k', paramValue: 'v' }, token)), /参数名称必须是文本 \[paramName\]/],
    ['wrong type beside an unknown field', () => gw.json(`${base}/submit`, postJson({ paramName: 'n', paramKey: ['k'], paramValue: 'v', evil: 1 }, token)), /\[paramKey\]/],
    ['malformed id on update', () => gw.json(`${base}/submit`, postJson({ id: "1' or '1'='1", paramName: 'n' }, token)), /无效的ID/],
    ['malformed ids on remove', () => gw.json(`${base}/remove?ids=1,abc`, { method: 'POST', token }), /ids 必须是逗号分隔的ID列表/],
    ['JSON array body', () => gw.json(`${base}/submit`, postJson([1, 2], token)), /请求体必须是JSON对象/],
  ];

  it.each(cases)('%s', async (_name, call, msg) => {
    const before = await snapshot(gw.database.db);
    const { status, body } = await call();
    expect(body.code).toBe(400);
    expect(body.success).toBe(false);
    expect(body.msg).toMatch(msg);
    expect(status).toBeLessThan(500);
    expect(await snapshot(gw.database.db)).toEqual(before);
  });

  it("answers field messages in the request's language, Chinese when it names neither", async () => {
    const missing = (language?: string) => {
      const init = postJson({ paramName: 5, paramKey: 'k', paramValue: 'v' }, token);
      return gw.json(`${base}/submit`, { ...init, headers: { 'Content-Type': 'application/json', ...(language ? { 'Accept-Language': language } : {}) } });
    };
    expect((await missing('en-US,en;q=0.9')).body).toMatchObject({ code: 400, msg: 'Name must be text [paramName]' });
    expect((await missing('zh-CN,zh;q=0.9,en;q=0.8')).body.msg).toBe('参数名称必须是文本 [paramName]');
    expect((await missing('fr-FR')).body.msg).toBe('参数名称必须是文本 [paramName]');
    expect((await missing()).body.msg).toBe('参数名称必须是文本 [paramName]');
  });

  it('answers unknown routes with 404 in the envelope', async () => {
    expect(await get('/api/wdiov-system/nothing-here')).toEqual({ status: 404, body: { code: 404, success: false, data: {}, msg: '404 没找到请求' } });
  });
});
