import { describe, expect, it } from 'vitest';
import { entities } from '@wdiov/contracts';
import { postJson } from '../../test/test-gateway.ts';
import { signedInGateway } from '../../test/signed-in-gateway.ts';

const DISPATCH = entities.dispatch.basePath;
const setup = signedInGateway();
const call = (name: string, body: unknown, lang = 'zh') => setup.gw.json(`${DISPATCH}/${name}`, { ...postJson(body, setup.token), headers: { 'Content-Type': 'application/json', 'Accept-Language': lang } });
const detail = async (id: string) => (await setup.gw.json(`${DISPATCH}/detail?id=${id}`, { token: setup.token })).body.data;

/** A submitted order for a vehicle and driver of its own, unless given. */
async function submitted(overrides: Record<string, unknown> = {}) {
  const { samples } = setup;
  const id = await samples.create(entities.dispatch, {
    vehicleId: overrides.vehicleId ?? await samples.create(entities.vehicle),
    driverId: overrides.driverId ?? await samples.create(entities.driver),
  });
  expect((await call('submit', { id, dispatchStatus: 2 })).body.code).toBe(200);
  return id;
}

describe('a dispatch puts its vehicle and driver on one road at a time', () => {
  it('refuses to deploy a vehicle or a driver already out on another order, naming it, until that order closes', async () => {
    const first = await submitted();
    const { vehicleId, driverId, dispatchNo } = await detail(first);
    expect((await call('toDeploy', { id: first, departOdometer: 1200.5 })).body.code).toBe(200);
    const out = await detail(first);
    expect(out.departTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(Number(out.departOdometer)).toBe(1200.5);

    const sameVehicle = await submitted({ vehicleId });
    const refused = await call('toDeploy', { id: sameVehicle });
    expect(refused.body).toMatchObject({ code: 400, msg: `该车辆已在派车单 ${dispatchNo} 中出车, 返回前不能再次派车` });
    expect((await detail(sameVehicle)).dispatchStatus).toBe(2);
    const sameDriver = await submitted({ driverId });
    expect((await call('toDeploy', { id: sameDriver }, 'en')).body.msg).toBe(`The driver is out on dispatch ${dispatchNo}; they cannot be deployed again before they return`);

    // Back: the odometer cannot run backwards; closing frees the vehicle and the driver.
    expect((await call('close', { id: first, returnOdometer: 1100 })).body.msg).toMatch(/返回里程不能小于出车里程 1200.5 km/);
    expect((await call('close', { id: first, returnOdometer: 1388.2 })).body.code).toBe(200);
    const back = await detail(first);
    expect(back.returnTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(Number(back.returnOdometer)).toBe(1388.2);
    expect((await call('toDeploy', { id: sameVehicle })).body.code).toBe(200);
  });

  it('lets orders of other vehicles and drivers leave side by side', async () => {
    const [a, b] = [await submitted(), await submitted()];
    expect((await call('toDeploy', { id: a })).body.code).toBe(200);
    expect((await call('toDeploy', { id: b })).body.code).toBe(200);
  });
});
