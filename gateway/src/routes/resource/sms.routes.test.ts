import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestGateway, postJson, type TestGateway } from '../../../test/test-gateway.ts';

let gw: TestGateway;
let token: string;
const base = '/api/wdiov-resource/sms';
const post = (path: string, init: RequestInit = {}) => gw.json(path, { method: 'POST', token, ...init });

beforeAll(async () => {
  gw = await createTestGateway();
  token = await gw.signIn();
  for (const smsCode of ['verify', 'notice']) {
    const res = await gw.json(`${base}/submit`, postJson({ category: 5, smsCode, templateId: 'T-1', signName: 'WDIOV' }, token));
    expect(res.body.code).toBe(200);
  }
});
afterAll(() => gw.dispose());

const idOf = async (smsCode: string) => (await gw.json(`${base}/list?smsCode_equal=${smsCode}`, { token })).body.data.records[0].id as string;
const statusOf = async (id: string) => (await gw.json(`${base}/detail?id=${id}`, { token })).body.data.status;
const usualLogs = async () => {
  await gw.logs.flush();
  return (await gw.json('/api/wdiov-system/log-usual/list?logId_equal=sms&size=100', { token })).body.data;
};

describe('sms enable', () => {
  it('enables one configuration and disables the others', async () => {
    const [verify, notice] = [await idOf('verify'), await idOf('notice')];
    expect((await post(`${base}/enable?id=${notice}`)).body).toMatchObject({ code: 200, msg: '操作成功' });
    expect([await statusOf(verify), await statusOf(notice)]).toEqual([0, 1]);
    await post(`${base}/enable?id=${verify}`);
    expect([await statusOf(verify), await statusOf(notice)]).toEqual([1, 0]);
  });

  it('refuses a bad id', async () => {
    expect((await post(`${base}/enable?id=abc`)).body).toMatchObject({ code: 400, msg: '无效的ID [id]' });
    expect((await post(`${base}/enable?id=999`)).body.code).toBe(404);
  });

  it.each([
    ['no id', '', '缺少必要的请求参数: id [id]'],
    ['a blank id', '?id=%20', '缺少必要的请求参数: id [id]'],
    ['a malformed id', '?id=1;drop', '无效的ID [id]'],
  ])('refuses %s naming it and changes no configuration', async (_n, query, msg) => {
    const ids = [await idOf('verify'), await idOf('notice')];
    const before = await Promise.all(ids.map(statusOf));
    expect((await post(`${base}/enable${query}`)).body).toMatchObject({ code: 400, success: false, msg });
    expect(await Promise.all(ids.map(statusOf))).toEqual(before);
  });
});

describe('sms send-message', () => {
  it('sends with query params through the logging provider and records a usual log row', async () => {
    const q = new URLSearchParams({ code: 'verify', phones: '13800138000, 13900139000,13800138000', params: JSON.stringify({ code: '1234' }) });
    const res = await post(`${base}/endpoint/send-message?${q}`);
    expect(res.body).toMatchObject({ code: 200, msg: '操作成功', data: { code: 'verify', provider: 'log', phones: ['13800138000', '13900139000'] } });
    const logs = await usualLogs();
    expect(logs.total).toBe(1);
    expect(JSON.parse(logs.records[0].logData)).toMatchObject({ code: 'verify', params: { code: '1234' } });
    expect(logs.records[0].createBy).toBe('admin');
  });

  it('accepts a JSON body with params as an object', async () => {
    const res = await gw.json(`${base}/endpoint/send-message`, postJson({ code: 'notice', phones: '15900001111', params: { plate: '粤B12345', n: 2 } }, token));
    expect(res.body.code).toBe(200);
    expect((await usualLogs()).total).toBe(2);
  });

  it('takes its parameters from a form too, and a JSON body\'s keys over the query\'s', async () => {
    const form = new URLSearchParams({ code: 'verify', phones: '13800138000', params: '{"n":1}' });
    const sent = await post(`${base}/endpoint/send-message`, { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form.toString() });
    expect(sent.body).toMatchObject({ code: 200, data: { code: 'verify', phones: ['13800138000'] } });
    const over = await gw.json(`${base}/endpoint/send-message?code=nope&phones=1`, postJson({ code: 'notice', phones: ['13900139000'] }, token));
    expect(over.body).toMatchObject({ code: 200, data: { code: 'notice', provider: 'log', phones: ['13900139000'] } });
  });

  it.each([
    ['no code', { phones: '13800138000' }, /请输入短信配置编号 \[code\]/],
    ['an unknown code', { code: 'nope', phones: '13800138000' }, /短信配置不存在: nope \[code\]/],
    ['no phones', { code: 'verify' }, /请输入手机号 \[phones\]/],
    ['a landline', { code: 'verify', phones: '13800138000,02012345678' }, /手机号格式不正确: 02012345678 \[phones\]/],
    ['a 12-digit number', { code: 'verify', phones: '138001380001' }, /手机号格式不正确.*\[phones\]/],
    ['params that are not JSON', { code: 'verify', phones: '13800138000', params: '{code:1' }, /模板参数不是有效的JSON \[params\]/],
    ['params as a JSON array', { code: 'verify', phones: '13800138000', params: '[1,2]' }, /模板参数必须是JSON对象.*\[params\]/],
    ['a nested params value', { code: 'verify', phones: '13800138000', params: { a: { b: 1 } } }, /模板参数的值.*\[params\.a\]/],
  ])('refuses %s and sends nothing', async (_n, body, msg) => {
    const before = (await usualLogs()).total;
    const res = await gw.json(`${base}/endpoint/send-message`, postJson(body, token));
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toMatch(msg);
    expect((await usualLogs()).total).toBe(before);
  });
});
