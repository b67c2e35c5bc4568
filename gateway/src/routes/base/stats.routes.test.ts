import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { co2AvoidedKg } from '@wdiov/contracts';
import { createTestGateway, type TestGateway } from '../../../test/test-gateway.ts';
import { StatsRollup } from '../../stats/rollup-job.ts';
import { dayOf } from '../../stats/day-figures.ts';
import { addAlarm, addFault, addPositions, addVehicleRow, type PositionRow } from '../../stats/stats-fixture.ts';
import { otherTenant } from './test-support.ts';

// Figures of every statistics family checked against positions and events written for them.
const OFFSET = 480;
const T = '000000';
const now = Date.now();
/** Yesterday 10:00 in the console's zone (UTC+8). */
const yesterday = dayOf(now - 86_400_000, OFFSET);
const MORNING = Date.parse(`${yesterday}T10:00:00Z`) - OFFSET * 60_000;
const RANGE = `startTime=${yesterday}&endTime=${yesterday}`;
const A = 'LSTATSROUTE000001';
const B = 'LSTATSROUTE000002';
const C = 'LSTATSROUTE000003';

/** `count` frames 10 s apart at 36 km/h (0.1 km each), 400 V × 50 A. */
const drive = (start: number, count: number, odometer: number, extra: Partial<PositionRow> = {}): PositionRow[] =>
  Array.from({ length: count }, (_, i) => ({ ts: start + i * 10_000, speed: 36, mileage: odometer + i / 10, state: 1, voltage: 400, current: 50, ...extra }));

let gw: TestGateway;
let token: string;
const get = async (path: string, as = token) => gw.json(`/api/wdiov-base/${path}`, { token: as });

beforeAll(async () => {
  gw = await createTestGateway();
  token = await gw.signIn();
  const db = gw.database.db;
  for (const [vin, plate] of [[A, '京A00001'], [B, '京A00002'], [C, '京A00003']] as const) await addVehicleRow(db, T, vin, plate);
  // A: 6 km then a 40 km hop, one invalid frame. B: 3 km. C: never reports.
  const a = drive(MORNING, 61, 1000);
  a[10] = { ...a[10]!, soc: null };
  a.push({ ts: MORNING + 610_000, speed: 36, mileage: 1006 + 40, state: 1, voltage: 400, current: 50 });
  await addPositions(db, T, A, a);
  await addPositions(db, T, B, drive(MORNING, 31, 50));
  await addAlarm(db, T, A, MORNING + 60_000, 3);
  await addAlarm(db, T, A, MORNING + 120_000, 1);
  await addAlarm(db, T, B, MORNING + 60_000, 2);
  await addFault(db, T, B, MORNING);
  await new StatsRollup(db, { utcOffsetMin: OFFSET }).runOnce(now);
});
afterAll(() => gw.dispose());

describe('statistics calls', () => {
  it('mileageStatistics: list per vehicle (hops left out) and the dashboard per day', async () => {
    const list = await get(`mileageStatistics/list?${RANGE}&vin=LSTATSROUTE`);
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(3);
    expect(list.body.data.records.map((r: any) => [r.vin, r.plateNumber, r.mileage])).toEqual([[A, '京A00001', 6], [B, '京A00002', 3], [C, '京A00003', 0]]);
    const dash = await get(`mileageStatistics/dashboard?${RANGE}`);
    expect(dash.body.data.days).toHaveLength(1);
    expect(dash.body.data.total.mileage).toBe(9);
    const plate = await get(`mileageStatistics/list?${RANGE}&plateNumber=A00002`);
    expect(plate.body.data.records.map((r: any) => r.vin)).toEqual([B]);
  });

  it('dataBoard: alarms and faults per day, mileage with energy and avoided CO₂, total mileage', async () => {
    const alarms = await get('dataBoard/getAlarmAndFaultDate?days=7');
    expect(alarms.body.data).toHaveLength(7);
    expect(alarms.body.data.find((d: any) => d.date === yesterday)).toEqual({ date: yesterday, alarmCount: 3, faultCount: 1, alarmLevel1: 1, alarmLevel2: 1, alarmLevel3: 1 });
    const energy = await get(`dataBoard/getMileAndReduceEnergyEmissionData?${RANGE}`);
    const used = (400 * 50 * (610 + 300)) / 3_600_000;
    expect(energy.body.data.total.mileage).toBe(9);
    expect(energy.body.data.total.energyUsed).toBeCloseTo(used, 2);
    expect(energy.body.data.total.reduceEmission).toBeCloseTo(co2AvoidedKg(9, used), 1);
    const total = await get('dataBoard/getVehicleTotalMile');
    expect(total.body.data.totalMileage).toBeCloseTo(1046 + 53, 6);
    expect(total.body.data.vehicles).toBe(3);
    expect(total.body.data.top[0]).toMatchObject({ vin: A, alarmCount: 2 });
  });

  it('online, offline and invalid-data statistics', async () => {
    const online = await get(`vehicleOnlineDaily/statistics?${RANGE}`);
    expect(online.body.data[0]).toMatchObject({ date: yesterday, onlineVehicles: 2, vehicles: 3, offlineVehicles: 1 });
    const offline = await get(`vehicleOfflineStatistics/page?${RANGE}&vin=LSTATSROUTE`);
    expect(offline.body.data.records[0]).toMatchObject({ vin: C, offlineDays: 1, onlineDays: 0, offlineHours: 24 });
    const invalid = await get(`invalidDataStatistics/page?${RANGE}&vin=LSTATSROUTE`);
    expect(invalid.body.data.records[0]).toMatchObject({ vin: A, frames: 62, invalidCount: 1 });
    expect((await get(`invalidDataStatistics/statistics?${RANGE}`)).body.data[0]).toMatchObject({ invalidCount: 1, frames: 93 });
  });

  it('hop and energy consumption statistics', async () => {
    const hops = await get(`vehicleHopStatistics/infoPage?${RANGE}&vin=LSTATSROUTE`);
    expect(hops.body.data.records[0]).toMatchObject({ vin: A, hopCount: 1, hopKm: 40 });
    expect((await get(`vehicleHopStatistics/statistics?${RANGE}`)).body.data[0]).toMatchObject({ hopCount: 1 });
    const energy = await get(`energyConsumptionStatistics/page?${RANGE}&vin=LSTATSROUTE&ascs=vin`);
    const b = energy.body.data.records[1];
    expect(b).toMatchObject({ vin: B, mileage: 3 });
    expect(b.energyUsed).toBeCloseTo((400 * 50 * 300) / 3_600_000, 2);
    expect(b.energyPer100Km).toBeCloseTo((b.energyUsed * 100) / 3, 0);
    expect((await get(`energyConsumptionStatistics/statistics?${RANGE}`)).body.data[0].mileage).toBe(9);
  });

  it('largeScreenStatistics: yesterday from the rollups, today with the live fleet', async () => {
    const y = await get('largeScreenStatistics/yesterday');
    expect(y.body.data).toMatchObject({ date: yesterday, mileage: 9, alarmCount: 3, faultCount: 1, onlineVehicles: 2, vehicles: 3 });
    const c = await get('largeScreenStatistics/current');
    expect(c.body.data).toMatchObject({ date: dayOf(now, OFFSET), mileage: 0, vehicles: 3 });
    expect(c.body.data.fleet.total).toBe(3);
  });

  it('another tenant reads none of these vehicles', async () => {
    const boss = await otherTenant(gw);
    expect((await get(`mileageStatistics/list?${RANGE}`, boss)).body.data.total).toBe(0);
    expect((await get(`largeScreenStatistics/yesterday`, boss)).body.data).toMatchObject({ mileage: 0, alarmCount: 0, vehicles: 0 });
    expect((await get('dataBoard/getVehicleTotalMile', boss)).body.data.totalMileage).toBe(0);
  });

  it('answers a bad range or sort with 400 and a message naming the field', async () => {
    for (const [query, field] of [
      [`startTime=${yesterday}&endTime=2020-01-01`, 'endTime'],
      ['startTime=yesterday', 'startTime'],
      ['startTime=2024-02-30', 'startTime'],
      ['startTime=2020-01-01&endTime=2022-01-01', 'endTime'],
      ['days=0', 'days'],
      ['descs=password', 'descs'],
    ]) {
      const r = await get(`mileageStatistics/list?${query}`);
      expect(r.status, query).toBe(400);
      expect(r.body.msg).toContain(`[${field}]`);
    }
    expect((await get('dataBoard/getAlarmAndFaultDate?days=400')).status).toBe(400);
  });
});
