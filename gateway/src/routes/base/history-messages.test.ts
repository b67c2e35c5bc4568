import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { formatDateTime } from '@wdiov/contracts';
import { createTestGateway, postJson, type TestGateway } from '../../../test/test-gateway.ts';
import { addVehicle, otherTenant, realtime, terminal, until } from './test-support.ts';
import { detectStops } from './track.ts';

const VIN = 'LSVAU2180N2200001';
const base = '/api/wdiov-base';
const MIN = 60_000;
/** One frame a minute: driving, a five-minute stop, a one-point halt, driving. */
const SPEEDS = [30, 30, 0, 0, 0, 0, 0, 40, 0, 40];
const t0 = Math.floor((Date.now() - 3_600_000) / MIN) * MIN;
const fmt = (ms: number) => formatDateTime(ms, 480);
const range = (from: number, to: number) => `startTime=${encodeURIComponent(fmt(from))}&endTime=${encodeURIComponent(fmt(to))}`;
let gw: TestGateway;
let token: string;
let other: string;
const get = (path: string, t = token) => gw.json(`${base}${path}`, { token: t });

beforeAll(async () => {
  gw = await createTestGateway({}, { streaming: true });
  token = await gw.signIn();
  other = await otherTenant(gw);
  await addVehicle(gw, token, VIN, '粤B·H0001');
  const t = await terminal(gw, VIN);
  SPEEDS.forEach((speed, i) => t.send(realtime({ vin: VIN, at: t0 + i * MIN, speed, lng: 114 + i * 0.001, lat: 22.5 })));
  t.send(realtime({ vin: VIN, at: t0 + 30 * MIN, speed: 'abnormal', soc: 'invalid' }));
  await until(async () => (await get(`/vehicle/historyData?vin=${VIN}&${range(t0 - MIN, t0 + 40 * MIN)}`)).body.data?.total === 11);
  await until(async () => (await get(`/dataMessage/dataMessageList?vin=${VIN}`)).body.data?.total === 12);
  t.close();
});
afterAll(() => gw.dispose());

describe('track playback', () => {
  it('answers the positions in time order with the stop points', async () => {
    const { body } = await get(`/historyTrack/historyTrackPlayback?vin=${VIN}&${range(t0 - MIN, t0 + 15 * MIN)}`);
    expect(body.code).toBe(200);
    const d = body.data;
    expect(d).toMatchObject({ vin: VIN, plateNumber: '粤B·H0001', total: 10, truncated: false, maxSpeed: 40, mileage: 0 });
    expect(d.points.map((p: { speed: number }) => p.speed)).toEqual(SPEEDS);
    expect(d.points[0]).toMatchObject({ time: fmt(t0), lng: 114, lat: 22.5, soc: 80, voltage: 350.2, state: 1, stateName: '行驶' });
    expect(d.points[9].time).toBe(fmt(t0 + 9 * MIN));
    expect(d.stops).toEqual([{ startTime: fmt(t0 + 2 * MIN), endTime: fmt(t0 + 6 * MIN), duration: 240, lng: 114.002, lat: 22.5 }]);
  });

  it('shows an unreadable speed as the spec sentinel', async () => {
    const d = (await get(`/historyTrack/historyTrackPlayback?vin=${VIN}&${range(t0 + 29 * MIN, t0 + 31 * MIN)}`)).body.data;
    expect(d.points).toHaveLength(1);
    expect(d.points[0]).toMatchObject({ speed: -0.1, soc: null });
  });

  it('exports the track as a CSV download with a BOM', async () => {
    const res = await gw.request(`${base}/historyTrack/historyTrackPlayback-export?vin=${VIN}&${range(t0 - MIN, t0 + 15 * MIN)}`, { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.csv"; filename\*=UTF-8''%E8%BD%A8%E8%BF%B9_/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).trim().split('\r\n');
    expect(lines).toHaveLength(11);
    expect(lines[0]).toBe('时间,经度,纬度,速度(km/h),SOC(%),总电压(V),总电流(A),累计里程(km),方向(°),状态,报警等级,补发');
    expect(lines[3]).toBe(`${fmt(t0 + 2 * MIN)},114.002,22.5,0,80,350.2,12.3,12345.6,90,停车,0,否`);
  });

  it('refuses bad input, naming the field', async () => {
    const bad = async (q: string, field: string) =>
      expect((await get(`/historyTrack/historyTrackPlayback?${q}`)).body).toMatchObject({ code: 400, msg: expect.stringContaining(`[${field}]`) });
    await bad(`vin=${VIN}&endTime=2025-01-01%2000:00:00`, 'startTime');
    await bad(`vin=${VIN}&startTime=2025-01-01%2000:00:00`, 'endTime');
    await bad(`vin=${VIN}&startTime=yesterday&endTime=2025-01-01%2000:00:00`, 'startTime');
    await bad(`vin=${VIN}&${range(t0, t0 + 25 * 60 * MIN)}`, 'endTime');
    await bad(`vin=${VIN}&${range(t0, t0 - MIN)}`, 'endTime');
    await bad(`vin=%25%27;&${range(t0, t0 + MIN)}`, 'vin');
    expect((await get(`/historyTrack/historyTrackPlayback?vin=LSVAU2180N2299999&${range(t0, t0 + MIN)}`)).body.code).toBe(404);
    expect((await get(`/vehicle/historyData?vin=${VIN}&${range(t0, t0 + MIN)}&current=0`)).body).toMatchObject({ code: 400, msg: expect.stringContaining('[current]') });
  });

  it('accepts the range as epoch milliseconds (timeSlot)', async () => {
    const d = (await get(`/historyTrack/historyTrackPlayback?vin=${VIN}&timeSlot=${t0},${t0 + 3 * MIN}`)).body.data;
    expect(d.total).toBe(4);
  });

  it('stop detection: a run must last three minutes', () => {
    const at = (m: number, speed: number | null) => ({ ts: new Date(t0 + m * MIN), speed, lng: 1, lat: 2 });
    expect(detectStops([at(0, 0), at(2, 0), at(3, 5)])).toEqual([]);
    expect(detectStops([at(0, 0), at(3, 0)])).toEqual([{ start: t0, end: t0 + 3 * MIN, lng: 1, lat: 2 }]);
    expect(detectStops([at(0, 0), at(1, null), at(4, 0)])).toEqual([]);
  });
});

describe('history data', () => {
  it('pages the stored snapshots oldest first', async () => {
    const d = (await get(`/vehicle/historyData?vin=${VIN}&${range(t0 - MIN, t0 + 15 * MIN)}&current=3&size=4`)).body.data;
    expect(d).toMatchObject({ total: 10, current: 3, size: 4, pages: 3 });
    expect(d.records.map((r: { time: string }) => r.time)).toEqual([fmt(t0 + 8 * MIN), fmt(t0 + 9 * MIN)]);
    expect(d.records[0]).toMatchObject({ vin: VIN, speed: 0, mileage: 12345.6, current: 12.3 });
  });
});

describe('message parsing', () => {
  it('lists raw frames newest first with command names and lengths', async () => {
    const d = (await get(`/dataMessage/dataMessageList?vin=${VIN}&size=20`)).body.data;
    expect(d.total).toBe(12);
    const login = d.records.find((r: { command: number }) => r.command === 1);
    expect(login).toMatchObject({ vin: VIN, commandName: '车辆登入', length: 25 + 30 });
    const realtimes = d.records.filter((r: { command: number }) => r.command === 2);
    expect(realtimes).toHaveLength(11);
    expect(realtimes[0]).toMatchObject({ commandName: '实时信息上报' });
    expect(realtimes.map((r: { dataTime: string }) => r.dataTime)).toContain(fmt(t0 + 30 * MIN));
    expect((await get(`/dataMessage/dataMessageList?vin=${VIN}&command=1`)).body.data.total).toBe(1);
    const english = (await gw.json(`${base}/dataMessage/dataMessageList?vin=${VIN}&command=1`, { token, headers: { 'Accept-Language': 'en' } })).body.data;
    expect(english.records[0]).toMatchObject({ commandName: 'Vehicle login' });
    expect((await get(`/dataMessage/resolveList?vin=${VIN}`)).body.data.total).toBe(12);
    expect((await get(`/vehicleBigData/resolveList?vin=${VIN}&size=5`)).body.data).toMatchObject({ total: 12, pages: 3 });
    expect((await get('/dataMessage/dataMessageList?command=300')).body).toMatchObject({ code: 400, msg: expect.stringContaining('[command]') });
  });

  it('decodes one frame field by field, sentinels kept as abnormal/invalid', async () => {
    const list = (await get(`/dataMessage/dataMessageList?vin=${VIN}&size=20`)).body.data.records;
    const target = list.find((r: { dataTime: string }) => r.dataTime === fmt(t0 + 30 * MIN));
    for (const path of ['/dataMessage/dataMessageDetail', '/vehicleBigData/resolveDetail']) {
      const { body } = await gw.json(`${base}${path}`, postJson({ id: target.id }, token));
      expect(body.code).toBe(200);
      const d = body.data;
      expect(d).toMatchObject({ ok: true, edition: '2016', vin: VIN, command: 2, dataTime: fmt(t0 + 30 * MIN) });
      expect(d.hex).toMatch(/^2323/);
      expect(d.header.map((h: { key: string }) => h.key)).toEqual(['start', 'command', 'responseFlag', 'vin', 'encryption', 'length', 'bcc']);
      expect(d.header[1]).toMatchObject({ raw: '02', value: '0x02 实时信息上报' });
      const vehicle = d.items.find((i: { kind: string }) => i.kind === 'vehicle');
      expect(vehicle).toMatchObject({ typeHex: '0x01', name: '整车数据' });
      const field = (k: string) => vehicle.fields.find((f: { key: string }) => f.key === k);
      expect(field('speedKmh')).toEqual({ key: 'speedKmh', name: '车速(km/h)', value: 'abnormal' });
      expect(field('socPercent').value).toBe('invalid');
      expect(field('gear.position').value).toBe(14);
      expect(field('gearLabel').value).toBe('D');
      expect(d.items.find((i: { kind: string }) => i.kind === 'position').fields.find((f: { key: string }) => f.key === 'longitudeDeg').value).toBe(114.057868);
    }
    expect((await gw.json(`${base}/dataMessage/dataMessageDetail`, postJson({ id: 'x1' }, token))).body).toMatchObject({ code: 400, msg: expect.stringContaining('[id]') });
    expect((await gw.json(`${base}/dataMessage/dataMessageDetail`, postJson({ id: '123' }, token))).body.code).toBe(404);
  });

  it('reads a frame stored as hex text before frames were kept as bytes', async () => {
    const list = (await get(`/dataMessage/dataMessageList?vin=${VIN}&size=20`)).body.data.records;
    const { body: stored } = await gw.json(`${base}/dataMessage/dataMessageDetail`, postJson({ id: list[0].id }, token));
    const id = '900000000000000001';
    await gw.database.db.execute(sql`INSERT INTO wdiov_raw_frame (id, tenant_id, vin, command, received_at, hex)
      VALUES (${id}, '000000', ${VIN}, ${stored.data.command}, ${new Date(t0 + 35 * MIN).toISOString()}::timestamptz, ${stored.data.hex})`);
    const listed = (await get(`/dataMessage/dataMessageList?vin=${VIN}&size=20`)).body.data.records.find((r: { id: string }) => r.id === id);
    expect(listed).toMatchObject({ command: stored.data.command, length: stored.data.hex.length / 2, dataTime: stored.data.dataTime });
    const { body } = await gw.json(`${base}/dataMessage/dataMessageDetail`, postJson({ id }, token));
    expect(body.data).toEqual({ ...stored.data, id, receivedTime: fmt(t0 + 35 * MIN) });
    await gw.database.db.execute(sql`DELETE FROM wdiov_raw_frame WHERE id = ${id}`);
  });
});

describe('tenant isolation', () => {
  it('a user of another tenant sees no track, history or frames', async () => {
    expect((await get(`/historyTrack/historyTrackPlayback?vin=${VIN}&${range(t0 - MIN, t0 + 15 * MIN)}`, other)).body.code).toBe(404);
    expect((await get(`/historyTrack/historyTrackPlayback-export?vin=${VIN}&${range(t0 - MIN, t0 + 15 * MIN)}`, other)).body.code).toBe(404);
    expect((await get(`/vehicle/historyData?vin=${VIN}&${range(t0 - MIN, t0 + 15 * MIN)}`, other)).body.code).toBe(404);
    expect((await get(`/dataMessage/dataMessageList?vin=${VIN}`, other)).body.data.total).toBe(0);
    const [frame] = (await get(`/dataMessage/dataMessageList?vin=${VIN}`)).body.data.records;
    expect((await gw.json(`${base}/dataMessage/dataMessageDetail`, postJson({ id: frame.id }, other))).body.code).toBe(404);
  });
});
