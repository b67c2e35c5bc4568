// --register: the fleet's missing vehicles are registered with a real gateway before they connect.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FLEET } from '@wdiov/contracts/simulation/index';
import { createTestGateway, type TestGateway } from '../../gateway/test/test-gateway.ts';
import { Fleet } from '../src/fleet.ts';
import { parseCli } from '../src/options.ts';
import { registerFleet } from '../src/register.ts';

let gw: TestGateway;
beforeAll(async () => {
  gw = await createTestGateway({}, { streaming: true });
}, 120_000);
afterAll(() => gw?.dispose(), 60_000);

const options = (argv: string[]) => {
  const r = parseCli(argv);
  if (r.kind !== 'run') throw new Error(r.kind === 'error' ? r.message : r.kind);
  return r.options;
};

describe('--register', () => {
  it('is on exactly when the fleet is not the seeded demo fleet', () => {
    expect(options([]).register).toBe(false);
    expect(options(['--vehicles', String(DEMO_FLEET.count)]).register).toBe(false);
    expect(options(['--vehicles', '10000', '--rate', '1']).register).toBe(true);
    expect(options(['--seed', '2']).register).toBe(true);
    expect(options(['--vehicles', '10000', '--no-register']).register).toBe(false);
    expect(options(['--register']).register).toBe(true);
    expect(options(['--host', 'gw']).api).toBe('http://gw:8080');
    expect(parseCli(['--register', '--no-register'])).toMatchObject({ kind: 'error', message: expect.stringMatching(/contradict/) });
  });

  it('registers the missing vehicles in batches, once, and then they log in', async () => {
    const api = `http://127.0.0.1:${gw.httpPort}`;
    const fleet = { api, seed: 7, vehicles: 1005, city: 'shenzhen' };
    const progress: number[] = [];
    expect(await registerFleet(fleet, (done) => progress.push(done))).toEqual({ registered: 1005, alreadyKnown: 0, refused: 0 });
    expect(progress).toEqual([1000, 1005]);
    expect(await registerFleet({ ...fleet, vehicles: 3 })).toEqual({ registered: 0, alreadyKnown: 3, refused: 0 });

    const sim = new Fleet({ ...options(['--seed', '7', '--vehicles', '3', '--rate', '1', '--ramp', '0']), port: gw.streaming!.ingest!.port });
    sim.start();
    const until = Date.now() + 20_000;
    while (sim.stats.logins < 3 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    await sim.stop();
    expect(sim.stats.logins).toBe(3);
    expect(sim.stats.loginsRejected).toBe(0);
  }, 240_000);

  it('is refused with a clear message when the request does not come from this machine', async () => {
    const res = await gw.request('/api/wdiov-base/demoFleet/register', { method: 'POST', body: JSON.stringify({ seed: 7, from: 0, to: 1 }), headers: { 'content-type': 'application/json' } });
    expect(await res.json()).toMatchObject({ code: 403, msg: expect.stringContaining('本机') });
  });

  it('refuses a bad range, naming it, and registers nothing', async () => {
    await expect(registerFleet({ api: `http://127.0.0.1:${gw.httpPort}`, seed: 8, vehicles: 0, city: 'shenzhen' })).resolves.toEqual({ registered: 0, alreadyKnown: 0, refused: 0 });
    const res = await fetch(`http://127.0.0.1:${gw.httpPort}/api/wdiov-base/demoFleet/register`, { method: 'POST', body: JSON.stringify({ seed: 8, from: 0, to: 5000 }), headers: { 'content-type': 'application/json' } });
    expect(await res.json()).toMatchObject({ code: 400, msg: expect.stringContaining('[from, to]') });
  });
});
