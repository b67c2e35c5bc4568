import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import { STATS_CALLS } from '@wdiov/contracts';
import { createTestGateway, type TestGateway } from '../../../test/test-gateway.ts';
import { StatsRollup } from '../../stats/rollup-job.ts';
import { dayOf } from '../../stats/day-figures.ts';
import { addPositions, addRawFrame, addVehicleRow, cellFrameHex, type PositionRow } from '../../stats/stats-fixture.ts';
import { otherTenant } from './test-support.ts';

// The vehicle statistics calls checked against positions and frames written for them.
const OFFSET = 480;
const T = '000000';
const now = Date.now();
const yesterday = dayOf(now - 86_400_000, OFFSET);
const MORNING = Date.parse(`${yesterday}T10:00:00Z`) - OFFSET * 60_000;
const RANGE = `startTime=${yesterday}&endTime=${yesterday}`;
const WINDOW = `startTime=${MORNING - 60_000}&endTime=${MORNING + 3_600_000}`;
const A = 'LSTATSVEHIC000001';
const B = 'LSTATSVEHIC000002';

/** 10 s apart: 31 frames driving at 36 km/h (3 km), 30 parked (5 min), 31 driving again (3 km). */
const day = (odometer: number): PositionRow[] => [
  ...Array.from({ length: 31 }, (_, i) => ({ ts: MORNING + i * 10_000, speed: 36, soc: 80 - i / 10, mileage: odometer + i / 10, state: 1, voltage: 400, current: 50 })),
  ...Array.from({ length: 30 }, (_, i) => ({ ts: MORNING + 310_000 + i * 10_000, speed: 0, soc: 77, mileage: odometer + 3, state: 2 })),
  ...Array.from({ length: 31 }, (_, i) => ({ ts: MORNING + 610_000 + i * 10_000, speed: 36, soc: 77 - i / 10, mileage: odometer + 3 + i / 10, state: 1, voltage: 400, current: 50 })),
];

/** Vehicle C, a second apart: a 5 km odometer hop, a hard stop (36 → 16 km/h), then 130 km/h after a pause. */
const C = 'LSTATSDRIVE000003';
const driveC: PositionRow[] = [
  ...Array.from({ length: 10 }, (_, i) => ({ ts: MORNING + i * 1000, speed: 36, mileage: 100 + i / 100, state: 1 })),
  { ts: MORNING + 10_000, speed: 36, mileage: 105.1, state: 1 },
  { ts: MORNING + 11_000, speed: 16, mileage: 105.11, state: 1 },
  { ts: MORNING + 12_000, speed: 16, mileage: 105.11, state: 1 },
  ...Array.from({ length: 3 }, (_, i) => ({ ts: MORNING + 30_000 + i * 1000, speed: 130, mileage: 105.2 + i * 0.04, state: 1 })),
];

let gw: TestGateway;
let token: string;
const get = async (path: string, as = token) => gw.json(`/api/wdiov-base/${path}`, { token: as });

beforeAll(async () => {
  gw = await createTestGateway();
  token = await gw.signIn();
  const db = gw.database.db;
  await addVehicleRow(db, T, A, '京B00001');
  await addVehicleRow(db, T, B, '京B00002');
  await addPositions(db, T, A, day(500));
  await addPositions(db, T, B, day(10).slice(0, 31));
  await addVehicleRow(db, T, C, '京B00003');
  await addPositions(db, T, C, driveC);
  // Cell 2 sits 20 mV high; probe 1 jumps 8 °C in the third frame.
  const volts = [[3.300, 3.320, 3.301], [3.302, 3.322, 3.300], [3.301, 3.321, 3.299]];
  const temps = [[25, 26], [25, 26], [33, 26]];
  for (let i = 0; i < 3; i++) await addRawFrame(db, T, A, MORNING + i * 10_000, cellFrameHex(A, MORNING + i * 10_000, volts[i]!, temps[i]!));
  await new StatsRollup(db, { utcOffsetMin: OFFSET }).runOnce(now);
});
afterAll(() => gw.dispose());

describe('vehicle statistics calls', () => {
  it('vehicleConditionStatis: the fleet list, first and last reading of a vehicle, its days', async () => {
    const list = await get(`vehicleConditionStatis/vehicleList?${RANGE}&vin=LSTATSVEHIC`);
    expect(list.body.data.records.map((r: any) => [r.vin, r.mileage])).toEqual([[A, 6], [B, 3]]);
    const ends = await get(`vehicleConditionStatis/getStartEnd?vin=${A}&${RANGE}`);
    expect(ends.body.data).toMatchObject({ vin: A, plateNumber: '京B00001', mileage: 6, start: { mileage: 500, soc: 80 }, end: { mileage: 506, soc: 74 }, socChange: -6 });
    expect(ends.body.data.start.time).toMatch(/^\d{4}-\d{2}-\d{2} 10:00:00$/);
    const detail = await get(`vehicleConditionStatis/detail?vin=${A}&${RANGE}`);
    expect(detail.body.data.days).toHaveLength(1);
    expect(detail.body.data.days[0]).toMatchObject({ date: yesterday, mileage: 6, vehicles: 1 });
  });

  it('vehicleReport: one row per vehicle per active day', async () => {
    const page = await get(`vehicleReport/page?${RANGE}&vin=LSTATSVEHIC&size=1`);
    expect(page.body.data).toMatchObject({ total: 2, size: 1, current: 1 });
    expect(page.body.data.records[0]).toMatchObject({ date: yesterday, vin: A, plateNumber: '京B00001', mileage: 6, frames: 92 });
    expect((await get(`vehicleReport/page?${RANGE}&vin=LSTATSVEHIC&size=1&current=2`)).body.data.records[0].vin).toBe(B);
  });

  it('routeTimeline: drives and stops from the positions', async () => {
    const page = await get(`routeTimeline/page?vin=${A}&${WINDOW}`);
    expect(page.body.data.total).toBe(3);
    expect(page.body.data.records.map((s: any) => [s.kind, s.durationS, s.distanceKm])).toEqual([['drive', 300, 3], ['stop', 300, 0], ['drive', 310, 3]]);
    expect(page.body.data.records[0].startTime).toMatch(/ 10:00:00$/);
  });

  it('energyStorageStatis: rank, scatter, spread probability and temperature hops from the stored frames', async () => {
    const rank = await get(`energyStorageStatis/singleVoltageRank?vin=${A}&${WINDOW}`);
    expect(rank.body.data.frames).toBe(3);
    expect(rank.body.data.cells.map((c: any) => [c.rank, c.cellNo, c.avgVoltage])).toEqual([[1, 2, 3.321], [2, 1, 3.301], [3, 3, 3.3]]);
    const scatter = await get(`energyStorageStatis/singleVoltageScatter?vin=${A}&${WINDOW}`);
    expect(scatter.body.data.points.map((p: any) => p.voltage)).toEqual([3.301, 3.321, 3.299]);
    const diff = await get(`energyStorageStatis/diffVoltageProbabi?vin=${A}&${WINDOW}`);
    expect(diff.body.data.buckets).toEqual([{ fromMv: 20, toMv: 30, count: 3, probability: 100 }]);
    const hops = await get(`energyStorageStatis/temperatureHop?vin=${A}&${WINDOW}`);
    expect(hops.body.data.hops).toMatchObject([{ probeNo: 1, fromC: 25, toC: 33, deltaC: 8 }]);
  });

  it('vehicleHopStatistics/detail lists the hops the rollup counted', async () => {
    const hops = await get(`vehicleHopStatistics/detail?vin=${C}&${WINDOW}`);
    expect(hops.body.data).toMatchObject({ vin: C, plateNumber: '京B00003', frames: 16 });
    expect(hops.body.data.hops).toHaveLength(1);
    expect(hops.body.data.hops[0]).toMatchObject({ fromKm: 100.09, toKm: 105.1, jumpKm: 5.01, seconds: 1, speedKmh: 36 });
    expect(hops.body.data.hops[0].time).toMatch(/ 10:00:10$/);
    const days = await get(`vehicleConditionStatis/detail?vin=${C}&${RANGE}`);
    expect(days.body.data.days[0]).toMatchObject({ hopCount: 1, hopKm: 5.01 });
    expect((await get(`vehicleHopStatistics/detail?vin=${A}&${WINDOW}`)).body.data.hops).toEqual([]);
  });

  it('vehicleConditionStatis/driverBehavior: harsh braking and speeding from the positions', async () => {
    const b = await get(`vehicleConditionStatis/driverBehavior?vin=${C}&${WINDOW}`);
    expect(b.body.data).toMatchObject({ vin: C, speedLimit: 120, maxSpeed: 130, counts: { harshAcceleration: 0, harshBraking: 1, speeding: 1 } });
    expect(b.body.data.events.map((e: any) => [e.kind, e.fromSpeed, e.toSpeed])).toEqual([['harshBraking', 36, 16], ['speeding', 130, 130]]);
    expect(b.body.data.events[1].startTime).toMatch(/ 10:00:30$/);
    const lenient = await get(`vehicleConditionStatis/driverBehavior?vin=${C}&${WINDOW}&speedLimit=140`);
    expect(lenient.body.data.counts.speeding).toBe(0);
  });

  it('exports a family as CSV and xlsx, each recorded in exportRecord/list', async () => {
    const csv = await gw.request(`/api/wdiov-base/mileageStatistics/export?${RANGE}&vin=LSTATSVEHIC&format=csv`, { token });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('车架号,车牌号,里程(km),行驶时长(h),里程清零次数');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 3))).toEqual([[A, '京B00001', '6'], [B, '京B00002', '3']]);
    const xlsx = await gw.request(`/api/wdiov-base/energyConsumptionStatistics/export?${RANGE}&vin=LSTATSVEHIC`, { token });
    const sheet = strFromU8(unzipSync(new Uint8Array(await xlsx.arrayBuffer()))['xl/worksheets/sheet1.xml']!);
    expect(sheet).toContain(A);
    expect(sheet).toContain('耗电量(kWh)');
    const records = await get('exportRecord/list?descs=create_time');
    expect(records.body.data.records.slice(0, 2).map((r: any) => [r.format, r.rowCount, r.resource])).toEqual(
      expect.arrayContaining([['csv', 2, 'mileageStatistics/list'], ['xlsx', 2, 'energyConsumptionStatistics/page']]));
  });

  it('every statistics call answers 200 for the caller and shows another tenant none of these vehicles', async () => {
    const boss = await otherTenant(gw);
    for (const call of STATS_CALLS) {
      const path = `${call.path}?${call.query.replace('{vin}', A)}`;
      const mine = await get(path);
      expect(mine.body, path).toMatchObject({ code: 200, success: true });
      const theirs = await get(path, boss);
      if (call.query.includes('{vin}')) expect(theirs.body.code, path).toBe(404);
      else expect(JSON.stringify(theirs.body.data), path).not.toContain(A);
    }
    const theirExport = await gw.request(`/api/wdiov-base/mileageStatistics/export?${RANGE}&format=csv`, { token: boss });
    expect(theirExport.status).toBe(200);
    expect(await theirExport.text()).not.toContain(A);
  });

  it('answers bad input with 400 naming the field', async () => {
    for (const [path, field] of [
      [`routeTimeline/page?vin=${A}&startTime=${MORNING}&endTime=${MORNING + 3 * 86_400_000}`, 'endTime'],
      [`energyStorageStatis/singleVoltageRank?vin=${A}&startTime=soon`, 'startTime'],
      ['energyStorageStatis/temperatureHop?vin=L*1', 'vin'],
      ['vehicleConditionStatis/detail', 'vin'],
      [`vehicleConditionStatis/getStartEnd?vin=${A}&startTime=${yesterday}&endTime=2020-01-01`, 'endTime'],
      ['vehicleReport/page?days=0', 'days'],
      ['mileageStatistics/export?format=pdf', 'format'],
      [`vehicleConditionStatis/driverBehavior?vin=${C}&speedLimit=5`, 'speedLimit'],
      ['vehicleHopStatistics/detail', 'vin'],
    ]) {
      const r = await get(path!);
      expect(r.status, path).toBe(400);
      expect(r.body.msg, path).toContain(`[${field}]`);
    }
  });
});
