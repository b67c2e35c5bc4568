import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_FLEET, demoFleet } from '@wdiov/contracts/simulation/index';
import { openDatabase } from '../../gateway/src/db/client.ts';
import { connectNatsBus } from '../../gateway/src/bus/nats-bus.ts';
import { freePort, natsServerAvailable } from '../../gateway/src/bus/nats-child.ts';
import { prepareData } from '../../gateway/src/seed/seed.ts';
import { Fleet } from '../../simulators/src/fleet.ts';
import { createLogger } from '../../gateway/src/lib/logger.ts';
import { adminToken, expectEachAlarmOnce, watchAlarms } from './alarm-checks.ts';
import { FrameLedger } from './frame-ledger.ts';
import { switchableProxy } from './switchable-proxy.ts';
import { newSecret, startReplica, natsChildFor } from './system-gateway.ts';

/**
 * Two gateways on one nats-server; the vehicles are moved from one to the other and back while
 * they raise alarms. Every alarm is stored once, started and ended once, and carded once; an
 * alarm open across a move stays one alarm. Then both gateways stop and a fresh one still
 * answers realtimeInfo from the kept latest state.
 */
const VEHICLES = 40;
const LEG_MS = Number(process.env.SYSTEM_SECONDS ?? 24) * 1000 / 3;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const natsReady = await natsServerAvailable();
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const natsCase = natsReady || process.env.CI === 'true' ? it : it.skip;
if (!natsReady) console.log(process.env.CI === 'true' ? 'nats-server missing: CI requires it' : 'handover system test skipped: nats-server is not on PATH');

describe('a vehicle moving between gateways', () => {
  natsCase('keeps each alarm one alarm: stored, ended and carded once', async () => {
    const child = await natsChildFor(cleanups);
    const logger = createLogger('silent');
    const database = await openDatabase({});
    const secret = newSecret();
    const [busA, busB] = [await connectNatsBus({ url: child.url, logger }), await connectNatsBus({ url: child.url, logger })];
    const [portA, portB] = [await freePort(), await freePort()];
    const a = await startReplica(database, busA, portA, secret);
    const b = await startReplica(database, busB, portB, secret);
    await prepareData(database.db, a.gateway.repos, { dictionaries: a.gateway.dictionaries });

    // What the gateways publish, and the cards one console (on gateway A) gets.
    const seen = await watchAlarms(a, busA);

    const proxy = await switchableProxy(portA);
    const ledger = new FrameLedger();
    const fleet = new Fleet({
      vehicles: VEHICLES, rate: 1, seed: DEMO_FLEET.seed, host: '127.0.0.1', port: proxy.port, edition: '2016',
      alarmRate: 400, faultRate: 0, fenceRate: 0, city: 'shenzhen', rampS: 1, cells: 96,
    }, { onSent: (bytes) => ledger.record(bytes) });
    fleet.start();
    await sleep(LEG_MS);
    proxy.move(portB);
    await sleep(LEG_MS);
    proxy.move(portA);
    await sleep(LEG_MS);
    await fleet.stop();
    await sleep(2500);
    seen.stop();
    await expectEachAlarmOnce(database.db, ledger, seen);

    // Both gateways go; a fresh one shows the vehicles where they were, before any of them reports again.
    await proxy.close();
    await a.stop();
    await b.stop();
    await busA.close();
    await busB.close();
    const busC = await connectNatsBus({ url: child.url, logger });
    const c = await startReplica(database, busC, await freePort(), secret);
    const vin = demoFleet(DEMO_FLEET.seed, VEHICLES)[0]!.vin;
    const res = await c.gateway.app.request(`/api/wdiov-base/vehicleMonitor/realtimeInfo?vin=${vin}`, { headers: { 'Wdiov-Auth': `bearer ${await adminToken(c)}` } });
    const body = (await res.json()) as { data: { realtime: { lng: number | null; lastTime: string } } };
    expect(body.data.realtime.lng).not.toBeNull();
    expect(body.data.realtime.lastTime).not.toBe('');
    await c.stop();
    await busC.close();
    await database.close();
  });
});
