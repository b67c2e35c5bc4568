// The fleet summary against the per-vehicle rollup it sums: the same figures for the whole
// tenant and for an operator scoped to their dept and below, at once after a vehicle is
// deleted or moved to another dept (before the job runs again), and after reruns.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { systemPrincipal } from '../crud/principal.ts';
import { queryRows } from '../db/client.ts';
import { createTestGateway, md5, postJson, type TestGateway } from '../../test/test-gateway.ts';
import { dayOf } from './day-figures.ts';
import { StatsRollup } from './rollup-job.ts';
import { addAlarm, addPositions, addVehicleRow } from './stats-fixture.ts';
import { dayRange } from './stats-range.ts';
import { runningEnd } from './running-totals.ts';
import { summaryState } from './summary-reads.ts';

const OFFSET = 480;
const T = '000000';
const now = Date.now();
const yesterday = dayOf(now - 86_400_000, OFFSET);
const MORNING = Date.parse(`${yesterday}T10:00:00Z`) - OFFSET * 60_000;
const RANGE = `startTime=${yesterday}&endTime=${yesterday}`;
/** Vehicles in the scoped operator's dept (A), in a dept below it (A1), elsewhere (B), and without a creating dept (N). */
const A = 'LSUMMARY00000000A';
const A1 = 'LSUMMARY0000000A1';
const B = 'LSUMMARY00000000B';
const N = 'LSUMMARY00000000N';

let gw: TestGateway;
let admin: string;
let ops: string;
let depts: { a: string; b: string };
const job = () => new StatsRollup(gw.database.db, { utcOffsetMin: OFFSET }).runOnce(now);
const get = async (path: string, token: string) => (await gw.json(`/api/wdiov-base/${path}`, { token })).body.data;
/** `km` km in frames 10 s apart at 36 km/h. */
const drive = (km: number, from: number) => Array.from({ length: km * 10 + 1 }, (_, i) => ({ ts: MORNING + i * 10_000, speed: 36, mileage: from + i / 10, state: 1 }));
const setDept = (vin: string, createDept: string | null) => gw.database.db.execute(sql`UPDATE wdiov_vehicle SET create_dept = ${createDept} WHERE vin = ${vin}`);
/** Whether the calls read the summary for yesterday (else the per-vehicle rows). */
const fresh = async () => (await summaryState(gw.database.db, T, undefined, dayRange({ startTime: yesterday, endTime: yesterday }, OFFSET, 1, now))).fresh;
const summaryRows = async () => Number((await queryRows<{ n: unknown }>(gw.database.db, sql`SELECT count(*) AS n FROM wdiov_stats_fleet_daily WHERE day = ${yesterday}::date`))[0]?.n);

/** The whole summary table, floats rounded (a cell's figures after a move carry float noise from the subtraction). */
const summaryTable = async () => (await queryRows<Record<string, unknown>>(gw.database.db, sql`SELECT * FROM wdiov_stats_fleet_daily
  ORDER BY tenant_id, day, create_dept, create_user`)).map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'number' ? Math.round(v * 1e6) / 1e6 : String(v)])));
/** The summary rebuilt from scratch: every day with rollup rows marked dirty, then the job. */
async function fullRebuild() {
  await gw.database.db.execute(sql`INSERT INTO wdiov_stats_dirty_day (tenant_id, day) SELECT DISTINCT tenant_id, day FROM wdiov_stats_daily ON CONFLICT DO NOTHING`);
  await job();
}

/** What the data board, the online statistics and the report say about yesterday for a caller. */
async function figures(token: string) {
  const energy = await get(`dataBoard/getMileAndReduceEnergyEmissionData?${RANGE}`, token);
  const [alarms] = await get(`dataBoard/getAlarmAndFaultDate?${RANGE}`, token);
  const [online] = await get(`vehicleOnlineDaily/statistics?${RANGE}`, token);
  const report = await get(`vehicleReport/page?${RANGE}&size=50`, token);
  return {
    mileage: energy.total.mileage, alarms: alarms.alarmCount, online: online.onlineVehicles, vehicles: online.vehicles,
    reportTotal: report.total, reportVins: report.records.map((r: { vin: string }) => r.vin).sort(),
  };
}

beforeAll(async () => {
  gw = await createTestGateway();
  admin = await gw.signIn();
  const sys = systemPrincipal(T);
  const [root] = await gw.repos.get('dept').all(sys, { filters: [], ascs: [], descs: [] });
  const dept = (name: string, parentId: string, ancestors: string) =>
    gw.repos.get('dept').insert(sys, { parentId, ancestors, deptName: name, fullName: name, sort: 1, deptCategory: 1 });
  const a = await dept('华南', String(root!.id), `0,${root!.id}`);
  const a1 = await dept('深圳', a, `0,${root!.id},${a}`);
  const b = await dept('华北', String(root!.id), `0,${root!.id}`);
  depts = { a, b };
  const role = await gw.repos.get('role').insert(sys, { parentId: '0', roleName: '统计员', roleAlias: 'statistician', sort: 2 });
  await gw.repos.get('user').insert(sys, { account: 'stats-ops', realName: 'stats-ops', password: md5('pw'), roleId: role, deptId: a });
  const menu = (await gw.json('/api/wdiov-system/menu/page?code_equal=live_map', { token: admin })).body.data.records[0].id;
  expect((await gw.json('/api/wdiov-system/data-scope/submit', postJson({ menuId: menu, resourceCode: 'vehicle', scopeName: '本部门及以下统计', scopeColumn: 'create_dept', scopeType: 4 }, admin))).body.code).toBe(200);
  const scopeId = (await gw.json(`/api/wdiov-system/data-scope/page?scopeName_equal=${encodeURIComponent('本部门及以下统计')}`, { token: admin })).body.data.records[0].id;
  expect((await gw.json('/api/wdiov-system/role/grant', postJson({ roleIds: [role], menuIds: [menu], dataScopeIds: [scopeId], apiScopeIds: [] }, admin))).body.code).toBe(200);
  ops = await gw.signIn('stats-ops', 'pw');

  const db = gw.database.db;
  for (const [vin, createDept, km] of [[A, a, 1], [A1, a1, 2], [B, b, 4], [N, null, 8]] as const) {
    await addVehicleRow(db, T, vin);
    await setDept(vin, createDept);
    await addPositions(db, T, vin, drive(km, 100));
  }
  await addAlarm(db, T, A1, MORNING + 60_000, 2);
  await addAlarm(db, T, B, MORNING + 60_000, 3);
  await job();
});
afterAll(() => gw.dispose());

describe('fleet summary', () => {
  it('gives the scoped operator the figures of their dept and below only, the administrator the whole tenant', async () => {
    expect(await summaryRows()).toBeGreaterThan(0);
    expect(await figures(ops)).toEqual({ mileage: 3, alarms: 1, online: 2, vehicles: 2, reportTotal: 2, reportVins: [A, A1] });
    const all = await figures(admin);
    expect(all).toMatchObject({ mileage: 15, alarms: 2, online: 4, reportTotal: 4 });
    expect(all.reportVins).toEqual(expect.arrayContaining([A, A1, B, N]));
  });

  it('gives the scoped operator their vehicles only in the per-vehicle lists, read from the running totals', async () => {
    expect(await runningEnd(gw.database.db, T)).toBeDefined();
    const list = await get(`mileageStatistics/list?${RANGE}&size=50`, ops);
    expect(list.records.map((r: { vin: string; mileage: number }) => [r.vin, r.mileage])).toEqual([[A1, 2], [A, 1]]);
    expect(list.total).toBe(2);
    const top = await get('dataBoard/getVehicleTotalMile', ops);
    expect(top.top.map((r: { vin: string }) => r.vin)).toEqual([A1, A]);
  });

  it('answers the same figures through the per-vehicle rows (a vin filter) and after reruns', async () => {
    const energy = await get(`mileageStatistics/dashboard?${RANGE}`, admin);
    const list = await get(`mileageStatistics/list?${RANGE}&vin=LSUMMARY&size=10`, admin);
    expect(list.records.reduce((s: number, r: { mileage: number }) => s + r.mileage, 0)).toBe(energy.total.mileage);
    const before = await figures(ops);
    await job();
    await job();
    expect(await figures(ops)).toEqual(before);
  });

  it('a vehicle moved to another dept or deleted leaves the figures at once, and after the job rebuilds them', async () => {
    expect(await fresh()).toBe(true);
    await setDept(A1, depts.b);
    expect(await fresh()).toBe(false);
    const moved = { mileage: 1, alarms: 0, online: 1, vehicles: 1, reportTotal: 1, reportVins: [A] };
    expect(await figures(ops)).toEqual(moved);
    await job();
    expect(await fresh()).toBe(true);
    expect(await figures(ops)).toEqual(moved);
    // The move took the vehicle's rows out of one cell and into the other: the same table as a rebuild of every day.
    const afterMove = await summaryTable();
    await fullRebuild();
    expect(await summaryTable()).toEqual(afterMove);
    const vehicles = gw.repos.get('vehicle');
    await vehicles.db.update(vehicles.table).set({ isDeleted: 1 }).where(eq(vehicles.columns.vin!, B));
    expect(await fresh()).toBe(false);
    const afterDelete = await figures(admin);
    expect(afterDelete).toMatchObject({ mileage: 11, alarms: 1, online: 3, reportTotal: 3 });
    await job();
    expect(await figures(admin)).toEqual(afterDelete);
    const afterDeleteTable = await summaryTable();
    await fullRebuild();
    expect(await summaryTable()).toEqual(afterDeleteTable);
    await setDept(A1, depts.a);
    await job();
    expect(await figures(ops)).toMatchObject({ mileage: 3, alarms: 1, reportTotal: 2 });
  });
});
