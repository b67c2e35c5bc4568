import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { entities } from '@wdiov/contracts';
import { systemPrincipal } from '../crud/principal.ts';
import { createTestGateway, postJson, type TestGateway } from '../../test/test-gateway.ts';
import { entitySamples } from '../../test/entity-samples.ts';

/**
 * Each workflow walked through HTTP: every transition fired from the states it allows, every
 * other one refused with a 400 and the record and its trail unchanged; button codes enforced.
 */
let gw: TestGateway;
let admin: string;
let samples: ReturnType<typeof entitySamples>;

const DISPATCH = entities.dispatch.basePath;
const BILL = entities.bill.basePath;

beforeAll(async () => {
  gw = await createTestGateway();
  admin = await gw.signIn();
  samples = entitySamples(gw, admin);
});
afterAll(() => gw.dispose());

const detail = async (base: string, id: string) => (await gw.json(`${base}/detail?id=${id}`, { token: admin })).body.data;
const trail = async (base: string, id: string) => (await gw.json(`${base}/trail?id=${id}`, { token: admin })).body.data as Record<string, unknown>[];
const call = (base: string, name: string, body: unknown, token = admin) => gw.json(`${base}/${name}`, postJson(body, token));

/** A call that must be refused with `code` and leave the record and its trail as they were. */
async function refused(base: string, name: string, body: Record<string, unknown>, code = 400, token = admin) {
  const id = String(body.id);
  const [before, trailBefore] = [await detail(base, id), await trail(base, id)];
  const res = await call(base, name, body, token);
  expect(res.body, `${name} ${JSON.stringify(body)}`).toMatchObject({ code, success: false });
  expect(await detail(base, id)).toEqual(before);
  expect(await trail(base, id)).toEqual(trailBefore);
  return res.body.msg as string;
}

async function fired(base: string, name: string, body: Record<string, unknown>) {
  const res = await call(base, name, body);
  expect(res.body, `${name} ${JSON.stringify(body)}`).toMatchObject({ code: 200, success: true });
}

/** An order with a vehicle and a driver of its own: a vehicle or driver out on another order cannot be deployed. */
async function newDispatch(): Promise<string> {
  const id = await samples.create(entities.dispatch, { vehicleId: await samples.create(entities.vehicle), driverId: await samples.create(entities.driver) });
  expect((await detail(DISPATCH, id)).dispatchStatus).toBe(1);
  return id;
}

describe('dispatch', () => {
  it('walks draft → submitted → revoked → submitted → deployed → closed and refuses every wrong step', async () => {
    const id = await newDispatch();
    const status = async () => (await detail(DISPATCH, id)).dispatchStatus;
    // draft
    expect(await refused(DISPATCH, 'toDeploy', { id })).toBe('派车单当前状态为「草稿」, 不能派车');
    await refused(DISPATCH, 'revoke', { id, reason: 'x' });
    await refused(DISPATCH, 'close', { id });
    await fired(DISPATCH, 'submit', { id, dispatchStatus: 2 });
    expect(await status()).toBe(2);
    // submitted: no longer editable, not closable, not submittable again
    await refused(DISPATCH, 'submit', { id, cargoName: 'coal' });
    await refused(DISPATCH, 'submit', { id, dispatchStatus: 2 });
    await refused(DISPATCH, 'close', { id });
    expect(await refused(DISPATCH, 'revoke', { id })).toMatch(/撤销原因/);
    expect(await refused(DISPATCH, 'revoke', { id, reason: '   ' })).toMatch(/撤销原因/);
    await fired(DISPATCH, 'revoke', { id, reason: '客户改期' });
    expect(await status()).toBe(4);
    // revoked: edited and submitted again
    await refused(DISPATCH, 'toDeploy', { id });
    expect((await call(DISPATCH, 'submit', { id, cargoName: 'coal' })).body.code).toBe(200);
    await fired(DISPATCH, 'submit', { id, dispatchStatus: 2 });
    await fired(DISPATCH, 'toDeploy', { id, remark: '08:00 出车' });
    expect(await status()).toBe(3);
    // deployed
    await refused(DISPATCH, 'toDeploy', { id });
    await refused(DISPATCH, 'submit', { id, dispatchStatus: 2 });
    await fired(DISPATCH, 'close', { id });
    expect(await status()).toBe(5);
    // closed: the end
    for (const name of ['submit', 'toDeploy', 'close']) await refused(DISPATCH, name, { id, dispatchStatus: 2 });
    await refused(DISPATCH, 'revoke', { id, reason: 'late' });

    const rows = await trail(DISPATCH, id);
    expect(rows.map((r) => [r.action, r.fromState, r.toState, r.remark, r.userName])).toEqual([
      ['submit', 1, 2, null, 'admin'],
      ['revoke', 2, 4, '客户改期', 'admin'],
      ['submit', 4, 2, null, 'admin'],
      ['deploy', 2, 3, '08:00 出车', 'admin'],
      ['close', 3, 5, null, 'admin'],
    ]);
    expect(String(rows[0]!.createTime)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('revokes a deployed order', async () => {
    const id = await newDispatch();
    await fired(DISPATCH, 'submit', { id, dispatchStatus: 2 });
    await fired(DISPATCH, 'toDeploy', { id });
    await fired(DISPATCH, 'revoke', { id, reason: '车辆故障' });
    expect((await detail(DISPATCH, id)).dispatchStatus).toBe(4);
  });

  it('lets only one of two concurrent transitions from the same state win', async () => {
    const id = await newDispatch();
    await fired(DISPATCH, 'submit', { id, dispatchStatus: 2 });
    const answers = await Promise.all([1, 2, 3].map(() => call(DISPATCH, 'toDeploy', { id })));
    expect(answers.map((a) => a.body.code).sort()).toEqual([200, 400, 400]);
    expect((await trail(DISPATCH, id)).length).toBe(2);
  });

  it('answers bad input with a 400 and an unknown order with a 404', async () => {
    const id = await newDispatch();
    expect((await call(DISPATCH, 'toDeploy', {})).body).toMatchObject({ code: 400 });
    expect((await call(DISPATCH, 'toDeploy', { id: 'abc' })).body).toMatchObject({ code: 400 });
    expect((await call(DISPATCH, 'revoke', { id, reason: 'x'.repeat(501) })).body).toMatchObject({ code: 400 });
    expect((await call(DISPATCH, 'submit', { id, dispatchStatus: 3 })).body).toMatchObject({ code: 400 });
    const raw = await gw.json(`${DISPATCH}/toDeploy`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{', token: admin });
    expect(raw.body).toMatchObject({ code: 400 });
    expect((await call(DISPATCH, 'toDeploy', { id: '123456789' })).body).toMatchObject({ code: 404 });
    expect((await gw.json(`${DISPATCH}/trail?id=x`, { token: admin })).body).toMatchObject({ code: 400 });
    expect((await detail(DISPATCH, id)).dispatchStatus).toBe(1);
  });
});

describe('bill', () => {
  const newBill = async () => samples.create(entities.bill, { quantity: 40, unitPrice: 7.85 });

  it('computes the amount from quantity and unit price, never from what is typed', async () => {
    const id = await newBill();
    const bill = await detail(BILL, id);
    expect(Number(bill.amount)).toBe(314);
    expect(bill.billStatus).toBe(1);
    expect((await call(BILL, 'submit', { id, quantity: 10 })).body.code).toBe(200);
    expect(Number((await detail(BILL, id)).amount)).toBe(78.5);
  });

  it('is approved once, with the auditor, time and opinion recorded', async () => {
    const id = await newBill();
    await refused(BILL, 'audit', { id });
    await refused(BILL, 'audit', { id, billStatus: 1 });
    await fired(BILL, 'audit', { id, billStatus: 2, auditOpinion: '票据齐全' });
    const bill = await detail(BILL, id);
    expect(bill).toMatchObject({ billStatus: 2, auditUserId: expect.any(String), auditOpinion: '票据齐全' });
    expect(bill.auditTime).toMatch(/^\d{4}-/);
    expect(await refused(BILL, 'audit', { id, billStatus: 3, auditOpinion: 'late' })).toBe('账单当前状态为「审核通过」, 不能驳回');
    await refused(BILL, 'submit', { id, billStatus: 1 });
    await refused(BILL, 'submit', { id, quantity: 1 });
  });

  it('is rejected only with an opinion, then corrected and sent back to audit', async () => {
    const id = await newBill();
    expect(await refused(BILL, 'audit', { id, billStatus: 3 })).toMatch(/审核意见/);
    await fired(BILL, 'audit', { id, billStatus: 3, auditOpinion: '缺少发票' });
    expect((await detail(BILL, id)).billStatus).toBe(3);
    expect((await call(BILL, 'submit', { id, unitPrice: 8 })).body.code).toBe(200);
    await fired(BILL, 'submit', { id, billStatus: 1 });
    await fired(BILL, 'audit', { id, billStatus: 2 });
    expect((await trail(BILL, id)).map((r) => [r.action, r.fromState, r.toState, r.remark])).toEqual([
      ['reject', 1, 3, '缺少发票'], ['resubmit', 3, 1, null], ['approve', 1, 2, null],
    ]);
  });
});

describe('button codes', () => {
  const md5 = (s: string) => createHash('md5').update(s).digest('hex');
  let roleId: string;
  let clerk: string;
  const menuId = async (code: string) => (await gw.json(`/api/wdiov-system/menu/page?code_equal=${code}`, { token: admin })).body.data.records[0].id as string;
  const grant = async (codes: string[]) => {
    const menuIds = await Promise.all(codes.map(menuId));
    expect((await gw.json('/api/wdiov-system/role/grant', postJson({ roleIds: [roleId], menuIds, dataScopeIds: [], apiScopeIds: [] }, admin))).body.code).toBe(200);
  };

  beforeAll(async () => {
    const sys = systemPrincipal('000000');
    roleId = await gw.repos.get('role').insert(sys, { parentId: '0', roleName: 'dispatcher', roleAlias: 'dispatcher', sort: 1 });
    const deptId = await gw.repos.get('dept').insert(sys, { parentId: '0', deptName: 'ops', fullName: 'ops', sort: 1, deptCategory: 1 });
    await gw.repos.get('user').insert(sys, { account: 'dispatcher', realName: 'dispatcher', password: md5('pw'), roleId, deptId });
    clerk = await gw.signIn('dispatcher', 'pw');
  });

  it('refuses a transition to a role without its button, with nothing changed, and allows it once granted', async () => {
    const id = await newDispatch();
    await fired(DISPATCH, 'submit', { id, dispatchStatus: 2 });
    await grant(['dispatch', 'dispatch_view', 'dispatch_revoke']);
    await refused(DISPATCH, 'toDeploy', { id }, 403, clerk);
    await refused(DISPATCH, 'close', { id }, 403, clerk);
    await refused(DISPATCH, 'submit', { id, dispatchStatus: 2 }, 403, clerk);
    expect((await gw.json(`${DISPATCH}/trail?id=${id}`, { token: clerk })).body.data).toHaveLength(1);
    await grant(['dispatch', 'dispatch_view', 'dispatch_deploy']);
    expect((await call(DISPATCH, 'toDeploy', { id }, clerk)).body.code).toBe(200);
    expect((await trail(DISPATCH, id)).at(-1)).toMatchObject({ action: 'deploy', userName: 'dispatcher' });
  });

  it('gates the app binding and the operate detail edits by their buttons', async () => {
    const teamVehicleId = await samples.create(entities.teamVehicle);
    const appBind = async () => (await gw.json(`/api/wdiov-vehteam/vehicle/appBind?ids=${teamVehicleId}`, { method: 'POST', token: clerk })).body;
    await grant(['team_vehicle', 'team_vehicle_view']);
    expect(await appBind()).toMatchObject({ code: 403, msg: '缺少操作权限' });
    await grant(['team_vehicle', 'team_vehicle_appbind']);
    expect((await appBind()).code).toBe(200);

    const stored = await samples.create(entities.storageRecord);
    const { vehicleId } = (await gw.json(`${entities.storageRecord.basePath}/detail?id=${stored}`, { token: admin })).body.data;
    const stock = (await gw.json(`${entities.vehiclePm.basePath}/page?vehicleId_equal=${vehicleId}`, { token: admin })).body.data.records[0];
    const edits: [string, string, Record<string, unknown>][] = [
      ['base', entities.vehiclePm.basePath, { id: stock.id, remark: '靠门一排' }],
      ['logistics', entities.logisticsRecord.basePath, { id: await samples.create(entities.logisticsRecord), carrierPlate: '沪A12345' }],
      ['movement', entities.movementRecord.basePath, { id: await samples.create(entities.movementRecord), handlerName: '张三' }],
    ];
    const update = (button: string, body: Record<string, unknown>) =>
      gw.json(`/api/wdiov-pm/operateRecord/operateDetail/update${button[0]!.toUpperCase()}${button.slice(1)}`, postJson(body, clerk));
    await grant(['operate_record', 'operate_record_view']);
    for (const [button, base, body] of edits) {
      const before = await detail(base, String(body.id));
      expect((await update(button, body)).body, button).toMatchObject({ code: 403, msg: '缺少操作权限' });
      expect(await detail(base, String(body.id))).toEqual(before);
    }
    await grant(['operate_record', ...edits.map(([button]) => `operate_record_${button}`)]);
    for (const [button, , body] of edits) expect((await update(button, body)).body.code, button).toBe(200);
  });

  it('gates the alarm handling switches by their buttons', async () => {
    const handle = async () => (await gw.json('/api/wdiov-base/alarmHandleConfig/handle?alarmType=gb:socLow&isHandle=1', { method: 'POST', token: clerk })).body;
    const unify = async () => (await gw.json('/api/wdiov-base/alarmHandleConfig/unifyHandle', postJson({ isHandle: 0, alarmTypes: ['gb:socLow'] }, clerk))).body;
    await grant(['alarm_handle_config', 'alarm_handle_config_view']);
    expect(await handle()).toMatchObject({ code: 403, msg: '缺少操作权限' });
    expect(await unify()).toMatchObject({ code: 403, msg: '缺少操作权限' });
    await grant(['alarm_handle_config', 'alarm_handle_config_handle', 'alarm_handle_config_unify']);
    expect((await handle()).code).toBe(200);
    expect((await unify()).code).toBe(200);
    const config = await gw.json('/api/wdiov-base/alarmHandleConfig/detail?alarmType=gb:socLow', { token: clerk });
    expect(config.body.data).toMatchObject({ alarmType: 'gb:socLow', isHandle: 0 });
  });

  it('gates bill audit by its button', async () => {
    const id = await samples.create(entities.bill, { quantity: 1, unitPrice: 1 });
    await grant(['bill', 'bill_view']);
    await refused(BILL, 'audit', { id, billStatus: 2 }, 403, clerk);
    await grant(['bill', 'bill_audit']);
    expect((await call(BILL, 'audit', { id, billStatus: 2 }, clerk)).body.code).toBe(200);
  });
});
