import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARM_RULES, formatDateTime } from '@wdiov/contracts';
import { systemPrincipal } from '../../crud/principal.ts';
import { createTestGateway, postJson, type TestGateway } from '../../../test/test-gateway.ts';
import { startOfDay } from './events.ts';
import { addVehicle, otherTenant } from './test-support.ts';

const A = 'LSVAU2180N2300001';
const B = 'LSVAU2180N2300002';
const base = '/api/wdiov-base';
const HOUR = 3_600_000;
const sys = systemPrincipal('000000');
const fmt = (ms: number) => formatDateTime(ms, 480);
const day = (back: number) => startOfDay(Date.now(), 480, back).getTime();
let gw: TestGateway;
let token: string;
let other: string;
let alarmIds: string[];
let faults: { can: string; uds: string; uds2: string };
let vehicleA: string;
let vehicleB: string;
const get = (path: string, t = token) => gw.json(`${base}${path}`, { token: t });
const post = (path: string, body: unknown, t = token) => gw.json(`${base}${path}`, postJson(body, t));
const field = (name: string) => expect.stringContaining(`[${name}]`);

beforeAll(async () => {
  gw = await createTestGateway();
  token = await gw.signIn();
  other = await otherTenant(gw);
  vehicleA = await addVehicle(gw, token, A, '粤B·K0001');
  vehicleB = await addVehicle(gw, token, B, '粤B·K0002');
  const alarms = gw.repos.get('vehicleAlarmData');
  const alarm = (vin: string, type: string, name: string, level: number, start: number, end: number | null) =>
    alarms.insert(sys, { vin, plateNumber: '', alarmType: type, alarmName: name, alarmLevel: level, source: 'gbt32960', startTime: new Date(start), endTime: end ? new Date(end) : null, isHandle: 0 });
  alarmIds = [
    await alarm(A, 'gb:socLow', 'SOC低报警', 3, day(1) + 10 * HOUR, null),
    await alarm(A, 'gb:socLow', 'SOC低报警', 3, day(1) + 11 * HOUR, day(1) + 11 * HOUR + 300_000),
    await alarm(A, 'gb:batteryHighTemperature', '电池高温报警', 2, day(2) + 9 * HOUR, null),
    await alarm(B, 'gb:socLow', 'SOC低报警', 1, day(3) + 8 * HOUR, null),
  ];
  await gw.repos.get('vehicleAlarmData').insert(systemPrincipal('000001'), { vin: A, alarmType: 'gb:socLow', startTime: new Date(day(1)), isHandle: 0 });
  const fault = (values: Record<string, unknown>) => gw.repos.get('vehicleFaultData').insert(sys, { vin: A, faultLevel: 1, startTime: new Date(day(1) + HOUR), isHandle: 0, ...values });
  faults = {
    can: await fault({ category: 'ress', faultCode: '0004D283', spn: 1234, fmi: 3, faultName: 'SPN 1234 FMI 3' }),
    uds: await fault({ category: 'uds', faultCode: 'P0143', faultLevel: 2 }),
    uds2: await fault({ category: 'uds', faultCode: 'U0073-04', startTime: new Date(day(2)) }),
  };
  await gw.repos.get('canMessageFaultCode').insert(sys, { spn: 1234, fmi: 3, faultName: '电池包过温', faultLevel: 2, bcd: 'B1', solution: '停车检查' });
  await gw.repos.get('udsDiagnoseFaultCode').insert(sys, { dtc: 'P0143', faultName: '氧传感器电路电压低' });
  await gw.repos.get('udsDiagnoseFaultCode').insert(sys, { dtc: 'U0073', faultName: 'CAN总线关闭' });
});
afterAll(() => gw.dispose());

describe('vehicle alarms', () => {
  it('page: vin with alarmType, or vin with timeSlot (ms)', async () => {
    expect((await get(`/vehicleAlarmData/page?vin=${A}&alarmType=gb:socLow`)).body.data.total).toBe(2);
    const slot = (await get(`/vehicleAlarmData/page?vin=${A}&timeSlot=${day(1)},${day(0)}`)).body.data;
    expect(slot.records.map((r: { id: string }) => r.id)).toEqual([alarmIds[1], alarmIds[0]]);
    expect((await get(`/vehicleAlarmData/page?startTime=${encodeURIComponent(fmt(day(2)))}&endTime=${encodeURIComponent(fmt(day(1)))}`)).body.data.total).toBe(1);
    expect((await get('/vehicleAlarmData/page?timeSlot=1,2,3')).body).toMatchObject({ code: 400, msg: field('timeSlot') });
    // A key the list does not have is ignored, as BladeX ignores it.
    expect((await get('/vehicleAlarmData/page?nope=1')).body.code).toBe(200);
  });

  it('groupPage: per vehicle and type, with count and first/last time', async () => {
    const d = (await get('/vehicleAlarmData/groupPage')).body.data;
    expect(d.total).toBe(3);
    expect(d.records[0]).toMatchObject({
      vin: A, alarmType: 'gb:socLow', alarmName: 'SOC低报警', alarmLevel: 3, count: 2, unhandled: 2,
      firstTime: fmt(day(1) + 10 * HOUR), lastTime: fmt(day(1) + 11 * HOUR),
    });
    expect(d.records.map((r: { vin: string; alarmType: string }) => `${r.vin}/${r.alarmType}`)).toEqual([`${A}/gb:socLow`, `${A}/gb:batteryHighTemperature`, `${B}/gb:socLow`]);
    expect((await get(`/vehicleAlarmData/groupPage?vin=${B}&size=1`)).body.data).toMatchObject({ total: 1, pages: 1 });
    expect((await get('/vehicleAlarmData/groupPage?size=0')).body).toMatchObject({ code: 400, msg: field('size') });
  });

  it('alarmCount, dailyAlarmReport and last7DayAlarm', async () => {
    const count = (await post('/vehicleAlarmData/alarmCount', { startTime: fmt(day(3)), endTime: fmt(day(0)) })).body.data;
    expect(count.total).toBe(4);
    expect(count.byLevel).toEqual([
      { level: 3, levelName: '三级报警', count: 2 }, { level: 1, levelName: '一级报警', count: 1 }, { level: 2, levelName: '二级报警', count: 1 },
    ]);
    expect(count.byType[0]).toEqual({ alarmType: 'gb:socLow', alarmName: 'SOC低报警', count: 3 });
    expect((await post('/vehicleAlarmData/alarmCount', { vin: B })).body.data.total).toBe(1);
    const report = (await get(`/vehicleAlarmData/dailyAlarmReport?timeSlot=${day(3)},${day(0) - 1}`)).body.data;
    expect(report.days.map((d: { date: string; count: number }) => [d.date, d.count])).toEqual([
      [fmt(day(3)).slice(0, 10), 1], [fmt(day(2)).slice(0, 10), 1], [fmt(day(1)).slice(0, 10), 2],
    ]);
    expect((await post('/vehicleAlarmData/dailyAlarmReport', {})).body.data).toMatchObject({ total: 4 });
    const week = (await post('/vehicleAlarmData/last7DayAlarm', {})).body.data;
    expect(week).toHaveLength(7);
    expect(week[6]).toMatchObject({ date: fmt(Date.now()).slice(0, 10), count: 0 });
    expect(week.reduce((n: number, d: { count: number }) => n + d.count, 0)).toBe(4);
    expect((await get(`/vehicleAlarmData/dailyAlarmReport?startTime=2024-01-01&endTime=2025-06-01`)).body).toMatchObject({ code: 400, msg: field('endTime') });
  });

  it('handle: sets isHandle, handleUser, handleTime and the remark', async () => {
    expect((await post('/vehicleAlarmData/handle', { ids: [alarmIds[0], alarmIds[1]], handleRemark: '已通知司机' })).body.code).toBe(200);
    const row = (await gw.json(`${base}/vehicleAlarmData/detail?id=${alarmIds[0]}`, { token })).body.data;
    expect(row).toMatchObject({ isHandle: 1, handleUser: 'admin', handleRemark: '已通知司机' });
    expect(row.handleTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await post('/vehicleAlarmData/handle', { id: alarmIds[2], handleRemark: '已处理' })).body.code).toBe(200);
    expect((await get('/vehicleAlarmData/groupPage')).body.data.records[0].unhandled).toBe(0);
    expect((await post('/vehicleAlarmData/handle', {})).body).toMatchObject({ code: 400, msg: field('ids') });
    expect((await post('/vehicleAlarmData/handle', { ids: ['abc'] })).body).toMatchObject({ code: 400, msg: field('ids') });
    expect((await post('/vehicleAlarmData/handle', { ids: [alarmIds[3]], handleRemark: 'x'.repeat(501) })).body).toMatchObject({ code: 400, msg: field('handleRemark') });
    expect((await post('/vehicleAlarmData/handle', { ids: ['123'], handleRemark: '已处理' })).body.code).toBe(404);
    expect((await post('/vehicleAlarmData/handle', { ids: [alarmIds[3]], handleRemark: '已处理' }, other)).body.code).toBe(404);
  });

  it('handle: refuses a missing or blank remark, in the request\'s language, and handles nothing', async () => {
    const open = alarmIds[3]!;
    const en = { ...postJson({ ids: [open], handleRemark: '   ' }, token), headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en' } };
    for (const [body, init] of [[{ ids: [open] }, undefined], [{ ids: [open], handleRemark: '' }, undefined], [undefined, en]] as const) {
      const res = init ? await gw.json(`${base}/vehicleAlarmData/handle`, init) : await post('/vehicleAlarmData/handle', body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 400, success: false, data: {}, msg: field('handleRemark') });
      expect(res.body.msg).toContain(init ? 'handling remark' : '请输入处理意见');
    }
    const row = (await gw.json(`${base}/vehicleAlarmData/detail?id=${open}`, { token })).body.data;
    expect(row).toMatchObject({ isHandle: 0 });
  });

  it('export: the selected alarms as CSV with a BOM', async () => {
    const res = await gw.request(`${base}/vehicleAlarmData/export?vin=${A}`, { token });
    expect(res.headers.get('content-disposition')).toContain('attachment');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]!.startsWith('车架号,车牌号,告警类型,告警名称,告警等级')).toBe(true);
    expect(lines[1]).toContain(`${A},,gb:socLow,SOC低报警,3,gbt32960,${fmt(day(1) + 11 * HOUR)}`);
  });
});

describe('vehicle faults', () => {
  it('CAN faults named from canMessageFaultCode by SPN and FMI; handle', async () => {
    const d = (await get('/vehicleCanFaultData/page')).body.data;
    expect(d.total).toBe(1);
    expect(d.records[0]).toMatchObject({ id: faults.can, spn: 1234, fmi: 3, canFaultName: '电池包过温', canFaultLevel: 2, bcd: 'B1', solution: '停车检查' });
    expect(d.records[0].fmiText).toBe('voltage above normal, or shorted to high source');
    expect((await post('/vehicleCanFaultData/handle', { ids: [faults.can] })).body.code).toBe(200);
    expect((await get('/vehicleCanFaultData/page?isHandle=1')).body.data.records[0]).toMatchObject({ isHandle: 1, handleUser: 'admin' });
    expect((await post('/vehicleCanFaultData/handle', { ids: [faults.uds] })).body.code).toBe(404);
    expect((await post('/vehicleCanFaultData/handle', { ids: 'x' })).body).toMatchObject({ code: 400, msg: field('ids') });
  });

  it('UDS faults with the DTC text of udsDiagnoseFaultCode', async () => {
    const d = (await get('/vehicleUdsFaultData/page')).body.data;
    expect(d.records.map((r: { dtc: string; dtcName: string }) => [r.dtc, r.dtcName])).toEqual([['P0143', '氧传感器电路电压低'], ['U0073-04', 'CAN总线关闭']]);
    expect((await get(`/vehicleUdsFaultData/page?timeSlot=${day(1)},${day(0)}`)).body.data.total).toBe(1);
  });

  it('faultCount, dailyFaultReport and the fault page with a time slot', async () => {
    const count = (await post('/vehicleFaultData/faultCount', {})).body.data;
    expect(count.total).toBe(3);
    expect(count.byCategory).toEqual([{ category: 'uds', count: 2 }, { category: 'ress', count: 1 }]);
    const report = (await post('/vehicleFaultData/dailyFaultReport', { startTime: fmt(day(2)), endTime: fmt(day(1) + 2 * HOUR) })).body.data;
    expect(report.days.map((x: { count: number }) => x.count)).toEqual([1, 2]);
    expect((await get(`/vehicleFaultData/page?vin=${A}&timeSlot=${day(2)},${day(2) + 1000}`)).body.data.total).toBe(1);
    expect((await get('/fenceAccessRecord/page?timeSlot=abc,def')).body).toMatchObject({ code: 400, msg: field('timeSlot') });
    expect((await post('/vehicleFaultData/faultCount', { startTime: 'soon' })).body).toMatchObject({ code: 400, msg: field('startTime') });
  });
});

describe('alarm handling config and teams', () => {
  it('detail, handle (upsert by alarmType) and unifyHandle', async () => {
    // A type never configured needs handling (every alarm is carded by default).
    expect((await get('/alarmHandleConfig/detail?alarmType=gb:socLow')).body.data).toEqual({ alarmType: 'gb:socLow', alarmName: 'SOC低报警', isHandle: 1 });
    expect((await post('/alarmHandleConfig/handle', { alarmType: 'gb:socLow', isHandle: 1 })).body.code).toBe(200);
    const saved = (await get('/alarmHandleConfig/detail?alarmType=gb:socLow')).body.data;
    expect(saved).toMatchObject({ alarmType: 'gb:socLow', alarmName: 'SOC低报警', isHandle: 1, id: expect.any(String) });
    expect((await get(`/alarmHandleConfig/detail?id=${saved.id}`)).body.data).toMatchObject({ alarmType: 'gb:socLow', isHandle: 1 });
    expect((await get('/alarmHandleConfig/detail?id=x')).body).toMatchObject({ code: 400, msg: field('id') });
    expect((await gw.json(`${base}/alarmHandleConfig/handle?alarmType=gb:socLow&isHandle=0&alarmName=SOC低`, { method: 'POST', token })).body.code).toBe(200);
    expect((await get('/alarmHandleConfig/page?alarmType=gb:socLow')).body.data.records).toEqual([expect.objectContaining({ isHandle: 0, alarmName: 'SOC低' })]);
    expect((await post('/alarmHandleConfig/handle', { alarmType: 'nope', isHandle: 1 })).body).toMatchObject({ code: 400, msg: field('alarmType') });
    expect((await post('/alarmHandleConfig/handle', { alarmType: 'gb:socLow' })).body).toMatchObject({ code: 400, msg: field('isHandle') });
    expect((await get('/alarmHandleConfig/detail')).body).toMatchObject({ code: 400, msg: field('alarmType') });
    const all = (await post('/alarmHandleConfig/unifyHandle', { isHandle: 1 })).body.data.count;
    expect(all).toBeGreaterThan(20);
    const page = (await get('/alarmHandleConfig/page?size=500')).body.data;
    expect(page.total).toBe(all);
    expect(page.records.every((r: { isHandle: number }) => r.isHandle === 1)).toBe(true);
    expect((await post('/alarmHandleConfig/unifyHandle', { isHandle: 0, alarmTypes: ['gb:socLow'] })).body.data.count).toBe(1);
    expect((await post('/alarmHandleConfig/unifyHandle', [{ alarmType: 'gb:socHigh', isHandle: 0 }])).body.data.count).toBe(1);
    expect((await get('/alarmHandleConfig/detail?alarmType=gb:socHigh')).body.data.isHandle).toBe(0);
    expect((await post('/alarmHandleConfig/unifyHandle', { isHandle: 5 })).body).toMatchObject({ code: 400, msg: field('isHandle') });
    expect((await get('/alarmHandleConfig/detail?alarmType=gb:socLow', other)).body.data).toMatchObject({ isHandle: 1 });
    expect((await get('/alarmHandleConfig/detail?alarmType=gb:socLow', other)).body.data.id).toBeUndefined();
  });

  it('unifyHandle sets every alarm type of the rule registry, the platform\'s own included', async () => {
    const count = (await post('/alarmHandleConfig/unifyHandle', { isHandle: 0 }, other)).body.data.count;
    expect(count).toBe(ALARM_RULES.length);
    const rows = (await get('/alarmHandleConfig/page?size=500', other)).body.data.records as { alarmType: string; alarmName: string; isHandle: number }[];
    expect(rows.map((r) => r.alarmType).sort()).toEqual(ALARM_RULES.map((r) => r.type).sort());
    expect(rows.find((r) => r.alarmType === 'platform:offline')).toMatchObject({ alarmName: '离线超时报警', isHandle: 0 });
    expect((await get('/alarmHandleConfig/detail?alarmType=platform:fence', other)).body.data).toMatchObject({ isHandle: 0 });
  });

  it('teams of a user, by alarm level and type, by CAN fault code', async () => {
    const user = (account: string) => gw.repos.get('user').insert(sys, { account, name: account, realName: account, password: 'e10adc3949ba59abbe56e057f20f883e' });
    const u1 = await user('watcher1');
    const u2 = await user('watcher2');
    const teams = gw.repos.get('alarmHandleTeam');
    const t1 = await teams.insert(sys, { teamName: 'SOC组', teamType: 1, level: 3, alarmType: 'gb:socLow', userIds: u1 });
    const t2 = await teams.insert(sys, { teamName: '值班组', teamType: 1, userIds: u2 });
    const t3 = await teams.insert(sys, { teamName: 'CAN组', teamType: 2, spn: 1234, fmi: 3, userIds: `${u1},${u2}` });
    const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();
    expect(ids((await post('/alarmHandleTeam/listUserAlarmConfig', { userId: u1 })).body.data)).toEqual([t1, t3].sort());
    const byType = (await gw.json(`${base}/alarmHandleTeam/handleTeamByAlarmType?level=3&alarmType=gb:socLow`, { method: 'POST', token })).body.data;
    expect(ids(byType)).toEqual([t1, t2].sort());
    expect(byType.find((t: { id: string }) => t.id === t1).users).toEqual([{ id: u1, account: 'watcher1', name: 'watcher1', realName: 'watcher1', phone: '' }]);
    expect(ids((await gw.json(`${base}/alarmHandleTeam/handleTeamByAlarmType?level=2&alarmType=gb:socLow`, { method: 'POST', token })).body.data)).toEqual([t2]);
    const byCode = (await gw.json(`${base}/alarmHandleTeam/handleTeamByFaultCode?bcd=B1&spn=1234&fmi=3&field=x`, { method: 'POST', token })).body.data;
    expect(byCode.map((t: { id: string; users: unknown[] }) => [t.id, t.users.length])).toEqual([[t3, 2]]);
    expect((await gw.json(`${base}/alarmHandleTeam/handleTeamByFaultCode?spn=1&fmi=3`, { method: 'POST', token })).body.data).toEqual([]);
    expect((await gw.json(`${base}/alarmHandleTeam/handleTeamByFaultCode?spn=abc`, { method: 'POST', token })).body).toMatchObject({ code: 400, msg: field('spn') });
    expect((await post('/alarmHandleTeam/listUserAlarmConfig', {})).body).toMatchObject({ code: 400, msg: field('userId') });
    expect((await post('/alarmHandleTeam/listUserAlarmConfig', { userId: u1 }, other)).body.data).toEqual([]);
  });
});

describe('fence vehicles', () => {
  it('save replaces the bound set; vehicleList and getElectronicFencesByVin follow', async () => {
    const fenceId = await gw.repos.get('electronicFence').insert(sys, { fenceName: '前海', fenceType: 1, alarmOn: 3, geometry: { center: [113.9, 22.5], radius: 800 } });
    expect((await post('/electronicFenceVehicle/save', { fenceId, vehicleIds: [vehicleA, vehicleB] })).body.data).toEqual({ fenceId, total: 2, added: 2, removed: 0 });
    expect((await get(`/electronicFenceVehicle/vehicleList?fenceId=${fenceId}`)).body.data.map((v: { vin: string }) => v.vin).sort()).toEqual([A, B]);
    expect((await post('/electronicFenceVehicle/save', { fenceId, vehicleIds: [vehicleB] })).body.data).toEqual({ fenceId, total: 1, added: 0, removed: 1 });
    const list = (await get(`/electronicFenceVehicle/vehicleList?fenceId=${fenceId}`)).body.data;
    expect(list).toEqual([expect.objectContaining({ vin: B, vehicleId: vehicleB, fenceId, bindingId: expect.any(String) })]);
    expect((await get(`/electronicFenceVehicle/getElectronicFencesByVin?vin=${B}`)).body.data).toEqual([expect.objectContaining({ id: fenceId, fenceName: '前海' })]);
    expect((await get(`/electronicFenceVehicle/getElectronicFencesByVin?vin=${A}`)).body.data).toEqual([]);
    expect((await post('/electronicFenceVehicle/save', { fenceId, vehicleIds: ['x'] })).body).toMatchObject({ code: 400, msg: field('vehicleIds.0') });
    expect((await post('/electronicFenceVehicle/save', { fenceId, vehicleIds: ['999'] })).body).toMatchObject({ code: 400, msg: field('vehicleIds') });
    expect((await post('/electronicFenceVehicle/save', { vehicleIds: [] })).body).toMatchObject({ code: 400, msg: field('fenceId') });
    expect((await post('/electronicFenceVehicle/save', { fenceId: '999', vehicleIds: [] })).body.code).toBe(404);
    expect((await get('/electronicFenceVehicle/vehicleList')).body).toMatchObject({ code: 400, msg: field('fenceId') });
    expect((await get(`/electronicFenceVehicle/vehicleList?fenceId=${fenceId}`, other)).body.code).toBe(404);
    expect((await post('/electronicFenceVehicle/save', { fenceId, vehicleIds: [] }, other)).body.code).toBe(404);
    expect((await get(`/electronicFenceVehicle/getElectronicFencesByVin?vin=${B}`, other)).body.code).toBe(404);
  });
});
