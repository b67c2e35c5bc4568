import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities, fenceGeometryProblem, fenceGeometryText } from '@wdiov/contracts';
import { systemPrincipal } from '../../crud/principal.ts';
import { createTestGateway, postJson, type TestGateway } from '../../../test/test-gateway.ts';
import { entitySamples } from '../../../test/entity-samples.ts';
import { loginFrame, realtimeFrame } from '../../../test/gbt-frames.ts';
import { terminal, until } from '../../../test/terminal-client.ts';

const VIN = 'LSVAU2180N2187001';
let gw: TestGateway;
let token: string;
let vehicleId: string;

const submit = (body: unknown) => gw.json('/api/wdiov-base/electronicFence/submit', postJson(body, token));
const fenceCount = async () => (await gw.json('/api/wdiov-base/electronicFence/page?size=100', { token })).body.data.total as number;
const CIRCLE = { fenceName: '科技园', fenceType: 1, alarmOn: 3, geometry: { center: [114.06, 22.54], radius: 300 } };

beforeAll(async () => {
  gw = await createTestGateway({}, { streaming: true });
  token = await gw.signIn();
  const sample = await entitySamples(gw, token).sample(entities.vehicle);
  vehicleId = await gw.repos.get('vehicle').insert(systemPrincipal('000000'), { ...sample, vin: VIN, plateNumber: '粤B·F70001' });
});
afterAll(() => gw.dispose());

describe('fence geometry on submit', () => {
  it.each([
    ['a polygon shape for a circle fence', { ...CIRCLE, geometry: { points: [[114, 22], [114.1, 22], [114.1, 22.1]] } }, '圆形围栏应为'],
    ['a zero radius', { ...CIRCLE, geometry: { center: [114.06, 22.54], radius: 0 } }, '半径应为大于 0 的米数'],
    ['a latitude out of range', { ...CIRCLE, geometry: { center: [114.06, 95], radius: 100 } }, '圆心的纬度应在 -90 到 90 之间'],
    ['a polygon of two corners', { ...CIRCLE, fenceType: 2, geometry: { points: [[114, 22], [114.1, 22]] } }, '多边形至少需要 3 个不同的顶点'],
    ['a polygon repeating one corner', { ...CIRCLE, fenceType: 2, geometry: { points: [[114, 22], [114, 22], [114.1, 22]] } }, '3 个不同的顶点'],
    ['any JSON', { ...CIRCLE, geometry: 'not json' }, '不是有效的JSON'],
    ['a list instead of a shape', { ...CIRCLE, geometry: [1, 2] }, '圆形围栏应为'],
  ])('refuses %s with a 400 naming geometry, storing nothing', async (_what, body, message) => {
    const before = await fenceCount();
    const res = await submit(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, success: false });
    expect(res.body.msg).toContain(message);
    expect(res.body.msg).toContain('[geometry]');
    expect(await fenceCount()).toBe(before);
  });

  it("words the contracts' fence rule in the request's language, as the console's form does", async () => {
    const geometry = { points: [[114, 22], [114.1, 95], [114.1, 22.1]] };
    const problem = fenceGeometryProblem(2, geometry)!;
    for (const [language, header] of [['en', 'en-GB,en;q=0.9'], ['zh', 'zh-CN']] as const) {
      const res = await gw.json('/api/wdiov-base/electronicFence/submit', { ...postJson({ ...CIRCLE, fenceType: 2, geometry }, token), headers: { 'Content-Type': 'application/json', 'Accept-Language': header } });
      expect(res.body).toMatchObject({ code: 400, msg: `${fenceGeometryText(problem, language)} [geometry]` });
    }
    expect(fenceGeometryText(problem, 'en')).toBe('The latitude of point 2 must be between -90 and 90');
  });

  it('checks an update against the stored row: changing the type alone breaks the shape', async () => {
    expect((await submit(CIRCLE)).body.success).toBe(true);
    const stored = (await gw.json('/api/wdiov-base/electronicFence/page?fenceName=科技园', { token })).body.data.records[0];
    const res = await submit({ id: stored.id, fenceType: 2 });
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('[geometry]');
    const after = (await gw.json(`/api/wdiov-base/electronicFence/detail?id=${stored.id}`, { token })).body.data;
    expect(after.fenceType).toBe(1);
    const polygon = { points: [[114.05, 22.53], [114.07, 22.53], [114.07, 22.55], [114.05, 22.55]] };
    expect((await submit({ id: stored.id, fenceType: 2, geometry: polygon })).body.success).toBe(true);
  });
});

describe('fence changes reach the alarm engine at once', () => {
  it('records an entry for a binding saved while the vehicle was already reporting', async () => {
    const t = terminal(gw.streaming!.ingest!.port);
    await t.ready;
    const at = Date.now() - 30_000;
    t.send(loginFrame(VIN, at));
    expect((await submit({ ...CIRCLE, fenceName: '后海', geometry: { center: [113.95, 22.52], radius: 400 } })).body.success).toBe(true);
    const fence = (await gw.json('/api/wdiov-base/electronicFence/page?fenceName=后海', { token })).body.data.records[0];
    // The engine loads (and caches) this tenant's fences with this one in them, bound to no vehicle yet.
    t.send(realtimeFrame({ vin: VIN, at, lng: 113.9, lat: 22.6 }));
    await until(() => gw.latest.get(VIN));
    await new Promise((r) => setTimeout(r, 200));
    const saved = await gw.json('/api/wdiov-base/electronicFenceVehicle/save', postJson({ fenceId: fence.id, vehicleIds: [vehicleId] }, token));
    expect(saved.body.data).toMatchObject({ added: 1 });
    // Two frames after the binding: the first sets the side (outside), the second crosses in.
    await new Promise((r) => setTimeout(r, 200));
    t.send(realtimeFrame({ vin: VIN, at: at + 1000, lng: 113.9, lat: 22.6 }));
    t.send(realtimeFrame({ vin: VIN, at: at + 2000, lng: 113.95, lat: 22.52 }));
    const rec = await until(async () => (await gw.json(`/api/wdiov-base/fenceAccessRecord/page?vin=${VIN}`, { token })).body.data.records[0], 5000);
    expect(rec).toMatchObject({ fenceName: '后海', accessType: 1 });
    t.socket.destroy();
  });
});
