// A clerk whose data scope holds the vehicles of dept B reads no row of dept A's vehicles: raw
// frames, alarms, faults and fence records, in lists, pages, groups, details, counts and the CSV
// export; it handles none of A's alarms. A scope granted on the alarms themselves narrows them
// through their vehicle as well. The administrator still reads both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { systemPrincipal } from '../../gateway/src/crud/principal.ts';
import { addVehicle, realtime, terminal, until } from '../../gateway/src/routes/base/test-support.ts';
import { startSecurityServer, type SecurityServer } from './security-server.ts';

const VA = 'LSROWSCOPE000000A';
const VB = 'LSROWSCOPE000000B';
const base = '/api/wdiov-base';
const sys = systemPrincipal('000000');
let s: SecurityServer;
let clerk: string;
let alarmClerk: string;
const alarmOf: Record<string, string> = {};
const frameOf: Record<string, string> = {};

const vinsIn = (records: { vin: string }[]) => [...new Set(records.map((r) => r.vin))].sort();

beforeAll(async () => {
  s = await startSecurityServer();
  const dept = (name: string) => s.gw.repos.get('dept').insert(sys, { parentId: '0', deptName: name, fullName: name, sort: 1, deptCategory: 1 });
  const deptA = await dept('A部');
  const deptB = await dept('B部');
  const vehicles = s.gw.repos.get('vehicle');
  const at = Date.now() - 60_000;
  for (const [vin, createDept] of [[VA, deptA], [VB, deptB]] as const) {
    const id = await addVehicle(s.gw, s.admin, vin, `粤B${vin.slice(-1)}0001`);
    await vehicles.db.update(vehicles.table).set({ createDept }).where(eq(vehicles.columns.id!, id));
    const t = await terminal(s.gw, vin);
    t.send(realtime({ vin, at }));
    await until(async () => (await s.call('GET', `${base}/dataMessage/dataMessageList?vin=${vin}`, { token: s.admin })).body.data?.total >= 2);
    frameOf[vin] = (await s.call('GET', `${base}/dataMessage/dataMessageList?vin=${vin}`, { token: s.admin })).body.data.records[0].id;
    t.close();
    const when = new Date(at);
    alarmOf[vin] = await s.gw.repos.get('vehicleAlarmData').insert(sys, { vin, alarmType: 'socLow', alarmName: 'SOC低', alarmLevel: 2, startTime: when });
    await s.gw.repos.get('vehicleFaultData').insert(sys, { vin, faultCode: 'P0A80', faultLevel: 1, startTime: when });
    await s.gw.repos.get('fenceAccessRecord').insert(sys, { vin, fenceName: '园区', accessType: 1, accessTime: when });
  }
  const screens = ['vehicle_alarm', 'vehicle_alarm_handle', 'vehicle_fault', 'fence_access', 'message_parsing'];
  const scoped = async (account: string, resourceCode: string, deptId: string) => {
    const user = await s.userWithMenus(account, screens);
    const menuId = await s.menuId('vehicle_alarm');
    const scopeName = `${account}-scope`;
    const made = await s.call('POST', '/api/wdiov-system/data-scope/submit', {
      token: s.admin, body: { menuId, resourceCode, scopeName, scopeColumn: 'create_dept', scopeType: 5, scopeValue: deptId },
    });
    expect(made.body.code).toBe(200);
    const scopeId = (await s.call('GET', `/api/wdiov-system/data-scope/page?scopeName_equal=${scopeName}`, { token: s.admin })).body.data.records[0].id;
    const menuIds = await Promise.all(screens.map(s.menuId));
    const grant = await s.call('POST', '/api/wdiov-system/role/grant', { token: s.admin, body: { roleIds: [user.roleId], menuIds, dataScopeIds: [scopeId], apiScopeIds: [] } });
    expect(grant.body.code).toBe(200);
    return user.token;
  };
  clerk = await scoped('clerk-b', 'vehicle', deptB);
  alarmClerk = await scoped('alarms-a', 'vehicleAlarmData', deptA);
}, 60_000);
afterAll(() => s?.stop());

const get = async (path: string, token: string) => {
  const res = await s.call('GET', `${base}${path}`, { token });
  expect(res.status, path).toBe(200);
  return res.body.data;
};

describe("a clerk scoped to dept B's vehicles", () => {
  it('lists raw frames of B only and is refused the detail of an A frame', async () => {
    expect(vinsIn((await get('/dataMessage/dataMessageList?size=100', clerk)).records)).toEqual([VB]);
    expect((await get(`/dataMessage/dataMessageList?vin=${VA}`, clerk)).total).toBe(0);
    expect(vinsIn((await get('/dataMessage/dataMessageList?size=100', s.admin)).records)).toEqual([VA, VB]);
    const detail = (id: string, token: string) => s.call('POST', `${base}/dataMessage/dataMessageDetail`, { token, body: { id } });
    expect((await detail(frameOf[VA]!, clerk)).status).toBe(404);
    expect((await detail(frameOf[VB]!, clerk)).body.data.vin).toBe(VB);
    expect((await detail(frameOf[VA]!, s.admin)).body.data.vin).toBe(VA);
  });

  it('reads the alarms of B only: list, page, group page, detail, counts and the export', async () => {
    expect(vinsIn(await get('/vehicleAlarmData/list?size=100', clerk).then((d) => d.records ?? d))).toEqual([VB]);
    expect(vinsIn((await get('/vehicleAlarmData/page?size=100', clerk)).records)).toEqual([VB]);
    expect(vinsIn((await get('/vehicleAlarmData/groupPage?size=100', clerk)).records)).toEqual([VB]);
    expect(vinsIn((await get('/vehicleAlarmData/groupPage?size=100', s.admin)).records)).toEqual([VA, VB]);
    expect((await s.call('GET', `${base}/vehicleAlarmData/detail?id=${alarmOf[VA]}`, { token: clerk })).body.data?.vin).not.toBe(VA);
    expect((await get('/vehicleAlarmData/alarmCount', clerk)).total).toBe(1);
    const csv = await s.call('GET', `${base}/vehicleAlarmData/export`, { token: clerk });
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain(VB);
    expect(String(csv.body)).not.toContain(VA);
    expect(String((await s.call('GET', `${base}/vehicleAlarmData/export`, { token: s.admin })).body)).toContain(VA);
  });

  it('handles none of A\'s alarms', async () => {
    const res = await s.call('POST', `${base}/vehicleAlarmData/handle`, { token: clerk, body: { ids: alarmOf[VA], handleRemark: '已处理' } });
    expect(res.status).toBe(404);
    const row = await s.gw.repos.get('vehicleAlarmData').findRow(sys, alarmOf[VA]!);
    expect(Number(row?.isHandle)).toBe(0);
  });

  it('reads faults and fence records of B only', async () => {
    expect(vinsIn((await get('/vehicleFaultData/page?size=100', clerk)).records)).toEqual([VB]);
    expect(vinsIn((await get('/fenceAccessRecord/page?size=100', clerk)).records)).toEqual([VB]);
    expect(vinsIn((await get('/fenceAccessRecord/page?size=100', s.admin)).records)).toEqual([VA, VB]);
  });
});

describe('a scope granted on the alarms themselves', () => {
  it("narrows alarms through their vehicle's dept, not the row the gateway wrote", async () => {
    expect(vinsIn((await get('/vehicleAlarmData/page?size=100', alarmClerk)).records)).toEqual([VA]);
    expect(vinsIn((await get('/vehicleAlarmData/groupPage?size=100', alarmClerk)).records)).toEqual([VA]);
    // Frames keep to the vehicle scope alone, which this role does not narrow.
    expect(vinsIn((await get('/dataMessage/dataMessageList?size=100', alarmClerk)).records)).toEqual([VA, VB]);
  });
});
