import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoVehicle } from '@wdiov/contracts/simulation/index';
import { loginFrame } from '../../../simulators/src/frames.ts';
import { createTestGateway, type TestGateway } from '../../test/test-gateway.ts';
import { terminal, until } from '../../test/terminal-client.ts';
import { addVehicle } from '../routes/base/test-support.ts';
import { SEED, framesOf, simulated } from '../../test/safety-fixture.ts';

// The whole live path: a simulated vehicle with a failing insulation and a broken sense wire reports over TCP; the console lists both.
const INDEX = 900;
let gw: TestGateway;
let token: string;

beforeAll(async () => {
  gw = await createTestGateway({}, { streaming: true });
  token = await gw.signIn();
});
afterAll(() => gw.dispose());

describe('safety warnings from the TCP ingest', () => {
  it('a vehicle reporting an insulation drop and a broken sense wire gets C9 and C10 warnings, to be handled within a day', async () => {
    const { vin, plate } = demoVehicle(SEED, INDEX);
    await addVehicle(gw, token, vin, plate);
    const start = Date.now() - 10 * 60_000;
    const model = simulated(INDEX, start, { inject: ['insulation', 'sense-wire'], clockOffsetDays: 0 });
    const t = terminal(gw.streaming!.ingest!.port);
    await t.ready;
    t.send(loginFrame(model.terminal, start, 1));
    await until(() => t.answers.find((a) => a.ok));
    for (const frame of framesOf(model, 6)) t.send(frame);
    const rows = await until(async () => {
      const res = await gw.json(`/api/wdiov-base/safetyWarning/page?vin=${vin}`, { token });
      const records = res.body.data.records as { item: string; level: number; plateNumber: string }[];
      return records.length === 2 ? records : undefined;
    });
    expect(rows.map((r) => r.item).sort()).toEqual(['C10', 'C9']);
    expect(rows.every((r) => r.level === 2 && r.plateNumber === plate)).toBe(true);
    t.socket.destroy();
  });
});
