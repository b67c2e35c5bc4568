import { describe, expect, it } from 'vitest';
import { entities } from '@wdiov/contracts';
import { postJson } from '../../../test/test-gateway.ts';
import { signedInGateway } from '../../../test/signed-in-gateway.ts';
import { clerkWith } from '../../../test/clerk.ts';

const setup = signedInGateway();

const get = async (path: string) => (await setup.gw.json(path, { token: setup.token })).body;

describe('vehicle model ECUs', () => {
  it('saves a model’s ECUs in order, replaces them, and lists and pages them', async () => {
    const model = await setup.samples.create(entities.vehicleModel);
    const [a, b] = [await setup.samples.create(entities.ecuManage), await setup.samples.create(entities.ecuManage)];
    const save = (ecuIds: unknown) => setup.gw.json('/api/wdiov-base/vehicleModel/saveEcu', postJson({ vehicleModelId: model, ecuIds }, setup.token));
    expect((await save([b, a])).body.code).toBe(200);
    expect((await get(`/api/wdiov-base/vehicleModel/modelEcuList?vehicleModelId=${model}`)).data.map((e: { id: string }) => e.id)).toEqual([b, a]);
    expect((await save(`${a}`)).body.code).toBe(200);
    const page = (await get(`/api/wdiov-base/vehicleModel/modelEcuPage?vehicleModelId=${model}&current=1&size=10`)).data;
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({ ecuId: a, vehicleModelId: model });
    expect((await save([])).body.code).toBe(200);
    expect((await get(`/api/wdiov-base/vehicleModel/modelEcuList?vehicleModelId=${model}`)).data).toEqual([]);
  });

  it('refuses unknown models and ECUs and bad ids, changing nothing', async () => {
    const model = await setup.samples.create(entities.vehicleModel);
    const save = (body: unknown) => setup.gw.json('/api/wdiov-base/vehicleModel/saveEcu', postJson(body, setup.token));
    expect((await save({ vehicleModelId: model, ecuIds: ['987654321'] })).body).toMatchObject({ code: 400, msg: expect.stringMatching(/ecuIds/) });
    expect((await save({ vehicleModelId: model, ecuIds: '1,x' })).body.code).toBe(400);
    expect((await save({ vehicleModelId: '987654321', ecuIds: [] })).body.code).toBe(404);
    expect((await get('/api/wdiov-base/vehicleModel/modelEcuList')).code).toBe(400);
    expect((await get('/api/wdiov-base/vehicleModel/modelEcuPage?vehicleModelId=abc')).code).toBe(400);
    expect((await get(`/api/wdiov-base/vehicleModel/modelEcuList?vehicleModelId=${model}`)).data).toEqual([]);
  });
});

describe('the ECU assignment screen', () => {
  it('lets a role holding the vehicle model screen read the ECUs it picks from, and save them only with its button', async () => {
    const model = await setup.samples.create(entities.vehicleModel);
    const ecu = await setup.samples.create(entities.ecuManage);
    const clerk = await clerkWith(setup, 'ecu-clerk', ['vehicle_model']);
    const other = await clerkWith(setup, 'ecu-other', ['customer']);
    const ecus = (token: string) => setup.gw.json('/api/wdiov-base/ecuManage/page?size=500', { token });
    const save = (token: string) => setup.gw.json('/api/wdiov-base/vehicleModel/saveEcu', postJson({ vehicleModelId: model, ecuIds: [ecu] }, token));

    expect((await ecus(clerk.token)).body.data.records.map((e: { id: string }) => e.id)).toContain(ecu);
    expect((await ecus(other.token)).body).toMatchObject({ code: 403 });
    expect((await save(clerk.token)).body).toMatchObject({ code: 403 });
    await clerk.grant(['vehicle_model_ecus']);
    expect((await save(clerk.token)).body).toMatchObject({ code: 200 });
    expect((await get(`/api/wdiov-base/vehicleModel/modelEcuList?vehicleModelId=${model}`)).data.map((e: { id: string }) => e.id)).toEqual([ecu]);
  });
});

describe('customer vehicles', () => {
  it('pages the vehicles of one customer', async () => {
    const customer = await setup.samples.create(entities.customer);
    const vehicle = await setup.samples.create(entities.vehicle, { customerId: customer });
    await setup.samples.create(entities.vehicle);
    const page = (await get(`/api/wdiov-base/customer/customerVehiclePage?customerId=${customer}&current=1&size=10`)).data;
    expect(page.records.map((v: { id: string }) => v.id)).toEqual([vehicle]);
    expect((await get('/api/wdiov-base/customer/customerVehiclePage?customerId=x')).code).toBe(400);
    expect((await get('/api/wdiov-base/customer/customerVehiclePage?customerId=987654321')).code).toBe(404);
  });
});
