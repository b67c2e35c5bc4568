import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FLEET, demoFleet } from '@wdiov/contracts/simulation/index';
import { createTestGateway, type TestGateway } from '../../test/test-gateway.ts';
import { seedDemoFleet } from './demo-fleet.ts';

let gw: TestGateway;
beforeAll(async () => {
  gw = await createTestGateway();
});
afterAll(() => gw.dispose());

describe('demo fleet', () => {
  it('seeds the simulator’s default vehicles, fences bound to them, and alarm thresholds', async () => {
    expect(await seedDemoFleet(gw.repos, gw.dictionaries)).toBe(DEMO_FLEET.count);
    const token = await gw.signIn();
    const first = demoFleet(DEMO_FLEET.seed, 1)[0]!;
    const page = (await gw.json(`/api/wdiov-base/vehicle/page?vin_equal=${first.vin}`, { token })).body.data;
    expect(page.total).toBe(1);
    expect(page.records[0].orgName).toBe('演示车队');
    expect((await gw.json('/api/wdiov-base/vehicle/page?size=1', { token })).body.data.total).toBe(DEMO_FLEET.count);
    expect((await gw.json('/api/wdiov-base/electronicFence/page', { token })).body.data.total).toBeGreaterThan(0);
    expect((await gw.json('/api/wdiov-vehteam/alarmConfig/page', { token })).body.data.records[0].overspeedKmh).toBe(100);
  });
});
