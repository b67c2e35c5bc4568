import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityByName } from '@wdiov/contracts';
import { createTestGateway, type TestGateway } from '../../test/test-gateway.ts';
import { systemPrincipal } from './principal.ts';

let gw: TestGateway;
const sys = systemPrincipal('000000');

beforeAll(async () => {
  gw = await createTestGateway();
});
afterAll(() => gw.dispose());

describe('references to vehicles', () => {
  it('answer the plate beside the VIN, so that lists show both', async () => {
    const orgId = await gw.repos.get('org').insert(sys, { parentId: '0', orgName: '车牌测试车队' });
    const modelId = await gw.repos.get('vehicleModel').insert(sys, { modelName: '车牌测试车型' });
    const vehicleId = await gw.repos.get('vehicle').insert(sys, { vin: 'LPLATE00000000001', plateNumber: '粤B·D12345', orgId, vehicleModelId: modelId });
    await gw.repos.get('vehicleRemark').insert(sys, { vehicleId, remarkType: 1, content: '一条备注' });
    const token = await gw.signIn();
    const { body } = await gw.json(`${entityByName('vehicleRemark')!.basePath}/page?vehicleId=${vehicleId}`, { token });
    expect(body.data?.records?.[0], JSON.stringify(body).slice(0, 300)).toMatchObject({ vehicleId, vehicleName: 'LPLATE00000000001', vehiclePlate: '粤B·D12345' });
  });
});
