import { afterAll, describe, expect, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { DEMO_FLEET, demoFleet } from '@wdiov/contracts/simulation/index';
import { subjects } from '@wdiov/contracts';
import { InstructStatus } from '@wdiov/contracts/diagnosis/instruction';
import { openDatabase, type Database } from '../../gateway/src/db/client.ts';
import { createMemoryBus } from '../../gateway/src/bus/memory-bus.ts';
import { connectNatsBus } from '../../gateway/src/bus/nats-bus.ts';
import { natsChildFor } from './system-gateway.ts';
import { natsServerAvailable } from '../../gateway/src/bus/nats-child.ts';
import type { MessageBus } from '../../gateway/src/bus/bus.ts';
import { buildGateway } from '../../gateway/src/build-app.ts';
import { testEnv } from '../../gateway/src/env.ts';
import { createLogger } from '../../gateway/src/lib/logger.ts';
import { startStreaming } from '../../gateway/src/live/streaming.ts';
import { prepareData } from '../../gateway/src/seed/seed.ts';
import { systemPrincipal } from '../../gateway/src/crud/principal.ts';
import { Fleet } from '../../simulators/src/fleet.ts';

/**
 * Remote diagnosis end to end: simulated terminals (the simulator's fleet over TCP) logged in
 * on one gateway, instructions issued through the REST API, the simulator's parameter values
 * in the stored answers. On the in-process bus with one gateway, and on a real nats-server
 * with the terminals on gateway A and the console's calls on gateway B (API only).
 */
const natsReady = await natsServerAvailable();
const logger = createLogger('silent');
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function until<T>(probe: () => Promise<T | undefined | false> | T | undefined | false, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A gateway on a shared database and bus; with ingest, terminals can log in on it. */
async function startGateway(database: Database, bus: MessageBus, secret: string, ingest: boolean) {
  const env = { ...testEnv(), INGEST_PORT: 0 };
  const gateway = buildGateway({ env, database, logger, jwtSecret: secret, dataDir: '/tmp', bus: { bus, describe: bus.kind } });
  const streaming = await startStreaming({ env, db: database.db, bus, repos: gateway.repos, logger, logs: gateway.logs, latest: gateway.latest, hub: gateway.hub, ingest });
  cleanups.push(async () => {
    await streaming.close();
    await gateway.logs.close();
  });
  return { gateway, streaming };
}

type Started = Awaited<ReturnType<typeof startGateway>>;

async function scenario(database: Database, holder: Started, api: Started, bus: MessageBus) {
  await prepareData(database.db, holder.gateway.repos, { dictionaries: holder.gateway.dictionaries });
  const port = holder.streaming.ingest!.port;
  const fleet = new Fleet({
    vehicles: 2, rate: 1, seed: DEMO_FLEET.seed, host: '127.0.0.1', port, edition: '2016', alarmRate: 0, faultRate: 0, fenceRate: 0,
    city: 'shenzhen', rampS: 0, cells: 96,
  });
  cleanups.push(() => fleet.stop());
  fleet.start();
  const [a, b] = demoFleet(DEMO_FLEET.seed, 2).map((v) => v.vin);
  await until(() => holder.streaming.commands.size === 2);
  // The holder's subscriptions must have reached the bus the API gateway asks on.
  for (const vin of [a!, b!]) {
    await until(async () => {
      try {
        return (await bus.request(subjects.command('000000', vin), '{}', { timeoutMs: 1_000 })).json<{ status: number }>().status === InstructStatus.failed;
      } catch {
        return false;
      }
    });
  }

  const q = new URLSearchParams({ tenantId: '000000', username: 'admin', password: createHash('md5').update('admin').digest('hex'), grant_type: 'password', scope: 'all' });
  const auth = await api.gateway.app.request(`/api/wdiov-auth/oauth/token?${q}`, { method: 'POST', headers: { Authorization: 'Basic ' + Buffer.from('saber:saber_secret').toString('base64') } });
  const token = ((await auth.json()) as { access_token: string }).access_token;
  const post = async (path: string, body: unknown) => {
    const res = await api.gateway.app.request(`/api/wdiov-base${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Wdiov-Auth': `bearer ${token}` }, body: JSON.stringify(body) });
    return (await res.json()) as { code: number; data: any };
  };

  const query = await post('/instructRecord/issue', { vin: a, instructType: 1, content: { ids: [2, 5, 6, 8, 9] } });
  expect(query.data).toMatchObject({ instructStatus: InstructStatus.answered, responseData: { params: { 2: 1, 4: 9, 5: '127.0.0.1', 6: port, 8: 'FW1.2', 9: 30 } } });

  const set = await post('/instructRecord/issue', { vin: a, instructType: 2, content: { params: [{ id: 2, value: 5 }, { id: 9, value: 20 }] } });
  expect(set.data).toMatchObject({ instructStatus: InstructStatus.answered, responseData: { responseFlag: 1 } });
  const again = await post('/instructRecord/issue', { vin: a, instructType: 1, content: { ids: [2, 9] } });
  expect(again.data.responseData).toEqual({ params: { 2: 5, 9: 20 } });

  const vehicleIds = (await Promise.all([a, b].map((vin) => api.gateway.repos.get('vehicle').all(
    systemPrincipal('000000'), { filters: [{ key: 'vin', field: 'vin', column: 'vin', op: 'equal', value: vin! }], ascs: [], descs: [] }, [], 1,
  )))).map(([row]) => String(row!.id));
  // Live state arrives with the vehicles' reports (every second at rate 1).
  await until(() => [a!, b!].every((vin) => api.gateway.latest.get(vin)));
  const diagnosis = await post('/remoteDiagnose/issueDiagnose', { vehicleIds });
  expect(diagnosis.code).toBe(200);
  for (const row of diagnosis.data) {
    expect(row).toMatchObject({ instructType: 4, instructStatus: InstructStatus.answered });
    expect(Object.keys(row.responseData.params)).toHaveLength(16);
    expect(row.responseData.params).toMatchObject({ 7: 'HW1.0', 8: 'FW1.2', 6: port });
    expect(row.responseData.state).toMatchObject({ online: true });
  }

  const disconnect = await post('/instructRecord/issue', { vin: b, instructType: 3, content: { commandId: 5 } });
  expect(disconnect.data).toMatchObject({ instructStatus: InstructStatus.answered });
  // The simulator drops the link after answering and logs in again.
  await until(() => fleet.stats.reconnects >= 1 && fleet.stats.online === 2 && holder.streaming.commands.size === 2);
  expect(fleet.stats.commandsAnswered).toBe(6); // query, set, query, 2 diagnoses, disconnect
}

describe('remote diagnosis with the simulator', () => {
  it('in-process bus, one gateway', async () => {
    const database = await openDatabase({});
    cleanups.push(() => database.close());
    const bus = createMemoryBus();
    cleanups.push(() => bus.close());
    const gw = await startGateway(database, bus, randomBytes(32).toString('hex'), true);
    await scenario(database, gw, gw, bus);
  });

  const natsCase = natsReady || process.env.CI === 'true' ? it : it.skip;
  if (!natsReady) console.log(process.env.CI === 'true' ? 'nats-server missing: CI requires it' : 'diagnosis system test on NATS skipped: nats-server is not on PATH');
  natsCase('real nats-server: terminals on gateway A, the console on gateway B', async () => {
    const child = await natsChildFor(cleanups);
    const database = await openDatabase({});
    cleanups.push(() => database.close());
    const [busA, busB] = [await connectNatsBus({ url: child.url, logger, name: 'gateway-a' }), await connectNatsBus({ url: child.url, logger, name: 'gateway-b' })];
    cleanups.push(() => busA.close(), () => busB.close());
    const secret = randomBytes(32).toString('hex');
    const holder = await startGateway(database, busA, secret, true);
    const api = await startGateway(database, busB, secret, false);
    await scenario(database, holder, api, busB);
    expect(api.streaming.commands.size).toBe(0);
  });
});
