// Remote diagnosis over REST: issuing to a real TCP terminal through the in-process bus,
// the record each call leaves, bad input, tenant, data scope and button grants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Command, ResponseFlag } from '@wdiov/contracts/protocol/index';
import { InstructStatus } from '@wdiov/contracts/diagnosis/instruction';
import { testEnv } from '../../env.ts';
import { createLogger } from '../../lib/logger.ts';
import { systemPrincipal } from '../../crud/principal.ts';
import { createTestGateway, md5, postJson, type TestGateway } from '../../../test/test-gateway.ts';
import { realtimeFrame } from '../../../test/gbt-frames.ts';
import { answeringTerminal, answerWithFlag, silent, type AnsweringTerminal } from '../../diagnosis/answering-terminal.ts';
import { rawFrameHex, rawFrames } from '../../db/schema/index.ts';
import { diagnosisRoutes } from './diagnosis.routes.ts';
import { addVehicle, otherTenant, until } from './test-support.ts';

const ONLINE = 'LSVAU2180N2189001';
const OFFLINE = 'LSVAU2180N2189002';
const FAILING = 'LSVAU2180N2189003';
const SILENT = 'LSVAU2180N2189004';
let gw: TestGateway;
let token: string;
const ids: Record<string, string> = {};
const terminals: AnsweringTerminal[] = [];

const issue = (body: unknown, as = token, base = '/api/wdiov-base') => gw.json(`${base}/instructRecord/issue`, postJson(body, as));
const recordCount = async () => (await gw.json('/api/wdiov-base/instructRecord/page?size=1', { token })).body.data.total as number;

beforeAll(async () => {
  gw = await createTestGateway({}, { streaming: true });
  // The same routes with a short answer timeout, mounted before the app serves its first request.
  const deps = {
    env: testEnv(), db: gw.database.db, repos: gw.repos, dictionaries: gw.dictionaries, policy: gw.policy, dataScopes: gw.dataScopes,
    logger: createLogger('silent'), logs: gw.logs, dataDir: gw.dataDir,
  };
  gw.app.route('/api/quick-diagnosis', diagnosisRoutes(deps, gw.latest, gw.bus, { answerTimeoutMs: 300 }));
  token = await gw.signIn();
  for (const [i, vin] of [ONLINE, OFFLINE, FAILING, SILENT].entries()) ids[vin] = await addVehicle(gw, token, vin, `粤B·J9000${i}`);
  const port = gw.streaming!.ingest!.port;
  terminals.push(await answeringTerminal(port, ONLINE), await answeringTerminal(port, FAILING, answerWithFlag(ResponseFlag.error)));
  terminals.push(await answeringTerminal(port, SILENT, silent));
});
afterAll(async () => {
  for (const t of terminals) await t.close();
  await gw.dispose();
});

describe('POST instructRecord/issue', () => {
  it('queries a terminal and answers the final record, as detail shows it', async () => {
    const res = await issue({ vin: ONLINE, instructType: 1, content: { ids: [2, 5, 9] }, remark: '查询上报周期' });
    expect(res.body).toMatchObject({ code: 200, success: true });
    const row = res.body.data;
    expect(row).toMatchObject({
      vehicleId: ids[ONLINE], vehicleName: ONLINE, instructType: 1, instructTypeName: '参数查询', instructStatus: InstructStatus.answered,
      instructStatusName: '执行成功', content: { ids: [2, 5, 9] }, responseData: { params: { 2: 10, 4: 9, 5: '127.0.0.1', 9: 30 } },
      failReason: null, remark: '查询上报周期',
    });
    expect(row.issueTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(row.responseTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect((await gw.json(`/api/wdiov-base/instructRecord/detail?id=${row.id}`, { token })).body.data).toEqual(row);
    // The answer frame is kept with the vehicle's other raw frames.
    const answers = () => gw.database.db.select({ hex: rawFrameHex }).from(rawFrames).where(and(eq(rawFrames.vin, ONLINE), eq(rawFrames.command, Command.queryParams)));
    const [kept] = await until(async () => ((await answers()).length > 0 ? answers() : undefined));
    expect(kept!.hex.slice(4, 8)).toBe('8001');
  });

  it('sets parameters and controls a terminal chosen by vehicle id', async () => {
    const set = await issue({ vehicleId: ids[ONLINE], instructType: 2, content: { params: [{ id: 2, value: 30 }, { id: 5, value: 'gw.example.com' }] } });
    expect(set.body.data).toMatchObject({ instructStatus: InstructStatus.answered, responseData: { responseFlag: 1 } });
    const control = await issue({ vehicleId: ids[ONLINE], vin: ONLINE, instructType: 3, content: { commandId: 6, alarmLevel: 2 } });
    expect(control.body.data).toMatchObject({ instructStatus: InstructStatus.answered, instructTypeName: '终端控制' });
    const sent = terminals[0]!.commands.slice(-2).map((c) => c.body);
    expect(sent[0]).toMatchObject({ kind: 'params', params: [{ id: 2, value: 30 }, { id: 4, value: 14 }, { id: 5, value: 'gw.example.com' }] });
    expect(sent[1]).toMatchObject({ kind: 'control', commandId: 6, args: Uint8Array.of(2) });
  });

  it('stores a failure answer, an offline vehicle and a silent terminal with their reasons', async () => {
    expect((await issue({ vin: FAILING, instructType: 3, content: { commandId: 3 } })).body.data).toMatchObject({
      instructStatus: InstructStatus.failed, instructStatusName: '执行失败', failReason: '终端应答失败: 错误 (0x02)', responseData: { responseFlag: 2 },
      responseTime: expect.stringMatching(/^\d{4}-/),
    });
    expect((await issue({ vin: OFFLINE, instructType: 1, content: { ids: [1] } })).body.data).toMatchObject({
      instructStatus: InstructStatus.offline, instructStatusName: '终端离线', failReason: '终端不在线', responseTime: null, responseData: null,
    });
    const timedOut = await issue({ vin: SILENT, instructType: 1, content: { ids: [1] } }, token, '/api/quick-diagnosis');
    expect(timedOut.body.data).toMatchObject({ instructStatus: InstructStatus.timedOut, instructStatusName: '超时', failReason: '等待终端应答超时', responseTime: null });
  });

  it.each([
    ['no vehicle', { instructType: 1, content: { ids: [2] } }, '[vehicleId]'],
    ['an unknown instruction type', { vin: ONLINE, instructType: 9, content: {} }, '[instructType]'],
    ['a short VIN', { vin: 'LSV', instructType: 1, content: { ids: [2] } }, '[vin]'],
    ['no parameter to query', { vin: ONLINE, instructType: 1, content: { ids: [] } }, '[content.ids]'],
    ['an unknown parameter', { vin: ONLINE, instructType: 1, content: { ids: [0x40] } }, '[content.ids.0]'],
    ['a read-only parameter to set', { vin: ONLINE, instructType: 2, content: { params: [{ id: 7, value: 'HW2' }] } }, '[content.params.0.id]'],
    ['a value its field cannot hold', { vin: ONLINE, instructType: 2, content: { params: [{ id: 9, value: 300 }] } }, '[content.params]'],
    ['text for a number', { vin: ONLINE, instructType: 2, content: { params: [{ id: 6, value: 'x' }] } }, '[content.params]'],
    ['an alarm without its level', { vin: ONLINE, instructType: 3, content: { commandId: 6 } }, '[content.alarmLevel]'],
    ['an unknown control', { vin: ONLINE, instructType: 3, content: { commandId: 9 } }, '[content.commandId]'],
    ['a list for a body', [1, 2], ''],
  ])('refuses %s with a 400 naming the field, writing nothing', async (_what, body, field) => {
    const before = await recordCount();
    const res = await issue(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, success: false });
    expect(res.body.msg).toContain(field);
    expect(await recordCount()).toBe(before);
  });

  it('refuses a body that is not JSON, and vehicles the caller cannot see', async () => {
    const notJson = await gw.json('/api/wdiov-base/instructRecord/issue', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{', token });
    expect(notJson.body).toMatchObject({ code: 400 });
    expect((await issue({ vin: 'LSVAU2180N2189999', instructType: 1, content: { ids: [2] } })).body).toMatchObject({ code: 404, msg: '车辆不存在: LSVAU2180N2189999' });
    expect((await issue({ vehicleId: ids[ONLINE], vin: OFFLINE, instructType: 1, content: { ids: [2] } })).body).toMatchObject({ code: 400, msg: expect.stringContaining('[vin]') });
    const boss = await otherTenant(gw);
    const before = await recordCount();
    expect((await issue({ vin: ONLINE, instructType: 1, content: { ids: [2] } }, boss)).body).toMatchObject({ code: 404 });
    expect((await issue({ vehicleId: ids[ONLINE], instructType: 1, content: { ids: [2] } }, boss)).body).toMatchObject({ code: 404 });
    expect(await recordCount()).toBe(before);
  });
});

describe('remote diagnosis', () => {
  it('queries every parameter and adds live state, open alarms and recent faults; offline vehicles still get their context', async () => {
    terminals[0]!.send(realtimeFrame({ vin: ONLINE, at: Date.now(), soc: 8, flags: 1 << 4, maxLevel: 3, faultCodes: [0x1234] }));
    await until(async () => (await gw.json(`/api/wdiov-base/vehicleAlarmData/realtimeAlarm?vin=${ONLINE}`, { token })).body.data.total > 0);
    await until(async () => (await gw.json(`/api/wdiov-base/vehicleFaultData/page?vin=${ONLINE}`, { token })).body.data.total > 0);
    const res = await gw.json('/api/wdiov-base/remoteDiagnose/issueDiagnose', postJson({ vehicleIds: [ids[ONLINE], ids[OFFLINE]], remark: '年检' }, token));
    expect(res.body.code).toBe(200);
    const [online, offline] = res.body.data;
    expect(online).toMatchObject({ vehicleId: ids[ONLINE], instructType: 4, instructTypeName: '远程诊断', instructStatus: InstructStatus.answered, remark: '年检' });
    expect(online.content).toEqual({ ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16] });
    const data = online.responseData;
    expect(Object.keys(data.params)).toHaveLength(16);
    expect(data.params).toMatchObject({ 1: null, 2: 10, 8: 'FW2.1' });
    expect(data.state).toMatchObject({ online: true, speed: 42.5, soc: 8 });
    expect(data.state.time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(data.alarms).toEqual([expect.objectContaining({ alarmType: 'gb:socLow', alarmLevel: 3 })]);
    expect(data.faults.length).toBeGreaterThan(0);
    expect(offline).toMatchObject({ vehicleId: ids[OFFLINE], instructStatus: InstructStatus.offline, responseData: { params: null, state: null, alarms: [], faults: [] } });
  });

  it('refuses an empty or unknown vehicle list, writing nothing', async () => {
    const before = await recordCount();
    const empty = await gw.json('/api/wdiov-base/remoteDiagnose/issueDiagnose', postJson({ vehicleIds: [] }, token));
    expect(empty.body).toMatchObject({ code: 400, msg: expect.stringContaining('[vehicleIds]') });
    const unknown = await gw.json('/api/wdiov-base/remoteDiagnose/issueDiagnose', postJson({ vehicleIds: [ids[ONLINE], '123'] }, token));
    expect(unknown.body).toMatchObject({ code: 404, msg: '车辆不存在: 123' });
    expect(await recordCount()).toBe(before);
  });

  it('pages only diagnoses, with the generic filters', async () => {
    const page = (await gw.json('/api/wdiov-base/remoteDiagnose/page?size=50', { token })).body.data;
    expect(page.total).toBe(2);
    expect(page.records.every((r: { instructType: number }) => r.instructType === 4)).toBe(true);
    const answered = await gw.json(`/api/wdiov-base/remoteDiagnose/page?instructStatus=3&vehicleId=${ids[ONLINE]}`, { token });
    expect(answered.body.data.total).toBe(1);
    expect((await gw.json('/api/wdiov-base/remoteDiagnose/page?size=0', { token })).body.code).toBe(400);
  });
});

describe('instructRecord remove and submit', () => {
  const addRecord = async () => (await issue({ vin: OFFLINE, instructType: 1, content: { ids: [2] } })).body.data.id as string;

  it('removes with ids in a JSON body (string or list) or in the query', async () => {
    const [a, b, c, d] = [await addRecord(), await addRecord(), await addRecord(), await addRecord()];
    const remove = (init: RequestInit & { token?: string }, query = '') => gw.json(`/api/wdiov-base/instructRecord/remove${query}`, { method: 'POST', token, ...init });
    expect((await remove(postJson({ ids: `${a},${b}` }, token))).body).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await remove(postJson({ ids: [c] }, token))).body.code).toBe(200);
    expect((await remove({}, `?ids=${d}`)).body.code).toBe(200);
    for (const id of [a, b, c, d]) expect((await gw.json(`/api/wdiov-base/instructRecord/detail?id=${id}`, { token })).body.code).toBe(404);
    expect((await remove(postJson({ ids: 'x' }, token))).body).toMatchObject({ code: 400, msg: expect.stringContaining('[ids]') });
    expect((await remove(postJson({}, token))).body).toMatchObject({ code: 400, msg: expect.stringContaining('[ids]') });
    expect((await remove({})).body).toMatchObject({ code: 400 });
    expect((await remove(postJson({ ids: [a] }, token))).body.code).toBe(404);
  });

  it('never lets a submit set the status or the answer fields', async () => {
    const res = await gw.json('/api/wdiov-base/instructRecord/submit', postJson({
      vehicleId: ids[ONLINE], instructType: 1, content: { ids: [2] }, responseData: { forged: true }, failReason: 'forged', responseTime: '2025-01-01 00:00:00',
      instructStatus: InstructStatus.answered,
    }, token));
    expect(res.body.code).toBe(200);
    const [row] = (await gw.json('/api/wdiov-base/instructRecord/page?size=1&descs=id', { token })).body.data.records;
    expect(row).toMatchObject({ instructStatus: InstructStatus.pending, responseData: null, failReason: null, responseTime: null });
    const update = await gw.json('/api/wdiov-base/instructRecord/submit', postJson({ id: row.id, responseData: { forged: true }, failReason: 'forged', instructStatus: InstructStatus.answered }, token));
    expect(update.body.code).toBe(200);
    expect((await gw.json(`/api/wdiov-base/instructRecord/detail?id=${row.id}`, { token })).body.data).toMatchObject({
      instructStatus: InstructStatus.pending, responseData: null, failReason: null,
    });
  });
});

describe('grants and data scope', () => {
  it('needs the instruct and issue buttons, and commands only vehicles in the data scope', async () => {
    const menu = async (code: string) => (await gw.json(`/api/wdiov-system/menu/page?code_equal=${code}`, { token })).body.data.records[0].id as string;
    const sys = systemPrincipal('000000');
    const roleId = await gw.repos.get('role').insert(sys, { parentId: '0', roleName: '诊断员', roleAlias: 'diagnoser', sort: 1 });
    const deptId = await gw.repos.get('dept').insert(sys, { parentId: '0', deptName: '诊断部', fullName: '诊断部', sort: 1, deptCategory: 1 });
    await gw.repos.get('user').insert(sys, { account: 'diag', realName: 'diag', password: md5('pw'), roleId, deptId });
    const clerk = await gw.signIn('diag', 'pw');
    const grant = (body: Record<string, string[]>) => gw.json('/api/wdiov-system/role/grant', postJson({ roleIds: [roleId], menuIds: [], dataScopeIds: [], apiScopeIds: [], ...body }, token));
    const query = { vin: ONLINE, instructType: 1, content: { ids: [2] } };
    const diagnose = () => gw.json('/api/wdiov-base/remoteDiagnose/issueDiagnose', postJson({ vehicleIds: [ids[ONLINE]] }, clerk));

    expect((await issue(query, clerk)).body).toMatchObject({ code: 403, msg: '缺少操作权限' });
    expect((await diagnose()).body).toMatchObject({ code: 403 });
    const buttons = [await menu('remote_diagnose'), await menu('remote_diagnose_instruct'), await menu('remote_diagnose_issue')];
    expect((await grant({ menuIds: buttons })).body.code).toBe(200);
    expect((await issue(query, clerk)).body.data).toMatchObject({ instructStatus: InstructStatus.answered });
    expect((await diagnose()).body.data[0]).toMatchObject({ instructStatus: InstructStatus.answered });

    // Vehicles created by the clerk only: the seeded ones are out of scope, as on the vehicle screens.
    await gw.json('/api/wdiov-system/data-scope/submit', postJson({
      menuId: await menu('remote_diagnose'), resourceCode: 'vehicle', scopeName: '本人车辆', scopeColumn: 'create_user', scopeType: 2,
    }, token));
    const scopeId = (await gw.json('/api/wdiov-system/data-scope/page?resourceCode_equal=vehicle', { token })).body.data.records[0].id;
    expect((await grant({ menuIds: buttons, dataScopeIds: [scopeId] })).body.code).toBe(200);
    const before = await recordCount();
    expect((await issue(query, clerk)).body).toMatchObject({ code: 404, msg: `车辆不存在: ${ONLINE}` });
    expect((await diagnose()).body).toMatchObject({ code: 404 });
    expect(await recordCount()).toBe(before);
  });
});
