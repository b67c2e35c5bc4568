import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAFETY_ITEM_CODES, formatDateTime } from '@wdiov/contracts';
import { createTestGateway, type TestGateway } from '../../test/test-gateway.ts';
import { otherTenant } from '../routes/base/test-support.ts';
import { addVehicleRow } from '../stats/stats-fixture.ts';
import { dayOf } from '../stats/day-figures.ts';
import { WarningWriter } from './warning-writer.ts';

const A = 'LSPAU2180N2300001';
const THEIRS = 'LSPAU2180N2300009';
const OFFSET = 480;
const DAY_MS = 86_400_000;
const base = '/api/wdiov-base/safetyProfile/vehicle';
let gw: TestGateway;
let token: string;
let other: string;
let today: string;
const daysAgo = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * DAY_MS).toISOString().slice(0, 10);
const raisedAt = Date.now() - 2 * DAY_MS;

type Item = { item: string; figure: string; trend: (number | null)[]; last: null | { raisedTime: string; level: number; status: number } };
const profile = (query: string, t = token, language = 'zh-CN') => gw.json(`${base}?${query}`, { token: t, headers: { 'Accept-Language': language } });

beforeAll(async () => {
  gw = await createTestGateway();
  token = await gw.signIn();
  other = await otherTenant(gw);
  today = dayOf(Date.now(), OFFSET);
  const db = gw.database.db;
  await addVehicleRow(db, '000000', A, '粤B·SP001');
  await addVehicleRow(db, '000001', THEIRS, '粤B·SP009');
  await db.execute(sql`INSERT INTO wdiov_safety_daily (tenant_id, vin, day, frames, insulation_low, charge_samples, charge_range_sq, last_soc, c6_read_s, c6_hot_s)
    VALUES ('000000', ${A}, ${daysAgo(3)}::date, 100, 2, 4, 1, 80, 1800, 450), ('000000', ${A}, ${daysAgo(0)}::date, 10, 6, 0, 0, 75, 0, 0),
      ('000000', ${A}, ${daysAgo(40)}::date, 10, 9, 0, 0, 70, 0, 0)`);
  const writer = new WarningWriter(db, OFFSET);
  const found = { tenantId: '000000', vin: A, plate: '粤B·SP001', detail: '' };
  await writer.raise({ ...found, item: 'F11', itemName: '绝缘电阻故障', level: 3, raisedAt });
  await writer.raise({ ...found, item: 'C9', itemName: '绝缘电阻', raisedAt: raisedAt + 1000 });
  await writer.raise({ ...found, tenantId: '000001', vin: THEIRS, item: 'C10', itemName: '电压采样异常', raisedAt });
});
afterAll(() => gw.dispose());

describe('safetyProfile/vehicle', () => {
  it('answers every item with its newest warning and 30 days of its day figure', async () => {
    const res = await profile(`vin=${A.toLowerCase()}`);
    expect(res.body).toMatchObject({ code: 200, data: { vin: A, plateNumber: '粤B·SP001' } });
    const { days, items } = res.body.data as { days: string[]; items: Item[] };
    expect(days).toHaveLength(30);
    expect([days[0], days[29]]).toEqual([daysAgo(29), today]);
    expect(items.map((i) => i.item)).toEqual(SAFETY_ITEM_CODES);
    const of = (code: string) => items.find((i) => i.item === code)!;
    expect(of('F11').last).toMatchObject({ raisedTime: formatDateTime(raisedAt, OFFSET), level: 3, status: 0 });
    expect(of('F11').figure).toBe('warnings');
    expect(of('F11').trend[days.indexOf(dayOf(raisedAt, OFFSET))]).toBe(1);
    expect(of('F11').trend.reduce((a, b) => a! + b!, 0)).toBe(1);
    expect(of('F1').last).toBeNull();
    // C.9 counts low-insulation frames per day; a day without a row is no figure, not zero; day 40 lies outside.
    expect(of('C9')).toMatchObject({ figure: 'insulationLowFrames', last: { level: 1 } });
    expect(of('C9').trend.filter((v) => v !== null)).toEqual([2, 6]);
    expect(of('C9').trend[days.indexOf(daysAgo(3))]).toBe(2);
    // C.3's figure is r_V = √(Σ/N): √(1/4) on the day with samples, none on the day without.
    expect(of('C3').trend.filter((v) => v !== null)).toEqual([0.5]);
    expect(of('C11')).toMatchObject({ figure: 'lastSoc' });
    // C.6's figure is the day's share of running time above T0: 450 of 1,800 s; none on a day without running.
    expect(of('C6')).toMatchObject({ figure: 'hotPercent', last: null });
    expect(of('C6').trend.filter((v) => v !== null)).toEqual([25]);
    expect(of('C12')).toMatchObject({ figure: 'none', last: null });
    expect(of('C12').trend.every((v) => v === null)).toBe(true);
    expect(of('C10').last).toBeNull();
  });

  it('does not reach another tenant’s vehicle', async () => {
    expect((await profile(`vin=${THEIRS}`)).body).toMatchObject({ code: 404, success: false });
    const theirs = (await profile(`vin=${THEIRS}`, other)).body.data as { items: Item[] };
    expect(theirs.items.find((i) => i.item === 'C10')!.last).toMatchObject({ level: 1 });
  });

  it('refuses a missing or malformed VIN with the 400 envelope naming it', async () => {
    for (const query of ['', 'vin=', 'vin=AB-12', `vin=${'A'.repeat(18)}`]) {
      const res = await profile(query);
      expect(res.body, query).toMatchObject({ code: 400, success: false });
      expect(res.body.msg, query).toContain('车架号');
      expect((await profile(query, token, 'en')).body.msg, query).toContain('VIN');
    }
  });
});
