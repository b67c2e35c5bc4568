import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities, workflowList, type AnyEntity } from '@wdiov/contracts';
import { InstructType, QUERYABLE_PARAM_IDS } from '@wdiov/contracts/diagnosis/instruction';
import { VIDEO_CALLS } from '../../gateway/src/routes/base/video.routes.ts';
import { answered, dataText, startTwoTenants, type TwoTenants } from './two-tenants.ts';
import type { Answer } from './security-server.ts';

/**
 * The custom calls that take an id (users, roles, forwarding, fences, models, alarms, faults,
 * instructions, storage configurations, shares, workflows, stock records, vehicles by id or VIN),
 * each asked by tenant B's administrator (holding a role it named `administrator`) with an id of
 * tenant A: a write must be refused as not found or forbidden, a read must refuse or find nothing,
 * no answer may carry A's rows, and no table of the database may change. A video service on
 * this machine shows which camera calls the gateway relayed.
 */
let t: TwoTenants;
let video: Server;
const relayed: string[] = [];
/** Ids of A's rows by entity name, and the VIN of A's vehicle. */
const a: Record<string, string> = {};
const b: Record<string, string> = {};
let vinA = '';
let alarmVinA = '';
let shareA = '';

const NEEDED = ['vehicle', 'user', 'role', 'forwardPlatform', 'electronicFence', 'vehicleModel', 'customer', 'oss', 'sms',
  'vehicleAlarmData', 'vehicleFaultData', 'alarmHandleConfig', 'instructRecord', 'teamVehicle', 'vehiclePm', 'logisticsRecord', 'movementRecord',
  ...workflowList.map((w) => w.entity.name)] as const;

beforeAll(async () => {
  video = createServer((req, res) => {
    relayed.push(req.url ?? '');
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ code: 200, msg: 'ok', data: {} }));
  });
  await new Promise<void>((resolve) => video.listen(0, '127.0.0.1', resolve));
  t = await startTwoTenants({ VIDEO_SERVICE_URL: `http://127.0.0.1:${(video.address() as AddressInfo).port}` });
  for (const name of new Set(NEEDED)) {
    const entity = (entities as unknown as Record<string, AnyEntity>)[name]!;
    a[name] = await t.a.samples.ensureRow(entity);
    b[name] = await t.b.samples.ensureRow(entity);
  }
  const vehicle = await t.server.call('GET', `/api/wdiov-base/vehicle/detail?id=${a.vehicle}`, { token: t.a.token });
  vinA = vehicle.body.data.vin;
  alarmVinA = (await t.server.call('GET', `/api/wdiov-base/vehicleAlarmData/detail?id=${a.vehicleAlarmData}`, { token: t.a.token })).body.data.vin;
  const share = await t.server.call('POST', '/api/wdiov-base/largeScreenShare/create', { token: t.a.token, body: { hours: 1 } });
  shareA = share.body.data.id;
});
afterAll(async () => {
  await t?.stop();
  video?.close();
});

type Kind = 'write' | 'read';
type Call = [kind: Kind, method: 'GET' | 'POST', path: () => string, body?: () => unknown];

/** The body of a workflow call moving A's row: its target state and any note. */
function transitionBody(w: (typeof workflowList)[number], call: string, id: string) {
  const body: Record<string, unknown> = { id };
  for (const [, tr] of w.byCall(call)) {
    body[w.statusField] ??= w.states[tr.to]!.value;
    if (tr.note) body[tr.note.key] = 'x';
  }
  return body;
}

const CALLS: Record<string, Call> = {
  'user platform detail': ['read', 'GET', () => `/api/wdiov-user/platform-detail?id=${a.user}`],
  'user platform update': ['write', 'POST', () => `/api/wdiov-user/update-platform?userId=${a.user}&userType=2`],
  'user update': ['write', 'POST', () => '/api/wdiov-user/update', () => ({ id: a.user, realName: 'taken' })],
  'user grant: A\'s user': ['write', 'POST', () => `/api/wdiov-user/grant?userIds=${a.user}&roleIds=${b.role}`],
  'user grant: A\'s role': ['write', 'POST', () => `/api/wdiov-user/grant?userIds=${b.user}&roleIds=${a.role}`],
  'user password reset': ['write', 'POST', () => `/api/wdiov-user/reset-password?userIds=${a.user}`],
  'user unlock': ['write', 'POST', () => `/api/wdiov-user/unlock?userIds=${a.user}`],
  'role tree by id': ['read', 'GET', () => `/api/wdiov-system/role/tree-by-id?roleId=${a.role}`],
  'role grant': ['write', 'POST', () => '/api/wdiov-system/role/grant', () => ({ roleIds: [a.role], menuIds: [], topMenuIds: [], dataScopeIds: [], apiScopeIds: [] })],
  'roles of A\'s user': ['read', 'GET', () => `/api/wdiov-system/role/select?userId=${a.user}`],
  'depts of A\'s user': ['read', 'GET', () => `/api/wdiov-system/dept/select?userId=${a.user}`],
  'forwarding switch': ['write', 'POST', () => '/api/wdiov-base/forwardPlatform/update', () => ({ id: a.forwardPlatform, forwardStatus: 1 })],
  'forwarding vehicles': ['read', 'GET', () => `/api/wdiov-base/forwardPlatformVehicle/vehicleList?forwardPlatformId=${a.forwardPlatform}`],
  'forwarding bind: A\'s platform': ['write', 'POST', () => '/api/wdiov-base/forwardPlatformVehicle/save', () => ({ forwardPlatformId: a.forwardPlatform, vehicleIds: [b.vehicle] })],
  'forwarding bind: A\'s vehicle': ['write', 'POST', () => '/api/wdiov-base/forwardPlatformVehicle/save', () => ({ forwardPlatformId: b.forwardPlatform, vehicleIds: [a.vehicle] })],
  'blacklist: A\'s vehicle': ['write', 'POST', () => '/api/wdiov-base/forwardBlacklist/save', () => ({ vehicleIds: [a.vehicle], forwardPlatformId: b.forwardPlatform })],
  'blacklist: A\'s platform': ['write', 'POST', () => '/api/wdiov-base/forwardBlacklist/save', () => ({ vehicleIds: [b.vehicle], forwardPlatformId: a.forwardPlatform })],
  'blacklist vehicles': ['read', 'GET', () => `/api/wdiov-base/forwardBlacklist/vehicleList?forwardPlatformId=${a.forwardPlatform}`],
  'forwarding summary': ['read', 'GET', () => `/api/wdiov-base/forwardRecord/summary?forwardPlatformId=${a.forwardPlatform}`],
  'forwarding log of A\'s vehicle': ['read', 'GET', () => `/api/wdiov-base/forwardLog/getVehicle?vehicleId=${a.vehicle}`],
  'fence vehicles': ['read', 'GET', () => `/api/wdiov-base/electronicFenceVehicle/vehicleList?fenceId=${a.electronicFence}`],
  'fence bind: A\'s fence': ['write', 'POST', () => '/api/wdiov-base/electronicFenceVehicle/save', () => ({ fenceId: a.electronicFence, vehicleIds: [b.vehicle] })],
  'fence bind: A\'s vehicle': ['write', 'POST', () => '/api/wdiov-base/electronicFenceVehicle/save', () => ({ fenceId: b.electronicFence, vehicleIds: [a.vehicle] })],
  'fences of A\'s VIN': ['read', 'GET', () => `/api/wdiov-base/electronicFenceVehicle/getElectronicFencesByVin?vin=${vinA}`],
  'model ECUs': ['read', 'GET', () => `/api/wdiov-base/vehicleModel/modelEcuList?vehicleModelId=${a.vehicleModel}`],
  'model ECU page': ['read', 'GET', () => `/api/wdiov-base/vehicleModel/modelEcuPage?vehicleModelId=${a.vehicleModel}`],
  'model ECU save': ['write', 'POST', () => '/api/wdiov-base/vehicleModel/saveEcu', () => ({ vehicleModelId: a.vehicleModel, ecuIds: [] })],
  'customer vehicles': ['read', 'GET', () => `/api/wdiov-base/customer/customerVehiclePage?customerId=${a.customer}`],
  'vehicle info by id': ['read', 'GET', () => `/api/wdiov-base/vehicle/info?id=${a.vehicle}`],
  'vehicle info by VIN': ['read', 'GET', () => `/api/wdiov-base/vehicle/info?vin=${vinA}`],
  'vehicle terminals': ['read', 'GET', () => `/api/wdiov-base/vehicle/terminalList?vehicleId=${a.vehicle}`],
  'vehicle parameters': ['read', 'GET', () => `/api/wdiov-vehteam/vehicle/getVehicleParam?vehicleId=${a.vehicle}`],
  'vehicle live state': ['read', 'GET', () => `/api/wdiov-base/vehicle/realtimeInfo?vin=${vinA}`],
  'vehicle history': ['read', 'GET', () => `/api/wdiov-base/vehicle/historyData?vin=${vinA}&startTime=2026-01-01 00:00:00&endTime=2026-01-01 12:00:00`],
  'app vehicle binding': ['write', 'POST', () => `/api/wdiov-vehteam/vehicle/appBind?ids=${a.teamVehicle}`],
  'alarm handling': ['write', 'POST', () => '/api/wdiov-base/vehicleAlarmData/handle', () => ({ ids: a.vehicleAlarmData, handleRemark: 'taken' })],
  'CAN fault handling': ['write', 'POST', () => '/api/wdiov-base/vehicleCanFaultData/handle', () => ({ ids: a.vehicleFaultData })],
  'alarm export': ['read', 'GET', () => '/api/wdiov-base/vehicleAlarmData/export'],
  'track export': ['read', 'GET', () => `/api/wdiov-base/historyTrack/historyTrackPlayback-export?vin=${vinA}&startTime=2026-01-01 00:00:00&endTime=2026-01-01 12:00:00`],
  'alarm handling config': ['read', 'GET', () => `/api/wdiov-base/alarmHandleConfig/detail?id=${a.alarmHandleConfig}`],
  'instruction to A\'s vehicle': ['write', 'POST', () => '/api/wdiov-base/instructRecord/issue', () => ({ vehicleId: a.vehicle, instructType: InstructType.query, content: { ids: [QUERYABLE_PARAM_IDS[0]] } })],
  'diagnosis of A\'s vehicle': ['write', 'POST', () => '/api/wdiov-base/remoteDiagnose/issueDiagnose', () => ({ vehicleIds: [a.vehicle] })],
  'instruction remove': ['write', 'POST', () => '/api/wdiov-base/instructRecord/remove', () => ({ ids: a.instructRecord })],
  'object store enable': ['write', 'POST', () => `/api/wdiov-resource/oss/enable?id=${a.oss}`],
  'SMS enable': ['write', 'POST', () => `/api/wdiov-resource/sms/enable?id=${a.sms}`],
  'large screen share revoke': ['write', 'POST', () => `/api/wdiov-base/largeScreenShare/revoke?id=${shareA}`],
  'stock details': ['read', 'GET', () => `/api/wdiov-pm/operateRecord/operateDetail/list?vehicleId=${a.vehicle}`],
  'stock base update': ['write', 'POST', () => '/api/wdiov-pm/operateRecord/operateDetail/updateBase', () => ({ id: a.vehiclePm, remark: 'taken' })],
  'stock logistics update': ['write', 'POST', () => '/api/wdiov-pm/operateRecord/operateDetail/updateLogistics', () => ({ id: a.logisticsRecord, remark: 'taken' })],
  'stock movement update': ['write', 'POST', () => '/api/wdiov-pm/operateRecord/operateDetail/updateMovement', () => ({ id: a.movementRecord, remark: 'taken' })],
  ...Object.fromEntries(VIDEO_CALLS.map((call) => [`video ${call}`, ['write', 'POST', () => `/api/wdiov-base/video/${call}?vin=${vinA}&channel=1`] as Call])),
  ...Object.fromEntries(workflowList.flatMap((w) => [
    ...w.calls.map((call) => [`${w.entity.name} ${call}`, ['write', 'POST', () => `${w.entity.basePath}/${call}`, () => transitionBody(w, call, a[w.entity.name]!)] as Call]),
    [`${w.entity.name} trail`, ['read', 'GET', () => `${w.entity.basePath}/trail?id=${a[w.entity.name]}`] as Call],
  ])),
};

/** A refusal that is the other tenant's doing: not found or forbidden, or a 400 naming A's id as missing. */
function refusedForTheId(r: Answer, ids: string[]): boolean {
  if (answered(r)) return false;
  const code = r.body?.code ?? r.status;
  return code === 404 || code === 403 || r.status === 404 || r.status === 403 || ids.some((id) => String(r.body?.msg ?? '').includes(id));
}

describe('custom calls with another tenant\'s id', () => {
  it.each(Object.entries(CALLS))('%s', async (_label, [kind, method, path, body]) => {
    const ids = [...Object.values(a), shareA, vinA, alarmVinA];
    const before = await t.databaseText();
    const r = await t.server.call(method, path(), { token: t.b.token, body: body?.() });
    const told = `${r.status} ${JSON.stringify(r.body).slice(0, 300)}`;
    // A read may also answer and find nothing; then none of A's ids or its VIN is in what it found.
    expect(refusedForTheId(r, ids) || (kind === 'read' && answered(r)), told).toBe(true);
    for (const id of ids) expect(dataText(r), `answer carries A's ${id}`).not.toContain(id);
    expect(await t.databaseText(), 'no table changed').toEqual(before);
  });
});

describe('the camera calls', () => {
  it('relay B\'s own vehicle and none of A\'s', async () => {
    expect(relayed.filter((url) => url.includes(vinA)), 'A\'s camera reached').toEqual([]);
    const own = (await t.server.call('GET', `/api/wdiov-base/vehicle/detail?id=${b.vehicle}`, { token: t.b.token })).body.data.vin as string;
    const r = await t.server.call('POST', `/api/wdiov-base/video/openRVC?vin=${own}`, { token: t.b.token });
    expect(answered(r), JSON.stringify(r.body)).toBe(true);
    expect(relayed).toEqual([`/openRVC?vin=${own}&channel=1`]);
  });
});
