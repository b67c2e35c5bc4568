import { describe, expect, it } from 'vitest';
import { entities, formatDateTime, logisticsWorkflow, stockWorkflow } from '@wdiov/contracts';
import { postJson } from '../../test/test-gateway.ts';
import { signedInGateway } from '../../test/signed-in-gateway.ts';
import { snapshot } from '../../test/db-snapshot.ts';
import { clerkWith, menuIdOf } from '../../test/clerk.ts';

/**
 * A transfer walked through HTTP: departing puts its vehicle in transit, arriving puts it in the
 * target storage, each with its operate-stream row and trail, in one transaction with the
 * transfer's own move; every wrong step is refused with nothing written; a vehicle outside the
 * caller's data scope is not theirs to ship.
 */
const setup = signedInGateway();
const PM = '/api/wdiov-pm';
const T = entities.logisticsRecord.basePath;
const L = logisticsWorkflow.states;
const S = stockWorkflow.states;
const TABLES = ['wdiov_vehicle_pm', 'wdiov_logistics_record', 'wdiov_storage_record', 'wdiov_movement_record', 'wdiov_operate_record', 'wdiov_workflow_trail'];
const today = () => formatDateTime(Date.now()).slice(0, 10);

const get = async (path: string, token = setup.token) => (await setup.gw.json(path, { token })).body;
const post = async (path: string, body: unknown, token = setup.token) => (await setup.gw.json(path, postJson(body, token))).body;
const to = (id: string, state: keyof typeof L, extra: Record<string, unknown> = {}, token?: string) => post(`${T}/submit`, { id, transferStatus: L[state].value, ...extra }, token);

async function refused(move: () => Promise<{ code: number; msg: string }>, msg?: RegExp, code = 400) {
  const before = await snapshot(setup.gw.database.db, TABLES);
  const res = await move();
  expect(res, res.msg).toMatchObject({ code, success: false });
  if (msg) expect(res.msg).toMatch(msg);
  expect(await snapshot(setup.gw.database.db, TABLES)).toEqual(before);
}
const ok = async (res: Promise<{ code: number; msg: string }>) => {
  const r = await res;
  expect(r.code, r.msg).toBe(200);
};

const stockOf = async (vehicleId: string) => (await get(`${PM}/vehiclePm/page?vehicleId_equal=${vehicleId}`)).data.records[0] as Record<string, unknown> | undefined;
const transfer = async (id: string) => (await get(`${T}/detail?id=${id}`)).data as Record<string, unknown>;
const stream = async (vehicleId: string) =>
  (await get(`${PM}/operateRecord/operateStream/page?vehicleId=${vehicleId}&size=20`)).data.records.map((r: { operateType: number }) => r.operateType);

async function stockedVehicle(storageId: string) {
  const vehicleId = await setup.samples.create(entities.vehicle);
  await ok(post(`${PM}/storageRecord/submit`, { vehicleId, recordType: 1, storageId, recordTime: formatDateTime(Date.now()) }));
  return vehicleId;
}

const newTransfer = (vehicleId: string, fromStorageId: string | null, toStorageId: string | null) =>
  setup.samples.create(entities.logisticsRecord, { vehicleId, fromStorageId, toStorageId });

describe('transfers move stock', () => {
  it('walks pending → in transit → exception → arrived → signed, moving the stock, and refuses every wrong step', async () => {
    const [a, b] = [await setup.samples.create(entities.storage), await setup.samples.create(entities.storage)];
    const vehicleId = await stockedVehicle(a);
    const id = await newTransfer(vehicleId, a, b);
    expect(await transfer(id)).toMatchObject({ transferStatus: L.pending.value });

    // pending: the status is no field of a save, only departure moves it
    await refused(() => to(id, 'arrived'), /待发运.*不能到达/);
    await refused(() => to(id, 'signed'));
    await refused(() => to(id, 'exception', { reason: 'x' }));
    expect((await post(`${T}/submit`, { id, transferStatus: L.signed.value, remark: 'x' })).code).toBe(400);
    await ok(to(id, 'inTransit'));
    expect(await transfer(id)).toMatchObject({ transferStatus: L.inTransit.value, departTime: expect.stringMatching(/^\d{4}-/) });
    expect(await stockOf(vehicleId)).toMatchObject({ pmStatus: S.inTransit.value, storageId: null });

    // in transit: what the stock moved by can no longer change
    await refused(() => to(id, 'inTransit'), /运输中.*不能发运/);
    await refused(() => post(`${T}/submit`, { id, toStorageId: a }), /运输中.*不能修改/);
    await refused(() => post(`${T}/submit`, { id, carrierPlate: '沪A12345' }), /运输中.*不能修改/);
    await refused(() => post(`${PM}/operateRecord/operateDetail/updateLogistics`, { id, carrierPlate: '沪A12345' }), /运输中.*不能修改/);
    await refused(() => to(id, 'exception'), /异常原因/);
    await ok(to(id, 'exception', { reason: '途中故障' }));
    await refused(() => to(id, 'inTransit'), /异常.*不能发运/);
    expect(await stockOf(vehicleId)).toMatchObject({ pmStatus: S.inTransit.value });
    await ok(to(id, 'arrived'));
    expect(await stockOf(vehicleId)).toMatchObject({ pmStatus: S.inStorage.value, storageId: b, inboundDate: today() });
    await ok(to(id, 'signed'));
    for (const state of ['pending', 'inTransit', 'arrived', 'exception'] as const) await refused(() => to(id, state, { reason: 'x' }));

    expect(await stream(vehicleId)).toEqual([7, 4, 1]);
    const trail = (await get(`${T}/trail?id=${id}`)).data.map((e: { action: string; remark: string | null }) => [e.action, e.remark]);
    expect(trail).toEqual([['depart', null], ['fail', '途中故障'], ['arrive', null], ['sign', null]]);
    const stockId = String((await stockOf(vehicleId))!.id);
    expect((await get(`${PM}/vehiclePm/trail?id=${stockId}`)).data.map((e: { action: string }) => e.action)).toEqual(['stockIn', 'ship', 'arrive']);
    const detail = (await get(`${PM}/operateRecord/operateDetail/list?vehicleId=${vehicleId}`)).data;
    expect(detail.logistics.map((r: { id: string }) => r.id)).toEqual([id]);
  });

  it('refuses a departure the stock refuses, leaving the transfer pending', async () => {
    const [a, b] = [await setup.samples.create(entities.storage), await setup.samples.create(entities.storage)];
    const vehicleId = await stockedVehicle(a);
    const elsewhere = await newTransfer(vehicleId, b, a);
    await refused(() => to(elsewhere, 'inTransit'), /起运仓库/);
    const nowhere = await newTransfer(vehicleId, a, null);
    await refused(() => to(nowhere, 'inTransit'), /目的仓库/);
    // Sold vehicles are not shipped.
    const stockId = String((await stockOf(vehicleId))!.id);
    await ok(post(`${PM}/vehiclePm/updateAakSales`, { id: stockId, pmStatus: S.sold.value }));
    const late = await newTransfer(vehicleId, null, b);
    await refused(() => to(late, 'inTransit'), /已销售.*不能发运/);
    expect((await transfer(late)).transferStatus).toBe(L.pending.value);
    // A pending transfer may still be pointed elsewhere.
    await ok(post(`${T}/submit`, { id: nowhere, toStorageId: b }));
  });

  it('holds its vehicle from departure to arrival: no other stock move touches it, and it still arrives', async () => {
    const [a, b] = [await setup.samples.create(entities.storage), await setup.samples.create(entities.storage)];
    const vehicleId = await stockedVehicle(a);
    const id = await newTransfer(vehicleId, a, b);
    const transferNo = String((await transfer(id)).transferNo);
    await ok(to(id, 'inTransit'));
    const stockId = String((await stockOf(vehicleId))!.id);
    const held = new RegExp(`转运单 ${transferNo} 承运中\\(运输中\\), 到达前不能`);
    const at = formatDateTime(Date.now());
    await refused(() => post(`${PM}/storageRecord/submit`, { vehicleId, recordType: 1, storageId: a, recordTime: at }), held);
    await refused(() => post(`${PM}/storageRecord/submit`, { vehicleId, recordType: 2, storageId: a, recordTime: at }), held);
    await refused(() => post(`${PM}/movementRecord/submit`, { vehicleId, toStorageId: b, moveTime: at }), held);
    await refused(() => post(`${PM}/vehiclePm/updateAakSales`, { id: stockId, pmStatus: S.sold.value }), held);
    await ok(to(id, 'exception', { reason: '改道' }));
    await refused(() => post(`${PM}/storageRecord/submit`, { vehicleId, recordType: 1, storageId: b, recordTime: at }), /承运中\(异常\)/);
    await ok(to(id, 'arrived'));
    expect(await stockOf(vehicleId)).toMatchObject({ pmStatus: S.inStorage.value, storageId: b });
    // Arrived, it is released: stock moves take it again.
    await ok(post(`${PM}/storageRecord/submit`, { vehicleId, recordType: 2, storageId: b, recordTime: at }));
    // Stocked out, it is on the road without a transfer: none departs with it, a storage-in takes it back.
    const later = await newTransfer(vehicleId, null, a);
    await refused(() => to(later, 'inTransit'), /在途.*不能发运/);
    await ok(post(`${PM}/storageRecord/submit`, { vehicleId, recordType: 1, storageId: a, recordTime: at }));
  });

  it('moves through the operate detail logistics update as through submit', async () => {
    const [a, b] = [await setup.samples.create(entities.storage), await setup.samples.create(entities.storage)];
    const vehicleId = await setup.samples.create(entities.vehicle);
    // A vehicle never stocked ships from the plant and arrives into stock.
    const id = await newTransfer(vehicleId, null, b);
    const update = (body: Record<string, unknown>) => post(`${PM}/operateRecord/operateDetail/updateLogistics`, body);
    await refused(() => update({ id, transferStatus: L.arrived.value }), /不能到达/);
    await ok(update({ id, carrierPlate: '沪B54321' }));
    await ok(update({ id, transferStatus: L.inTransit.value }));
    await ok(update({ id, transferStatus: L.arrived.value }));
    expect(await stockOf(vehicleId)).toMatchObject({ pmStatus: S.inStorage.value, storageId: b });
    expect(await transfer(id)).toMatchObject({ transferStatus: L.arrived.value, carrierPlate: '沪B54321' });
    await refused(() => update({ id, carrierPlate: '沪C00000' }), /已到达.*不能修改/);
    expect(await stream(vehicleId)).toEqual([7, 4]);
    void a;
  });

  it('lets an edit racing a departure land before it or be refused, never after it', async () => {
    const [a, b, c] = [await setup.samples.create(entities.storage), await setup.samples.create(entities.storage), await setup.samples.create(entities.storage)];
    const vehicleId = await stockedVehicle(a);
    let [here, there] = [a, b];
    const outcomes = new Set<string>();
    for (let round = 0; round < 20; round++) {
      const id = await newTransfer(vehicleId, here, there);
      // The edit names another origin: landed first, it makes the departure fail (the vehicle is not there).
      const [edit, depart] = await Promise.all([post(`${T}/submit`, { id, fromStorageId: c, remark: `r${round}` }), to(id, 'inTransit')]);
      const row = await transfer(id);
      if (depart.code === 200) {
        // Refused by whichever check saw the departure first: the transfer in transit, or its stock move recorded.
        expect(edit, `round ${round}`).toMatchObject({ code: 400, msg: expect.stringMatching(/运输中.*不能修改|已记入库存.*不能修改/) });
        expect(row).toMatchObject({ transferStatus: L.inTransit.value, fromStorageId: here });
        expect(row.remark).not.toBe(`r${round}`);
        await ok(to(id, 'arrived'));
        [here, there] = [there, here];
        outcomes.add('departed');
      } else {
        expect(edit.code, `round ${round}: ${edit.msg}`).toBe(200);
        expect(depart.msg).toMatch(/起运仓库/);
        expect(row).toMatchObject({ transferStatus: L.pending.value, fromStorageId: c, remark: `r${round}` });
        outcomes.add('edited');
      }
      expect(await stockOf(vehicleId)).toMatchObject({ pmStatus: S.inStorage.value, storageId: here });
    }
    console.info(`edit vs departure outcomes: ${[...outcomes].join(', ')}`);
  });

  const menu = (code: string) => menuIdOf(setup, code);

  it('ships only vehicles in the caller data scope', async () => {
    const { token } = setup;
    await ok(post('/api/wdiov-system/data-scope/submit', {
      menuId: await menu('logistics_record'), resourceCode: 'vehicle', scopeName: '本人车辆', scopeColumn: 'create_user', scopeType: 2,
    }));
    const scopeId = (await get('/api/wdiov-system/data-scope/page?resourceCode_equal=vehicle&scopeName_equal=本人车辆')).data.records[0].id;
    const { token: clerk } = await clerkWith(setup, 'carrier', ['logistics_record', 'logistics_record_view', 'logistics_record_edit'], [scopeId]);
    const b = await setup.samples.create(entities.storage);
    const vehicleId = await setup.samples.create(entities.vehicle);
    const id = await newTransfer(vehicleId, null, b);
    await refused(() => to(id, 'inTransit', {}, clerk), /车辆不存在/, 404);
    expect(await stockOf(vehicleId)).toBeUndefined();
    await ok(to(id, 'inTransit', {}, token));
  });

  it('departs and arrives only for a role holding the transfer edit button, through submit and the operate detail alike', async () => {
    // Add and edit both call submit: holding add lets a save through, never a move of stock.
    const { token: clerk, grant } = await clerkWith(setup, 'adder', ['logistics_record', 'logistics_record_view', 'logistics_record_add', 'operate_record', 'operate_record_logistics']);
    const b = await setup.samples.create(entities.storage);
    const vehicleId = await setup.samples.create(entities.vehicle);
    const id = await newTransfer(vehicleId, null, b);
    await refused(() => to(id, 'inTransit', {}, clerk), /缺少操作权限/, 403);
    await refused(() => post(`${PM}/operateRecord/operateDetail/updateLogistics`, { id, transferStatus: L.inTransit.value }, clerk), /缺少操作权限/, 403);
    await grant(['logistics_record_edit']);
    await ok(to(id, 'inTransit', {}, clerk));
    expect(await stockOf(vehicleId)).toMatchObject({ pmStatus: S.inTransit.value });
  });
});
