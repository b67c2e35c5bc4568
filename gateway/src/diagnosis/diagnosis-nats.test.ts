// Remote diagnosis across gateways on a real nats-server: the terminal is logged in on gateway
// A, the console calls gateway B, and the request/reply crosses the server. Skipped (with a
// printed reason) without nats-server on PATH, except on CI where that is a failure.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subjects } from '@wdiov/contracts';
import { InstructStatus } from '@wdiov/contracts/diagnosis/instruction';
import type { MessageBus } from '../bus/bus.ts';
import { connectNatsBus } from '../bus/nats-bus.ts';
import { natsServerAvailable, startNatsChild, type NatsChild } from '../bus/nats-child.ts';
import { testEnv } from '../env.ts';
import { createLogger } from '../lib/logger.ts';
import { diagnosisRoutes } from '../routes/base/diagnosis.routes.ts';
import { addVehicle } from '../routes/base/test-support.ts';
import { createTestGateway, postJson, type TestGateway } from '../../test/test-gateway.ts';
import { until } from '../../test/terminal-client.ts';
import { answeringTerminal, silent, type AnsweringTerminal } from './answering-terminal.ts';

const natsAvailable = await natsServerAvailable();
const requireNats = process.env.CI === 'true';
if (!natsAvailable) console.warn(`nats-server not found on PATH: cross-gateway diagnosis tests ${requireNats ? 'will FAIL (CI=true)' : 'skipped'}`);

const VIN = 'LSVAU2180N2187701';
const QUIET = 'LSVAU2180N2187702';
const ABSENT = 'LSVAU2180N2187703';

describe.runIf(natsAvailable || requireNats)('remote diagnosis across two gateways on nats-server', () => {
  let dir = '';
  let server: NatsChild;
  const buses: MessageBus[] = [];
  let holder: TestGateway; // has the terminals' TCP connections
  let api: TestGateway; // serves the console's calls
  let token = '';
  const terminals: AnsweringTerminal[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wdiov-diag-nats-'));
    server = await startNatsChild({ dataDir: dir });
    const logger = createLogger('silent');
    for (let i = 0; i < 2; i++) buses.push(await connectNatsBus({ url: server.url, logger, name: `gateway-${i}` }));
    holder = await createTestGateway({}, { streaming: true, bus: buses[0] });
    api = await createTestGateway({}, { streaming: true, bus: buses[1] });
    // A short answer timeout on B, mounted before the app serves its first request.
    const deps = {
      env: testEnv(), db: api.database.db, repos: api.repos, dictionaries: api.dictionaries, policy: api.policy, dataScopes: api.dataScopes,
      logger, logs: api.logs, dataDir: api.dataDir,
    };
    api.app.route('/api/quick-diagnosis', diagnosisRoutes(deps, api.latest, api.bus, { answerTimeoutMs: 400 }));
    token = await api.signIn();
    // Each gateway has a database of its own here; the vehicles exist in both, in the same tenant.
    for (const gw of [holder, api]) {
      const t = await gw.signIn();
      for (const [i, vin] of [VIN, QUIET, ABSENT].entries()) await addVehicle(gw, t, vin, `粤B·N7700${i}`);
    }
    const port = holder.streaming!.ingest!.port;
    terminals.push(await answeringTerminal(port, VIN), await answeringTerminal(port, QUIET, silent));
    // The holder's subscriptions reach the server asynchronously: wait until B's requests find them.
    for (const vin of [VIN, QUIET]) {
      await until(async () => {
        try {
          return (await buses[1]!.request(subjects.command('000000', vin), '{}', { timeoutMs: 1_000 })).json<{ status: number }>().status === InstructStatus.failed;
        } catch {
          return false;
        }
      }, 20_000);
    }
    // Two gateways (two databases, migrations and seeds) take a while on a busy two-core machine.
  }, 240_000);

  afterAll(async () => {
    for (const t of terminals) await t.close();
    await api?.dispose();
    await holder?.dispose();
    for (const b of buses) await b.close();
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers a query issued on B from the terminal held by A', async () => {
    const res = await api.json('/api/wdiov-base/instructRecord/issue', postJson({ vin: VIN, instructType: 1, content: { ids: [2, 6] } }, token));
    expect(res.body.data).toMatchObject({ instructStatus: InstructStatus.answered, responseData: { params: { 2: 10, 6: 32960 } } });
    expect(terminals[0]!.commands).toHaveLength(1);
    expect(holder.streaming!.commands.size).toBe(2);
    expect(api.streaming!.commands.size).toBe(0);
  });

  it('carries the holder\'s time-out back, and finds nobody for a terminal no gateway holds', async () => {
    const quiet = await api.json('/api/quick-diagnosis/instructRecord/issue', postJson({ vin: QUIET, instructType: 3, content: { commandId: 6, alarmLevel: 1 } }, token));
    expect(quiet.body.data).toMatchObject({ instructStatus: InstructStatus.timedOut, failReason: '等待终端应答超时' });
    const absent = await api.json('/api/wdiov-base/remoteDiagnose/issueDiagnose', postJson({ vehicleIds: [(await api.json(`/api/wdiov-base/vehicle/page?vin_equal=${ABSENT}`, { token })).body.data.records[0].id] }, token));
    expect(absent.body.data[0]).toMatchObject({ instructStatus: InstructStatus.offline, failReason: '终端不在线' });
  });
});
