import { describe, expect, it } from 'vitest';
import { entities } from '@wdiov/contracts';
import { systemPrincipal } from '../../crud/principal.ts';
import { postJson } from '../../../test/test-gateway.ts';
import { signedInGateway } from '../../../test/signed-in-gateway.ts';
import { otherTenant } from './test-support.ts';
import { clerkWith, menuIdOf } from '../../../test/clerk.ts';
import { StatsRollup } from '../../stats/rollup-job.ts';
import { dayOf } from '../../stats/day-figures.ts';
import { addPositions } from '../../stats/stats-fixture.ts';

const OFFSET = 480;

const setup = signedInGateway();
const TEAM = '/api/wdiov-vehteam';
const get = async (path: string, token = setup.token) => (await setup.gw.json(path, { token })).body;
const post = async (path: string, token = setup.token) => (await setup.gw.json(path, { method: 'POST', token })).body;

async function fleetVehicle() {
  const vehicleId = await setup.samples.create(entities.vehicle);
  const id = await setup.samples.create(entities.teamVehicle, { vehicleId });
  const { vin } = (await get(`/api/wdiov-base/vehicle/detail?id=${vehicleId}`)).data;
  return { id, vehicleId, vin: vin as string };
}

describe('the statistics the fleet team reads', () => {
  it('answers vehicleReport and routeTimeline under wdiov-vehteam as under wdiov-base', async () => {
    const { vin } = await fleetVehicle();
    for (const call of [`vehicleReport/page?vin=${vin}`, `routeTimeline/page?vin=${vin}`]) {
      const team = await get(`${TEAM}/${call}`);
      expect(team.code, call).toBe(200);
      expect(team.data).toEqual((await get(`/api/wdiov-base/${call}`)).data);
    }
  });
});

describe('who reads the fleet team’s vehicle report and route timeline', () => {
  it('a role with the fleet vehicle screen reads them, one without it nor a monitoring screen is refused, a scoped one sees its vehicles only', async () => {
    const { gw } = setup;
    const scope = (await gw.json('/api/wdiov-system/data-scope/submit', postJson({
      menuId: await menuIdOf(setup, 'team_vehicle'), resourceCode: 'vehicle', scopeName: '本部门车队车辆', scopeColumn: 'create_dept', scopeType: 3,
    }, setup.token))).body;
    expect(scope.code, scope.msg).toBe(200);
    const scopeId = (await get('/api/wdiov-system/data-scope/page?scopeName_equal=本部门车队车辆')).data.records[0].id;
    const fleet = await clerkWith(setup, 'fleetreader', ['team_vehicle']);
    const scoped = await clerkWith(setup, 'fleetscoped', ['team_vehicle'], [scopeId]);
    const outsider = await clerkWith(setup, 'dispatcher', ['dispatch', 'dispatch_view']);

    // Two vehicles driving yesterday: one recorded by the scoped user's dept.
    const [A, B] = ['LFLEETREPXRT00001', 'LFLEETREPXRT00002'];
    const sample = await setup.samples.sample(entities.vehicle);
    const recorder = { ...systemPrincipal('000000'), deptId: scoped.deptId };
    await gw.repos.get('vehicle').insert(recorder, { ...sample, vin: A, plateNumber: '京F00001', terminalId: null });
    await gw.repos.get('vehicle').insert(systemPrincipal('000000'), { ...sample, vin: B, plateNumber: '京F00002', terminalId: null });
    const yesterday = dayOf(Date.now() - 86_400_000, OFFSET);
    const morning = Date.parse(`${yesterday}T10:00:00Z`) - OFFSET * 60_000;
    const drive = Array.from({ length: 31 }, (_, i) => ({ ts: morning + i * 10_000, speed: 36, soc: 80, mileage: 500 + i / 10, state: 1 }));
    for (const vin of [A, B]) await addPositions(gw.database.db, '000000', vin, drive);
    await new StatsRollup(gw.database.db, { utcOffsetMin: OFFSET }).runOnce(Date.now());

    const report = (token: string) => gw.json(`${TEAM}/vehicleReport/page?vin=LFLEETREPXRT&startTime=${yesterday}&endTime=${yesterday}`, { token });
    const timeline = (token: string, vin: string) => gw.json(`${TEAM}/routeTimeline/page?vin=${vin}&startTime=${morning - 60_000}&endTime=${morning + 3_600_000}`, { token });
    const vins = (res: { body: { data: { records: { vin: string }[] } } }) => res.body.data.records.map((r) => r.vin).sort();

    expect(vins(await report(fleet.token))).toEqual([A, B]);
    expect((await timeline(fleet.token, B)).body.data.records.length).toBeGreaterThan(0);
    for (const res of [await report(outsider.token), await timeline(outsider.token, A)]) expect(res.body).toMatchObject({ code: 403, success: false });
    expect(vins(await report(scoped.token))).toEqual([A]);
    expect((await timeline(scoped.token, A)).body.code).toBe(200);
    expect((await timeline(scoped.token, B)).body.code).toBe(404);
  });
});

describe('fleet vehicle calls', () => {
  it('answers a fleet vehicle’s parameters by roster id, vehicle id or VIN, with its app binding', async () => {
    const v = await fleetVehicle();
    for (const q of [`id=${v.id}`, `vehicleId=${v.vehicleId}`, `vin=${v.vin}`]) {
      const param = (await get(`${TEAM}/vehicle/getVehicleParam?${q}`)).data;
      expect(param, q).toMatchObject({ id: v.id, vehicleId: v.vehicleId, vehicle: { vin: v.vin }, appBound: false });
      expect(param.vehicleModel.id).toBeDefined();
    }
    expect((await post(`${TEAM}/vehicle/appBind?ids=${v.id}`)).code).toBe(200);
    expect((await get(`${TEAM}/vehicle/getVehicleParam?id=${v.id}`)).data.appBound).toBe(true);
    expect((await post(`${TEAM}/vehicle/appBind?ids=`)).code).toBe(200);
    expect((await get(`${TEAM}/vehicle/getVehicleParam?id=${v.id}`)).data.appBound).toBe(false);
    expect((await get(`${TEAM}/vehicle/getVehicleParam`)).code).toBe(400);
    expect((await get(`${TEAM}/vehicle/getVehicleParam?id=987654321`)).code).toBe(404);
    expect((await post(`${TEAM}/vehicle/appBind?ids=1,x`)).code).toBe(400);
    expect((await post(`${TEAM}/vehicle/appBind?ids=${v.id},987654321`)).code).toBe(404);
  });

  it('keeps another tenant’s fleet vehicles out of reach', async () => {
    const v = await fleetVehicle();
    const other = await otherTenant(setup.gw);
    expect((await get(`${TEAM}/vehicle/getVehicleParam?id=${v.id}`, other)).code).toBe(404);
    expect((await post(`${TEAM}/vehicle/appBind?ids=${v.id}`, other)).code).toBe(404);
  });

  it('draws the organisation tree with the alarm rules of each organisation', async () => {
    const orgId = await setup.samples.create(entities.org);
    await setup.samples.create(entities.alarmConfig, { orgId });
    await setup.samples.create(entities.alarmConfig, { orgId });
    const flat = (nodes: { id: string; configCount: number; children?: unknown[] }[]): { id: string; configCount: number }[] =>
      nodes.flatMap((n) => [n, ...flat((n.children ?? []) as never)]);
    const tree = (await get(`${TEAM}/alarmConfig/orgTree`)).data;
    expect(flat(tree).find((n) => n.id === orgId)?.configCount).toBe(2);
  });

  it('manages maintenance and repairs by vehicle: each vehicle’s newest record', async () => {
    const vehicleId = await setup.samples.create(entities.vehicle);
    await setup.samples.create(entities.maintainRecord, { vehicleId, maintainDate: '2026-01-05', nextMaintainDate: null });
    await setup.samples.create(entities.maintainRecord, { vehicleId, maintainDate: '2026-03-05', nextMaintainDate: null });
    const page = (await get(`${TEAM}/maintainRecord/manage/page?vehicleId_equal=${vehicleId}`)).data;
    expect(page.total).toBe(1);
    expect(page.records[0].maintainDate).toBe('2026-03-05');
    await setup.samples.create(entities.repairRecord, { vehicleId, repairDate: '2026-02-01' });
    await setup.samples.create(entities.repairRecord, { vehicleId, repairDate: '2026-01-01' });
    const repairs = (await get(`${TEAM}/repairRecord/manage/page?vehicleId_equal=${vehicleId}`)).data;
    expect(repairs.records.map((r: { repairDate: string }) => r.repairDate)).toEqual(['2026-02-01']);
    expect((await get(`${TEAM}/repairRecord/manage/page?descs=nope`)).code).toBe(400);
  });
});

describe('cockpit alarms and bluetooth sync', () => {
  it('pages the alarms of vehicles with a cockpit terminal only', async () => {
    const [withCockpit, without] = [await fleetVehicle(), await fleetVehicle()];
    await setup.samples.create(entities.witCockpitTerminal, { vehicleId: withCockpit.vehicleId });
    const alarms = setup.gw.repos.get('vehicleAlarmData');
    for (const vin of [withCockpit.vin, without.vin]) {
      await alarms.insert(systemPrincipal('000000'), { vin, alarmType: 'socLow', alarmName: 'SOC低', alarmLevel: 1, startTime: '2026-11-01 08:00:00' });
    }
    const page = (await get('/api/wdiov-base/cockpitAlarmData/page?size=100')).data;
    const vins = page.records.map((r: { vin: string }) => r.vin);
    expect(vins).toContain(withCockpit.vin);
    expect(vins).not.toContain(without.vin);
    expect((await get('/api/wdiov-base/cockpitAlarmData/page?timeSlot=x')).code).toBe(400);
  });

  it('answers each VIN’s bluetooth terminals', async () => {
    const v = await fleetVehicle();
    await setup.samples.create(entities.bluetoothTerminal, { vehicleId: v.vehicleId });
    const sync = (await get(`/api/wdiov-business/schedulingTask/vehicleBluetoothSync?vins=${v.vin},LUNKNOWN000000001`)).data;
    expect(sync).toHaveLength(2);
    expect(sync[0]).toMatchObject({ vin: v.vin, vehicleId: v.vehicleId });
    expect(sync[0].terminals).toHaveLength(1);
    expect(sync[1]).toMatchObject({ vin: 'LUNKNOWN000000001', vehicleId: null, terminals: [] });
    expect((await get('/api/wdiov-business/schedulingTask/vehicleBluetoothSync')).code).toBe(400);
    expect((await get('/api/wdiov-business/schedulingTask/vehicleBluetoothSync?vins=abc;')).code).toBe(400);
  });
});
