import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FLEET, demoFleet } from '@wdiov/contracts/simulation/index';
import { createTestGateway, type TestGateway } from '../../test/test-gateway.ts';
import { seedDemoFleet } from './demo-fleet.ts';
import { prepareData } from './seed.ts';
import { openDatabase } from '../db/client.ts';
import { buildGateway } from '../build-app.ts';
import { testEnv } from '../env.ts';
import { createLogger } from '../lib/logger.ts';

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

describe('first start with the demo fleet', () => {
  it('prepares a new database with the demo fleet in one go (its places are regions imported first)', async () => {
    const database = await openDatabase({});
    try {
      const gateway = buildGateway({ env: testEnv(), database, logger: createLogger('silent'), jwtSecret: 'x'.repeat(32), dataDir: '/tmp' });
      const prepared = await prepareData(database.db, gateway.repos, { dictionaries: gateway.dictionaries });
      expect(prepared).toMatchObject({ seeded: true, demoVehicles: DEMO_FLEET.count });
      expect(prepared.regionsAdded).toBeGreaterThan(3000);
    } finally {
      await database.close();
    }
    // A whole first start (migrations, 3,900 regions, menus, dictionaries, 200 vehicles) in one test.
  }, 120_000);
});
