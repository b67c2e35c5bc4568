import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestGateway, postJson, type TestGateway } from '../../test/test-gateway.ts';
import { clerkWith } from '../../test/clerk.ts';
import { entitySamples } from '../../test/entity-samples.ts';
import { addVehicleRow } from '../stats/stats-fixture.ts';
import { WarningWriter } from './warning-writer.ts';

const VIN = 'LSGAU2180N2300001';
let gw: TestGateway;
let token: string;

beforeAll(async () => {
  gw = await createTestGateway();
  token = await gw.signIn();
  await addVehicleRow(gw.database.db, '000000', VIN, '粤B·SG001');
  await new WarningWriter(gw.database.db, 480).raise({ tenantId: '000000', vin: VIN, plate: '粤B·SG001', item: 'F11', itemName: '绝缘电阻', level: 3, raisedAt: Date.now() - 3_600_000, detail: '' });
});
afterAll(() => gw.dispose());

describe('the safety screens’ grants', () => {
  it('the workbench reads warnings, profiles, data quality and model-level figures; handling needs its handle button', async () => {
    const setup = { gw, token, samples: entitySamples(gw, token) };
    const clerk = await clerkWith(setup, 'safetyclerk', ['safety_warning']);
    const page = await gw.json('/api/wdiov-base/safetyWarning/page', { token: clerk.token });
    expect(page.body).toMatchObject({ code: 200 });
    const [warning] = page.body.data.records as { id: string }[];
    expect((await gw.json(`/api/wdiov-base/safetyProfile/vehicle?vin=${VIN}`, { token: clerk.token })).body).toMatchObject({ code: 200 });
    expect((await gw.json('/api/wdiov-base/dataQuality/page', { token: clerk.token })).body).toMatchObject({ code: 200 });
    expect((await gw.json('/api/wdiov-base/safetyModelLevel/list', { token: clerk.token })).body).toMatchObject({ code: 200 });
    const handle = () => gw.json('/api/wdiov-base/safetyWarning/handle', postJson({ id: warning!.id, handleAction: '更换线束', handleResult: '正常' }, clerk.token));
    expect((await handle()).body).toMatchObject({ code: 403 });
    await clerk.grant(['safety_warning_handle']);
    expect((await handle()).body).toMatchObject({ code: 200, data: { status: 1, handleUser: 'safetyclerk' } });
  });

  it('a user without the safety screens reads none of them', async () => {
    const setup = { gw, token, samples: entitySamples(gw, token) };
    const clerk = await clerkWith(setup, 'otherclerk', ['post']);
    for (const path of ['/api/wdiov-base/safetyWarning/page', `/api/wdiov-base/safetyProfile/vehicle?vin=${VIN}`, '/api/wdiov-base/dataQuality/page', '/api/wdiov-base/safetyModelLevel/list']) {
      expect((await gw.json(path, { token: clerk.token })).body, path).toMatchObject({ code: 403 });
    }
  });
});
