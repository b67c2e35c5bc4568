import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '@wdiov/contracts';
import { createTestGateway, type TestGateway } from '../../test/test-gateway.ts';
import { otherTenant } from '../routes/base/test-support.ts';
import { WarningWriter } from './warning-writer.ts';
import { warningsOf } from '../../test/safety-fixture.ts';

const A = 'LSVAU2180N2300021';
const B = 'LSVAU2180N2300022';
const OFFSET = 480;
const DAY = 86_400_000;
const base = '/api/wdiov-base/safetyWarning';
const raisedAt = Date.now() - 3 * 3_600_000;
let gw: TestGateway;
let token: string;
let other: string;

const page = (query: string, t = token, language = 'zh-CN') => gw.json(`${base}/page?${query}`, { token: t, headers: { 'Accept-Language': language } });
const handle = (body: unknown, t = token, language = 'zh-CN') => gw.json(`${base}/handle`, {
  token: t, method: 'POST', headers: { 'content-type': 'application/json', 'Accept-Language': language }, body: JSON.stringify(body),
});
type Row = { id: string; vin: string; item: string; level: number; status: number; deadline: string; raisedTime: string; handleUser: string; handleAction: string; handleResult: string; handleTime: string };
const records = async (query: string, t = token) => ((await page(query, t)).body.data.records as Row[]);

beforeAll(async () => {
  gw = await createTestGateway();
  token = await gw.signIn();
  other = await otherTenant(gw);
  const writer = new WarningWriter(gw.database.db, OFFSET);
  const found = { tenantId: '000000', plate: '粤B·M0021', raisedAt, detail: '' };
  await writer.raise({ ...found, vin: A, item: 'F11', itemName: '绝缘电阻故障', level: 3 });
  await writer.raise({ ...found, vin: A, item: 'F5', itemName: '单体蓄电池电压一致性故障', level: 1, raisedAt: raisedAt + 1000 });
  await writer.raise({ ...found, vin: B, item: 'C9', itemName: '绝缘电阻', raisedAt: raisedAt + 2000 });
  await writer.raise({ ...found, tenantId: '000001', vin: 'LSVAU2180N2300029', item: 'C10', itemName: '电压采样异常' });
});
afterAll(() => gw.dispose());

describe('safetyWarning/page', () => {
  it('lists the tenant’s warnings newest first, each with its item, level, deadline and status', async () => {
    const rows = await records('');
    expect(rows.map((r) => [r.vin, r.item, r.level, r.status])).toEqual([[B, 'C9', 1, 0], [A, 'F5', 1, 0], [A, 'F11', 3, 0]]);
    expect(rows[2]!.deadline).toBe(formatDateTime(raisedAt, OFFSET));
    expect(rows[1]!.deadline).toBe(formatDateTime(raisedAt + 1000 + 7 * DAY, OFFSET));
    expect(rows[0]!.deadline).toBe(formatDateTime(raisedAt + 2000 + 7 * DAY, OFFSET));
  });

  it('filters by vin, level, item and status', async () => {
    expect((await records(`vin=${A}`)).map((r) => r.item)).toEqual(['F5', 'F11']);
    expect((await records('level=3')).map((r) => r.item)).toEqual(['F11']);
    expect((await records('item=C9')).map((r) => r.vin)).toEqual([B]);
    expect((await records('status=1'))).toEqual([]);
    expect((await records(`vin=${A}&item=F5&status=0`)).map((r) => r.item)).toEqual(['F5']);
  });

  it('keeps to the caller’s tenant', async () => {
    expect((await records('', other)).map((r) => r.item)).toEqual(['C10']);
  });

  it('refuses bad filters with the 400 envelope naming the field, in the request’s language', async () => {
    const zh = await page('item=F13');
    expect(zh.status).toBe(400);
    expect(zh.body).toMatchObject({ code: 400, success: false, data: {} });
    expect(zh.body.msg).toContain('预警项');
    const en = await page('level=7', token, 'en');
    expect(en.body.msg).toContain('level');
    expect(en.body.msg).toMatch(/not be greater than 4/);
    expect((await page('status=2', token, 'en')).body.msg).toContain('status');
  });
});

describe('safetyWarning/handle', () => {
  it('records who handled a warning, when, what was done and the result; the list shows it handled', async () => {
    const [f11] = await records('item=F11');
    const when = formatDateTime(Date.now() - 60_000, OFFSET);
    const res = await handle({ id: f11!.id, handleUser: '张工', handleTime: when, handleAction: '更换高压线束', handleResult: '绝缘恢复正常' });
    expect(res.body).toMatchObject({ code: 200, success: true, data: { id: f11!.id, status: 1, handleUser: '张工', handleTime: when, handleAction: '更换高压线束', handleResult: '绝缘恢复正常' } });
    expect((await records('status=1')).map((r) => r.item)).toEqual(['F11']);
    const again = await handle({ id: f11!.id, handleAction: 'x', handleResult: 'y' }, token, 'en');
    expect(again.body).toMatchObject({ code: 400, success: false });
    expect(again.body.msg).toMatch(/already been handled/);
  });

  it('takes the caller and now when who and when are left out', async () => {
    const [f5] = await records('item=F5');
    const res = await handle({ id: f5!.id, handleAction: '复检', handleResult: '一致性正常' });
    expect(res.body.data).toMatchObject({ status: 1, handleUser: 'admin' });
    expect(Math.abs(new Date(`${(res.body.data as Row).handleTime.replace(' ', 'T')}+08:00`).getTime() - Date.now())).toBeLessThan(5_000);
  });

  it('refuses bad input and changes nothing', async () => {
    const [c9] = await records('item=C9');
    for (const [body, field] of [
      [{ id: c9!.id, handleResult: 'ok' }, '处置措施'],
      [{ id: c9!.id, handleAction: 'a'.repeat(501), handleResult: 'ok' }, '处置措施'],
      [{ id: c9!.id, handleAction: 'a', handleResult: 'ok', handleTime: '2026-13-01 00:00:00' }, '处置时间'],
      [{ id: c9!.id, handleAction: 'a', handleResult: 'ok', handleTime: formatDateTime(raisedAt - 60_000, OFFSET) }, '处置时间'],
      [{ id: 'x', handleAction: 'a', handleResult: 'ok' }, 'ID'],
    ] as const) {
      const res = await handle(body);
      expect(res.body, JSON.stringify(body)).toMatchObject({ code: 400, success: false });
      expect(res.body.msg).toContain(field);
    }
    expect((await warningsOf(gw.database.db, B))[0]!.warning_status).toBe(0);
  });

  it('cannot reach another tenant’s warning', async () => {
    const [theirs] = await records('', other);
    const res = await handle({ id: theirs!.id, handleAction: 'a', handleResult: 'b' });
    expect(res.body).toMatchObject({ code: 404, success: false });
    expect((await records('', other))[0]!.status).toBe(0);
  });

  it('appear in the OpenAPI document', async () => {
    const doc = (await gw.json('/api/openapi.json', { token })).body as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([`${base}/page`, `${base}/handle`]));
  });
});
