import { describe, expect, it } from 'vitest';
import { entities, formatDateTime, stockWorkflow } from '@wdiov/contracts';
import { postJson } from '../../test/test-gateway.ts';
import { signedInGateway } from '../../test/signed-in-gateway.ts';
import { snapshot } from '../../test/db-snapshot.ts';

/**
 * A vehicle's stock walked through HTTP: storage and movement records and the sales call move
 * it through every transition; every wrong move is refused with a 400 and nothing written
 * (stock row, records, operate stream, trail); the operate stream is its history.
 */
const setup = signedInGateway();
const PM = '/api/wdiov-pm';
const S = stockWorkflow.states;
const TABLES = ['wdiov_vehicle_pm', 'wdiov_storage_record', 'wdiov_movement_record', 'wdiov_operate_record', 'wdiov_workflow_trail'];
const now = () => formatDateTime(Date.now());
const today = () => now().slice(0, 10);

const get = async (path: string) => (await setup.gw.json(path, { token: setup.token })).body;
const post = async (path: string, body: unknown) => (await setup.gw.json(path, postJson(body, setup.token))).body;

const storageIn = (vehicleId: string, storageId: string) => post(`${PM}/storageRecord/submit`, { vehicleId, recordType: 1, storageId, recordTime: now() });
const storageOut = (vehicleId: string, storageId: string) => post(`${PM}/storageRecord/submit`, { vehicleId, recordType: 2, storageId, recordTime: now() });
const moveTo = (vehicleId: string, toStorageId: string, extra: Record<string, unknown> = {}) =>
  post(`${PM}/movementRecord/submit`, { vehicleId, toStorageId, moveTime: now(), ...extra });
const sales = (id: string, pmStatus: number, extra: Record<string, unknown> = {}) => post(`${PM}/vehiclePm/updateAakSales`, { id, pmStatus, ...extra });

async function stockOf(vehicleId: string) {
  return (await get(`${PM}/vehiclePm/page?vehicleId_equal=${vehicleId}`)).data.records[0] as Record<string, unknown> | undefined;
}

/** A move that must be refused with a 400 and write nothing anywhere. */
async function refused(move: () => Promise<{ code: number; msg: string }>, msg?: RegExp) {
  const before = await snapshot(setup.gw.database.db, TABLES);
  const res = await move();
  expect(res).toMatchObject({ code: 400, success: false });
  if (msg) expect(res.msg).toMatch(msg);
  expect(await snapshot(setup.gw.database.db, TABLES)).toEqual(before);
}

const ok = async (res: Promise<{ code: number; msg: string }>) => expect((await res).code, (await res).msg).toBe(200);

describe('stock states', () => {
  it('walks every transition and refuses every wrong move, keeping the history', async () => {
    const { samples } = setup;
    const vehicleId = await samples.create(entities.vehicle);
    const [a, b] = [await samples.create(entities.storage), await samples.create(entities.storage)];
    const customerId = await samples.create(entities.customer);

    // unstocked: only a storage-in
    await refused(() => storageOut(vehicleId, a), /未入库.*不能出库/);
    await refused(() => moveTo(vehicleId, b), /不能移库/);
    await ok(storageIn(vehicleId, a));
    const stock = await stockOf(vehicleId);
    expect(stock).toMatchObject({ pmStatus: S.inStorage.value, storageId: a, inboundDate: today() });
    const id = String(stock!.id);

    // in storage
    await refused(() => storageIn(vehicleId, b), /在库.*不能入库/);
    await refused(() => moveTo(vehicleId, a), /相同/);
    await refused(() => moveTo(vehicleId, a, { fromStorageId: b }), /原仓库/);
    await refused(() => storageOut(vehicleId, b), /不在该仓库/);
    await refused(() => sales(id, S.delivered.value), /不能交付/);
    await ok(moveTo(vehicleId, b));
    expect(await stockOf(vehicleId)).toMatchObject({ pmStatus: S.inStorage.value, storageId: b });
    const moved = (await get(`${PM}/movementRecord/page?vehicleId_equal=${vehicleId}`)).data.records[0];
    expect(moved).toMatchObject({ fromStorageId: a, toStorageId: b });
    await refused(() => sales(id, S.sold.value, { customerId: '987654321' }));
    await ok(sales(id, S.sold.value, { customerId, salesPrice: 120000 }));
    expect(await stockOf(vehicleId)).toMatchObject({ pmStatus: S.sold.value, customerId, salesDate: today() });

    // sold
    await refused(() => storageOut(vehicleId, b), /已销售.*不能出库/);
    await refused(() => moveTo(vehicleId, a), /不能移库/);
    await refused(() => sales(id, S.sold.value), /不能销售/);
    await ok(sales(id, S.delivered.value));
    expect(await stockOf(vehicleId)).toMatchObject({ pmStatus: S.delivered.value, deliveryDate: today() });

    // delivered → returned (with a reason) → in storage → in transit → in storage
    await refused(() => sales(id, S.returned.value), /退回原因/);
    await refused(() => storageIn(vehicleId, a), /不能入库/);
    await ok(sales(id, S.returned.value, { remark: '客户退车' }));
    await refused(() => storageOut(vehicleId, a), /不能出库/);
    await ok(storageIn(vehicleId, a));
    await ok(storageOut(vehicleId, a));
    expect(await stockOf(vehicleId)).toMatchObject({ pmStatus: S.inTransit.value, storageId: null });
    await refused(() => sales(id, S.sold.value), /在途.*不能销售/);
    await refused(() => moveTo(vehicleId, b), /不能移库/);
    await ok(storageIn(vehicleId, b));

    const stream = (await get(`${PM}/operateRecord/operateStream/page?vehicleId=${vehicleId}&size=20`)).data;
    expect(stream.records.map((r: { operateType: number }) => r.operateType)).toEqual([1, 2, 1, 6, 8, 5, 3, 1]);
    expect(stream.records[3]).toMatchObject({ remark: '客户退车', handlerName: 'admin' });
    const trail = (await get(`${PM}/vehiclePm/trail?id=${id}`)).data.map((e: { action: string }) => e.action);
    expect(trail).toEqual(['stockIn', 'move', 'sell', 'deliver', 'return', 'stockIn', 'stockOut', 'stockIn']);
    const detail = (await get(`${PM}/operateRecord/operateDetail/list?vehicleId=${vehicleId}`)).data;
    expect(detail.base).toMatchObject({ id, pmStatus: S.inStorage.value, storageId: b });
    expect([detail.storage.length, detail.movement.length]).toEqual([4, 1]);
  });

  it('keeps the state and the fields a move depends on out of the generic save', async () => {
    const vehicleId = await setup.samples.create(entities.vehicle);
    const storageId = await setup.samples.create(entities.storage);
    await ok(storageIn(vehicleId, storageId));
    const stock = (await stockOf(vehicleId))!;
    await refused(() => post(`${PM}/vehiclePm/submit`, { id: stock.id, pmStatus: S.sold.value }), /只能经由流转变更/);
    await ok(post(`${PM}/operateRecord/operateDetail/updateBase`, { id: stock.id, remark: '靠门一排' }));
    // Where the vehicle is changes by moves only: not by the operate detail's edit, nor the generic save.
    const elsewhere = await setup.samples.create(entities.storage);
    await refused(() => post(`${PM}/operateRecord/operateDetail/updateBase`, { id: stock.id, storageId: elsewhere }), /库存位置/);
    await refused(() => post(`${PM}/vehiclePm/submit`, { id: stock.id, inboundDate: '2020-01-01' }), /库存位置/);
    const record = (await get(`${PM}/storageRecord/page?vehicleId_equal=${vehicleId}`)).data.records[0];
    const other = await setup.samples.create(entities.storage);
    await refused(() => post(`${PM}/storageRecord/submit`, { id: record.id, storageId: other }), /不能修改/);
    await ok(post(`${PM}/storageRecord/submit`, { id: record.id, handlerName: '张三' }));
  });

  it('lets only one of concurrent moves of one vehicle win', async () => {
    const vehicleId = await setup.samples.create(entities.vehicle);
    const storageId = await setup.samples.create(entities.storage);
    const answers = await Promise.all([1, 2, 3].map(() => storageIn(vehicleId, storageId)));
    expect(answers.map((r) => r.code).sort()).toEqual([200, 400, 400]);
    const outs = await Promise.all([1, 2].map(() => storageOut(vehicleId, storageId)));
    expect(outs.map((r) => r.code).sort()).toEqual([200, 400]);
    expect((await get(`${PM}/operateRecord/operateStream/page?vehicleId=${vehicleId}`)).data.total).toBe(2);
  });

  it('lists sales, idle vehicles and the turnover per storage', async () => {
    const [sold, idle] = [await setup.samples.create(entities.vehicle), await setup.samples.create(entities.vehicle)];
    const storageId = await setup.samples.create(entities.storage);
    await ok(storageIn(sold, storageId));
    await ok(storageIn(idle, storageId));
    await ok(sales(String((await stockOf(sold))!.id), S.sold.value));
    const sale = (await get(`${PM}/operateRecord/inventorySale/page?size=100`)).data.records.map((r: { vehicleId: string }) => r.vehicleId);
    expect(sale).toContain(sold);
    expect(sale).not.toContain(idle);
    const idleNow = (await get(`${PM}/storage/idleList?days=0&storageId_equal=${storageId}`)).data;
    expect(idleNow.records.map((r: { vehicleId: string }) => r.vehicleId)).toEqual([idle]);
    expect(idleNow.records[0].idleDays).toBe(0);
    expect((await get(`${PM}/storage/idleList?days=1&storageId_equal=${storageId}`)).data.total).toBe(0);
    const turning = (await get(`${PM}/vehiclePm/turning?id_equal=${storageId}`)).data.records[0];
    expect(turning).toMatchObject({ storageId, stockCount: 1, inCount: 2, outCount: 0, turnoverRate: 0 });
    for (const bad of ['storage/idleList?days=x', 'vehiclePm/turning?startDate=2024-13', 'operateRecord/operateStream/page', 'operateRecord/operateDetail/list?vehicleId=x']) {
      expect((await get(`${PM}/${bad}`)).code, bad).toBe(400);
    }
  });
});
