import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REPORT_PERIOD_S } from '@wdiov/contracts/api/data-quality.route';
import { createTestGateway, postJson, type TestGateway } from '../../test/test-gateway.ts';
import { clerkWith, menuIdOf } from '../../test/clerk.ts';
import { entitySamples } from '../../test/entity-samples.ts';
import { otherTenant } from '../routes/base/test-support.ts';
import { addVehicleRow } from '../stats/stats-fixture.ts';
import { dayOf } from '../stats/day-figures.ts';
import { qualityOf } from './data-quality.routes.ts';

const A = 'LDQAU2180N2300001';
const B = 'LDQAU2180N2300002';
const THEIRS = 'LDQAU2180N2300009';
const OFFSET = 480;
const DAY_MS = 86_400_000;
const base = '/api/wdiov-base/dataQuality/page';
let gw: TestGateway;
let token: string;
let other: string;
let today: string;
const daysAgo = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * DAY_MS).toISOString().slice(0, 10);

type Row = { day: string; vin: string; plateNumber: string; framesReceived: number; framesExpected: number; onlineSeconds: number; onlineRate: number; completeness: number | null };
const page = (query: string, t = token, language = 'zh-CN') => gw.json(`${base}?${query}`, { token: t, headers: { 'Accept-Language': language } });
const records = async (query: string, t = token) => {
  const res = await page(query, t);
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200, success: true });
  return res.body.data.records as Row[];
};

async function addDay(tenantId: string, vin: string, day: string, frames: number, onlineS: number) {
  await gw.database.db.execute(sql`INSERT INTO wdiov_stats_daily (tenant_id, vin, day, frames, online_s) VALUES (${tenantId}, ${vin}, ${day}::date, ${frames}, ${onlineS})`);
}

beforeAll(async () => {
  gw = await createTestGateway();
  token = await gw.signIn();
  other = await otherTenant(gw);
  today = dayOf(Date.now(), OFFSET);
  const db = gw.database.db;
  await addVehicleRow(db, '000000', A, '粤B·DQ001');
  await addVehicleRow(db, '000000', B, '粤B·DQ002');
  await addVehicleRow(db, '000001', THEIRS, '粤B·DQ009');
  await db.execute(sql`UPDATE wdiov_vehicle SET org_id = 11, vehicle_model_id = 21 WHERE vin = ${A}`);
  await db.execute(sql`UPDATE wdiov_vehicle SET org_id = 12, vehicle_model_id = 22 WHERE vin = ${B}`);
  // A: online 12 h of yesterday at 10 s → 4320 frames due, 3888 came (90 %); B: online the whole day before, more frames than due.
  await addDay('000000', A, daysAgo(1), 3888, 43_200);
  await addDay('000000', A, daysAgo(2), 0, 0);
  await addDay('000000', B, daysAgo(2), 9000, 86_400);
  await addDay('000000', A, daysAgo(20), 100, 1000);
  await addDay('000001', THEIRS, daysAgo(1), 50, 600);
});
afterAll(() => gw.dispose());

describe('dataQuality/page', () => {
  it('answers per vehicle and day, newest day first, the frames due at the reporting period against those received', async () => {
    const rows = await records('');
    expect(rows.map((r) => [r.day, r.vin])).toEqual([[daysAgo(1), A], [daysAgo(2), A], [daysAgo(2), B]]);
    expect(rows[0]).toMatchObject({ plateNumber: '粤B·DQ001', framesReceived: 3888, framesExpected: 43_200 / DEFAULT_REPORT_PERIOD_S, onlineSeconds: 43_200, onlineRate: 0.5, completeness: 0.9 });
    // Never online: nothing was due, so completeness is unknown rather than perfect.
    expect(rows[1]).toMatchObject({ framesExpected: 0, onlineRate: 0, completeness: null });
    // More frames than due (a terminal reporting faster) caps at complete.
    expect(rows[2]).toMatchObject({ framesExpected: 8640, onlineRate: 1, completeness: 1 });
    const body = (await page('size=2&current=2')).body.data;
    expect(body).toMatchObject({ total: 3, size: 2, current: 2, pages: 2 });
    expect(body.records.map((r: Row) => r.vin)).toEqual([B]);
  });

  it('filters by vin, organisation, vehicle model and day range', async () => {
    expect((await records('vin=2300002')).map((r) => r.vin)).toEqual([B]);
    expect((await records('deptId=11')).map((r) => r.day)).toEqual([daysAgo(1), daysAgo(2)]);
    expect((await records('vehicleModelId=22')).map((r) => r.vin)).toEqual([B]);
    expect((await records(`startDay=${daysAgo(25)}&endDay=${daysAgo(15)}`)).map((r) => [r.day, r.framesReceived])).toEqual([[daysAgo(20), 100]]);
    expect(await records(`startDay=${daysAgo(2)}&endDay=${daysAgo(2)}&deptId=11`)).toHaveLength(1);
  });

  it('keeps to the caller’s tenant', async () => {
    expect((await records('', other)).map((r) => r.vin)).toEqual([THEIRS]);
    expect(await records(`vin=${THEIRS}`)).toEqual([]);
  });

  it('keeps to the caller’s data scope, and needs a screen that shows it', async () => {
    const setup = { gw, token, samples: entitySamples(gw, token) };
    const clerk = await clerkWith(setup, 'dqclerk', []);
    expect((await page('', clerk.token)).body).toMatchObject({ code: 403 });
    await gw.json('/api/wdiov-system/data-scope/submit', postJson({
      menuId: await menuIdOf(setup, 'data_quality'), resourceCode: 'vehicle', scopeName: '本人车辆', scopeColumn: 'create_user', scopeType: 2,
    }, token));
    const scopeId = (await gw.json('/api/wdiov-system/data-scope/page?resourceCode_equal=vehicle', { token })).body.data.records[0].id as string;
    const granted = await clerkWith(setup, 'dqclerk2', ['data_quality'], [scopeId]);
    expect(await records('', granted.token)).toEqual([]);
    await gw.database.db.execute(sql`UPDATE wdiov_vehicle SET create_user = ${granted.userId} WHERE vin = ${B}`);
    expect((await records('', granted.token)).map((r) => r.vin)).toEqual([B]);
  });

  it('refuses bad queries with the 400 envelope naming the field, in the request’s language', async () => {
    for (const [query, zh, en] of [
      ['startDay=2026-02-30', '开始日期', 'startDay'],
      ['endDay=yesterday', '结束日期', 'endDay'],
      ['deptId=abc', '', 'id'],
      ['size=0', '每页条数', 'size'],
      ['vin=' + 'X'.repeat(18), '车架号', 'VIN'],
      [`startDay=${daysAgo(1)}&endDay=${daysAgo(3)}`, '结束时间', 'end time'],
      ['startDay=2024-01-01&endDay=2026-01-01', '366', '366'],
    ] as const) {
      const res = await page(query);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toMatchObject({ code: 400, success: false });
      expect(res.body.msg, query).toContain(zh);
      expect((await page(query, token, 'en')).body.msg, query).toContain(en);
    }
  });

  it('appears in the OpenAPI document', async () => {
    const doc = (await gw.json('/api/openapi.json', { token })).body as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain(base);
  });
});

describe('the figures of a vehicle-day', () => {
  it('measures today’s online rate against the part of the day already past', () => {
    const todayStart = Date.parse('2026-03-10T00:00:00Z') - OFFSET * 60_000;
    const row = qualityOf({ day: '2026-03-10', vin: A, plateNumber: '', frames: 360, onlineS: 3600 }, todayStart, todayStart + 2 * 3_600_000, OFFSET);
    expect(row).toMatchObject({ onlineRate: 0.5, framesExpected: 360, completeness: 1 });
    const past = qualityOf({ day: '2026-03-09', vin: A, plateNumber: '', frames: 180, onlineS: 3600 }, todayStart, todayStart + 2 * 3_600_000, OFFSET);
    expect(past).toMatchObject({ onlineRate: 0.0417, completeness: 0.5 });
  });
});
