import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SafetyModelLevelRow } from '@wdiov/contracts/api/safety-model-level.route';
import { createTestGateway, type TestGateway } from '../../test/test-gateway.ts';
import { otherTenant } from '../routes/base/test-support.ts';
import { dayOf } from '../stats/day-figures.ts';
import { addModelFleet, addWarningRows, vinsOf } from './model-level-fixture.ts';

const DAY_MS = 86_400_000;
const OFFSET = 480;
const base = '/api/wdiov-base/safetyModelLevel/list';
let gw: TestGateway;
let token: string;
let other: string;
const bus = vinsOf('LMLBUS', 20);
const van = vinsOf('LMLVAN', 4);
const theirs = vinsOf('LMLOTH', 2);
const recent = Date.now() - 2 * DAY_MS;

const list = (query = '', t = token, language = 'zh-CN') => gw.json(`${base}${query ? `?${query}` : ''}`, { token: t, headers: { 'Accept-Language': language } });
const rowsOf = (body: { data: { records: SafetyModelLevelRow[] } }) => body.data.records;

beforeAll(async () => {
  gw = await createTestGateway();
  token = await gw.signIn();
  other = await otherTenant(gw);
  const db = gw.database.db;
  await addModelFleet(db, '000000', { name: 'E-Bus 12m', vins: bus });
  await addModelFleet(db, '000000', { name: 'E-Van 6m', vins: van, deleted: ['LMLVANDELETED0001'] });
  await addModelFleet(db, '000000', { name: 'E-Truck (none in use)', vins: [] });
  await addModelFleet(db, '000001', { name: 'Their bus', vins: theirs });
  await addWarningRows(db, '000000', [
    // E-Bus: one vehicle of 20 with a level-3 fault (5 %, twice on the same vehicle), three with hidden dangers (15 %).
    { vin: bus[0]!, item: 'F11', level: 3, raisedAt: recent }, { vin: bus[0]!, item: 'F1', level: 3, raisedAt: recent - DAY_MS },
    { vin: bus[1]!, item: 'C9', level: 1, raisedAt: recent }, { vin: bus[2]!, item: 'C3', level: 2, raisedAt: recent },
    { vin: bus[3]!, item: 'C10', level: 1, raisedAt: recent }, { vin: bus[3]!, item: 'C9', level: 1, raisedAt: recent },
    // A level-2 fault is no D.1 row-4 fault; a level-3 fault 400 days ago lies outside the year.
    { vin: bus[4]!, item: 'F3', level: 2, raisedAt: recent }, { vin: bus[5]!, item: 'F12', level: 3, raisedAt: Date.now() - 400 * DAY_MS },
    // E-Van: one of 4 with a level-3 fault (25 %); the deleted vehicle's warning counts for nothing.
    { vin: van[0]!, item: 'F12', level: 3, raisedAt: recent }, { vin: 'LMLVANDELETED0001', item: 'C9', level: 1, raisedAt: recent },
  ]);
  await addWarningRows(db, '000001', [{ vin: theirs[0]!, item: 'C9', level: 1, raisedAt: recent }]);
});
afterAll(() => gw.dispose());

describe('safetyModelLevel/list', () => {
  it('counts per model the vehicles in use, those with a level-3 fault and those with a hidden danger in the year, escalated first', async () => {
    const res = await list();
    const today = dayOf(Date.now(), OFFSET);
    expect(res.body).toMatchObject({ code: 200, data: { endDay: today, periodDays: 365, faultPercent: 5, dangerPercent: 10, inclusive: false } });
    expect(res.body.data.startDay).toBe(new Date(Date.parse(`${today}T00:00:00Z`) - 364 * DAY_MS).toISOString().slice(0, 10));
    const rows = rowsOf(res.body);
    expect(rows.map((r) => r.modelName)).toEqual(['E-Van 6m', 'E-Bus 12m', 'E-Truck (none in use)']);
    expect(rows[0]).toMatchObject({ inUse: 4, faultVehicles: 1, faultRatio: 0.25, faultEscalated: true, dangerVehicles: 0, dangerRatio: 0, dangerEscalated: false });
    // 1 of 20 is exactly 5 %: not above it, so no escalation while 以上 reads as "more than".
    expect(rows[1]).toMatchObject({ inUse: 20, faultVehicles: 1, faultRatio: 0.05, faultEscalated: false, dangerVehicles: 3, dangerRatio: 0.15, dangerEscalated: true });
    expect(rows[2]).toMatchObject({ inUse: 0, faultVehicles: 0, faultRatio: 0, dangerVehicles: 0, faultEscalated: false, dangerEscalated: false });
    expect(rows.every((r) => /^\d+$/.test(r.vehicleModelId))).toBe(true);
  });

  it('takes the period from periodDays and endDay', async () => {
    const longAgo = dayOf(Date.now() - 399 * DAY_MS, OFFSET);
    const rows = rowsOf((await list(`endDay=${longAgo}&periodDays=7`)).body);
    const bus12 = rows.find((r) => r.modelName === 'E-Bus 12m')!;
    expect(bus12).toMatchObject({ faultVehicles: 1, dangerVehicles: 0, faultEscalated: false });
    expect(rows.find((r) => r.modelName === 'E-Van 6m')).toMatchObject({ faultVehicles: 0, dangerVehicles: 0 });
  });

  it('keeps each tenant to its own models and vehicles', async () => {
    expect(rowsOf((await list()).body).some((r) => r.modelName === 'Their bus')).toBe(false);
    const mine = rowsOf((await list('', other)).body);
    expect(mine).toEqual([expect.objectContaining({ modelName: 'Their bus', inUse: 2, dangerVehicles: 1, dangerRatio: 0.5, dangerEscalated: true })]);
  });

  it('refuses a bad periodDays or endDay with the 400 envelope naming it', async () => {
    for (const query of ['periodDays=0', 'periodDays=3651', 'periodDays=abc', 'periodDays=1.5']) {
      const res = await list(query);
      expect(res.body, query).toMatchObject({ code: 400, success: false });
      expect(res.body.msg, query).toContain('统计天数');
      expect((await list(query, token, 'en')).body.msg, query).toContain('periodDays');
    }
    expect((await list('endDay=2026-02-30')).body).toMatchObject({ code: 400, msg: expect.stringContaining('结束日期') });
  });
});
