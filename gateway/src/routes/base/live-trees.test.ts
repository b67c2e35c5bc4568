import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '@wdiov/contracts';
import { systemPrincipal } from '../../crud/principal.ts';
import { createTestGateway, type TestGateway } from '../../../test/test-gateway.ts';
import { testEnv } from '../../env.ts';
import { createLogger } from '../../lib/logger.ts';
import { createApp } from '../../lib/create-app.ts';
import { addVehicle, otherTenant, realtime, terminal, until } from './test-support.ts';
import { vehteamTreeRoutes } from './index.ts';

const A = 'LSVAU2180N2100001';
const B = 'LSVAU2180N2100002';
const C = 'LSVAU2180N2100003';
const base = '/api/wdiov-base';
let gw: TestGateway;
let token: string;
let other: string;
let rootOrg: string;
let fleetOrg: string;
const at = Math.floor((Date.now() - 2000) / 1000) * 1000;
const get = (path: string, t = token) => gw.json(`${base}${path}`, { token: t });
type Node = { id: string; title: string; type: string; total?: number; online?: number; vin?: string; state?: number; children?: Node[] };
const find = (nodes: Node[], title: string): Node | undefined => {
  for (const n of nodes) {
    if (n.title === title) return n;
    const hit = find(n.children ?? [], title);
    if (hit) return hit;
  }
  return undefined;
};

beforeAll(async () => {
  gw = await createTestGateway({}, { streaming: true });
  token = await gw.signIn();
  other = await otherTenant(gw);
  const sys = systemPrincipal('000000');
  rootOrg = await gw.repos.get('org').insert(sys, { parentId: '0', orgName: '总公司', sort: 1 });
  fleetOrg = await gw.repos.get('org').insert(sys, { parentId: rootOrg, orgName: '一车队', sort: 2 });
  await addVehicle(gw, token, A, '粤B·A0001', { orgId: fleetOrg });
  await addVehicle(gw, token, B, '粤B·B0002', { orgId: rootOrg });
  await addVehicle(gw, token, C, '粤B·C0003', { orgId: fleetOrg });
  const ta = await terminal(gw, A);
  const tb = await terminal(gw, B);
  // A drives with SOC low (level 3); B reports an abnormal speed; C never reports.
  ta.send(realtime({ vin: A, at, soc: 8, flags: 1 << 4, maxLevel: 3 }));
  tb.send(realtime({ vin: B, at, speed: 'abnormal', lng: 114.1, lat: 22.6 }));
  await until(() => gw.latest.get(A) && gw.latest.get(B));
  await until(async () => (await get(`/vehicleMonitor/realtimeInfo?vin=${A}`)).body.data?.alarms?.length === 1);
  ta.close();
  tb.close();
});
afterAll(() => gw.dispose());

describe('live state', () => {
  it('realtimeInfo: master data, latest snapshot and open alarms, by VIN or plate', async () => {
    const { body } = await get(`/vehicleMonitor/realtimeInfo?vin=${A.toLowerCase()}`);
    expect(body.code).toBe(200);
    expect(body.data.vehicle).toMatchObject({ vin: A, plateNumber: '粤B·A0001', orgId: fleetOrg, orgName: '一车队' });
    expect(body.data.realtime).toMatchObject({
      online: true, state: 1, stateName: '行驶', speed: 42.5, soc: 8, voltage: 350.2, current: 12.3, mileage: 12345.6,
      lng: 114.057868, lat: 22.543099, alarmLevel: 3, lastTime: formatDateTime(at, 480),
    });
    expect(body.data.alarms).toHaveLength(1);
    expect(body.data.alarms[0]).toMatchObject({ vin: A, alarmType: 'gb:socLow', alarmLevel: 3, endTime: null });
    const byPlate = await get(`/vehicleMonitor/realtimeInfo?plateNumber=${encodeURIComponent('粤B·A0001')}`);
    expect(byPlate.body.data.vehicle.vin).toBe(A);
    expect((await get(`/vehicle/realtimeInfo?carPlate=${encodeURIComponent('粤B·A0001')}`)).body.data.vehicle.vin).toBe(A);
  });

  it('realtimeInfo: sentinel speeds and a vehicle never heard from', async () => {
    expect((await get(`/vehicleMonitor/realtimeInfo?vin=${B}`)).body.data.realtime).toMatchObject({ speed: -0.2, state: 2, online: true, lng: 114.1 });
    const silent = (await get(`/vehicleMonitor/realtimeInfo?vin=${C}`)).body.data;
    expect(silent.realtime).toMatchObject({ online: false, state: 4, stateName: '离线', speed: -0.1, soc: null, lastTime: '' });
    expect(silent.alarms).toEqual([]);
  });

  it('realtimeInfo: bad input names the field; unknown vehicles are 404', async () => {
    expect((await get('/vehicleMonitor/realtimeInfo')).body).toMatchObject({ code: 400, msg: expect.stringContaining('[vin]') });
    expect((await get('/vehicleMonitor/realtimeInfo?vin=LSV-1')).body).toMatchObject({ code: 400, msg: expect.stringContaining('[vin]') });
    expect((await get('/vehicleMonitor/realtimeInfo?vin=LSVAU2180N2199999')).body.code).toBe(404);
  });

  it('getRealTimeData and realtimeStatistics count the fleet by state', async () => {
    const expected = { total: 3, online: 2, offline: 1, driving: 1, parked: 1, charging: 0, alarm: 1 };
    expect((await get('/dataBoard/getRealTimeData')).body.data).toMatchObject(expected);
    expect((await get('/vehicle/realtimeStatistics')).body.data).toMatchObject({ ...expected, onlineRate: 66.67 });
  });

  it('lastPlatformData/page: latest snapshots, filtered and paged', async () => {
    const all = (await get('/lastPlatformData/page')).body.data;
    expect(all.total).toBe(2);
    expect(all.records.map((r: { vin: string }) => r.vin).sort()).toEqual([A, B]);
    const one = (await get('/lastPlatformData/page?vin=2100002')).body.data;
    expect(one.records).toEqual([expect.objectContaining({ vin: B, plateNumber: '粤B·B0002', speed: -0.2 })]);
    expect((await get('/lastPlatformData/page?state=1')).body.data.records.map((r: { vin: string }) => r.vin)).toEqual([A]);
    expect((await get(`/lastPlatformData/page?plateNumber=${encodeURIComponent('A0001')}&size=1`)).body.data).toMatchObject({ total: 1, size: 1, pages: 1 });
    expect((await get('/lastPlatformData/page?size=abc')).body).toMatchObject({ code: 400, msg: expect.stringContaining('[size]') });
    expect((await get('/lastPlatformData/page?state=7')).body).toMatchObject({ code: 400, msg: expect.stringContaining('[state]') });
  });

  it('realtimeAlarm: open alarms, newest first', async () => {
    const page = (await get('/vehicleAlarmData/realtimeAlarm')).body.data;
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({ vin: A, alarmName: 'SOC低报警', isHandle: 0 });
    expect((await get('/vehicleAlarmData/realtimeAlarm?alarmLevel=x')).body.code).toBe(400);
    expect((await get(`/vehicleAlarmData/realtimeAlarm?timeSlot=${at - 1000},${at + 1000}`)).body.data.total).toBe(1);
    expect((await get(`/vehicleAlarmData/realtimeAlarm?timeSlot=${at + 1000},${at + 2000}`)).body.data.total).toBe(0);
    expect((await get('/vehicleAlarmData/realtimeAlarm?timeSlot=0,1')).body).toMatchObject({ code: 400, msg: expect.stringContaining('[timeSlot]') });
  });

  it('vehicle/info and vehicle/terminalList', async () => {
    const info = (await get(`/vehicle/info?vin=${A}`)).body.data;
    expect(info).toMatchObject({ vin: A, terminal: null, realtime: { speed: 42.5 } });
    expect((await get(`/vehicle/info?id=${info.id}`)).body.data.vin).toBe(A);
    expect((await get('/vehicle/info')).body).toMatchObject({ code: 400, msg: expect.stringContaining('[id]') });
    const sys = systemPrincipal('000000');
    const free = await gw.repos.get('terminal').insert(sys, { terminalNo: 'T-FREE-1', imei: '861234567890001', iccid: '89860012345678900001', protocol: 1 });
    const held = await gw.repos.get('terminal').insert(sys, { terminalNo: 'T-HELD-1', imei: '861234567890002', iccid: '89860012345678900002', protocol: 1 });
    await gw.repos.get('vehicle').update(sys, info.id, { terminalId: held });
    const ids = (await get('/vehicle/terminalList')).body.data.map((t: { id: string }) => t.id);
    expect(ids).toContain(free);
    expect(ids).not.toContain(held);
    expect((await get(`/vehicle/terminalList?vehicleId=${info.id}`)).body.data.map((t: { id: string }) => t.id)).toContain(held);
  });
});

describe('vehicle trees', () => {
  it('orgVehicleTree/getTree: orgs with vehicles as leaves, counts and live state', async () => {
    const tree = (await get('/orgVehicleTree/getTree')).body.data as Node[];
    const root = find(tree, '总公司')!;
    expect(root).toMatchObject({ id: rootOrg, type: 'org', total: 3, online: 2 });
    const fleet = root.children!.find((n) => n.id === fleetOrg)!;
    expect(fleet).toMatchObject({ title: '一车队', total: 2, online: 1 });
    expect(fleet.children!.map((n) => n.vin).sort()).toEqual([A, C]);
    expect(find(tree, '粤B·A0001')).toMatchObject({ type: 'vehicle', vin: A, state: 1, speed: 42.5 });
    expect(root.children!.find((n) => n.type === 'vehicle')).toMatchObject({ vin: B, speed: -0.2 });
  });

  it('rdVehicleTree: keyword by plate or VIN and state filters prune the tree', async () => {
    for (const path of ['getVehTree', 'getTree', 'getRDTree']) {
      const tree = (await get(`/rdVehicleTree/${path}?keyword=a0001`)).body.data as Node[];
      expect(tree).toHaveLength(1);
      expect(tree[0]).toMatchObject({ id: rootOrg, total: 1 });
      expect(tree[0]!.children).toEqual([expect.objectContaining({ id: fleetOrg, children: [expect.objectContaining({ vin: A })] })]);
    }
    const offline = (await get('/rdVehicleTree/getTree?type=4')).body.data as Node[];
    expect(find(offline, '粤B·C0003')).toMatchObject({ vin: C, state: 4 });
    expect(find(offline, '粤B·A0001')).toBeUndefined();
    expect((await get('/rdVehicleTree/getTree?type=9')).body).toMatchObject({ code: 400, msg: expect.stringContaining('[type]') });
  });
});

describe('wdiov-vehteam trees', () => {
  it('org/tree (generic) holds the organisations', async () => {
    const orgs = (await gw.json('/api/wdiov-vehteam/org/tree', { token })).body.data as Node[];
    expect(find(orgs, '总公司')).toMatchObject({ id: rootOrg, children: [expect.objectContaining({ id: fleetOrg, title: '一车队' })] });
    expect((await gw.json('/api/wdiov-vehteam/org/tree', { token: other })).body.data).toEqual([]);
  });

  it('orgVehicleTree/getTree through vehteamTreeRoutes (mounted here as build-app would at /api/wdiov-vehteam)', async () => {
    const logger = createLogger('silent');
    const deps = {
      env: testEnv(), db: gw.database.db, repos: gw.repos, dictionaries: gw.dictionaries, policy: gw.policy, dataScopes: gw.dataScopes,
      logger, logs: gw.logs, dataDir: gw.dataDir,
    };
    const app = createApp({ logger, bodyLimitBytes: 1 << 20 });
    app.use('*', async (c, next) => {
      c.set('principal', systemPrincipal(c.req.header('Tenant-Id') ?? '000000'));
      await next();
    });
    app.route('/api/wdiov-vehteam', vehteamTreeRoutes(deps, gw.latest));
    const call = async (path: string, tenantId = '000000') => (await (await app.request(path, { headers: { 'Tenant-Id': tenantId } })).json()) as { data: unknown };
    const tree = (await call('/api/wdiov-vehteam/orgVehicleTree/getTree?keyword=2100003')).data as Node[];
    expect(find(tree, '粤B·C0003')).toMatchObject({ vin: C });
    expect(find(tree, '粤B·A0001')).toBeUndefined();
    expect((await call('/api/wdiov-vehteam/orgVehicleTree/getTree', '000001')).data).toEqual([]);
  });
});

describe('tenant isolation', () => {
  it('a user of another tenant sees none of these vehicles', async () => {
    expect((await get(`/vehicleMonitor/realtimeInfo?vin=${A}`, other)).body.code).toBe(404);
    expect((await get('/dataBoard/getRealTimeData', other)).body.data).toMatchObject({ total: 0, online: 0 });
    expect((await get('/lastPlatformData/page', other)).body.data.total).toBe(0);
    expect((await get('/vehicleAlarmData/realtimeAlarm', other)).body.data.total).toBe(0);
    expect((await get('/orgVehicleTree/getTree', other)).body.data).toEqual([]);
    expect((await get(`/vehicle/info?vin=${A}`, other)).body.code).toBe(404);
  });
});
