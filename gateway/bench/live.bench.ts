/**
 * The live path under load, each figure beside a limit measured in the same run:
 * - raw nats-server pub/sub throughput (the limit);
 * - telemetry through the bus to a subscribed socket (msgs/s, ratio to raw pub/sub);
 * - frame sent → position on the socket, and alarm frame → card, p50/p99, with 1,000 and
 *   10,000 simulated vehicles reporting at 1 Hz (fleet and sockets in a process of their own,
 *   live-client.ts: this process runs the gateway alone);
 * - alarm frame → webhook received, p50/p99, in the same run: a team per alarm type and level
 *   sends to a receiver in the console's process, each alarm on its own up to the team's
 *   NOTIFY_DIGEST_AFTER a minute (as shipped), the rest in the team's digest (counted apart).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { fork } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { encodeRawFrameBatch, subjects, type Telemetry } from '@wdiov/contracts';
import { connectNatsBus } from '../src/bus/nats-bus.ts';
import { freePort, startNatsChild } from '../src/bus/nats-child.ts';
import { createLogger } from '../src/lib/logger.ts';
import { prepareData } from '../src/seed/seed.ts';
import { seedDemoFleet } from '../src/seed/demo-fleet.ts';
import { startReplica } from '../../tests/system/system-gateway.ts';
import { benchDatabase, percentile, report } from './bench-util.ts';
import { webhookForEveryAlarm } from './live-webhooks.ts';
import type { ConnectionGuard } from '../src/ingest/connection-guard.ts';
import type { IngestStats } from '../src/ingest/ingest-stats.ts';

const logger = createLogger('silent');
const md5 = (s: string) => createHash('md5').update(s).digest('hex');

async function rawPubSub(url: string): Promise<number> {
  const bus = await connectNatsBus({ url, logger });
  const N = 100_000;
  const payload = new Uint8Array(16);
  let got = 0;
  const done = new Promise<void>((resolve) => bus.subscribe('bench.raw', () => ++got === N && resolve()));
  const t0 = performance.now();
  for (let i = 0; i < N; i++) bus.publish('bench.raw', payload);
  await done;
  const rate = N / ((performance.now() - t0) / 1000);
  await bus.close();
  return rate;
}

/** What live-client.ts sends back at the end. */
interface LiveClientResult {
  positionLat: number[];
  cardLat: number[];
  cardGatewayLat: number[];
  cardClientWait: number[];
  hookLat: number[];
  hooksReceived: number;
  digestLat: number[];
  positions: number;
  cardsReceived: number;
  settle: { settledS: number; online: number; reconnects: number; why: string };
  loginsTimed: number;
  reconnectsTimed: number;
  online: number;
}

const settleNote = (r: LiveClientResult) =>
  `${r.settle.online} online after ${r.settle.settledS.toFixed(1)} s of ramp-up, ${r.settle.reconnects} reconnects in it (${r.settle.why}); while timed: ${r.reconnectsTimed} reconnects, ${r.online} online at the end`;

async function run(vehicles: number, natsUrl: string, rawRate: number) {
  const { database, label, url, dispose } = await benchDatabase();
  const bus = await connectNatsBus({ url: natsUrl, logger });
  const ingestPort = await freePort();
  // As `npm start` runs: on a Postgres server the persisters have a thread of their own.
  const replica = await startReplica(database, bus, ingestPort, randomBytes(32).toString('hex'), url ? { natsUrl, databaseUrl: url } : undefined);
  await prepareData(database.db, replica.gateway.repos);
  await seedDemoFleet(replica.gateway.repos, replica.gateway.dictionaries);
  if (vehicles > 200) {
    // The demo seed has 200 vehicles; register the rest of the simulated fleet straight away.
    const { demoFleet, DEMO_FLEET } = await import('@wdiov/contracts/simulation/index');
    const { sql } = await import('drizzle-orm');
    const extra = demoFleet(DEMO_FLEET.seed, vehicles).slice(200);
    for (let i = 0; i < extra.length; i += 1000) {
      const rows = extra.slice(i, i + 1000).map((v) => `(${3_000_000_000_000 + v.index}, '000000', '${v.vin}', '${v.plate}', 1, 0, now(), now())`).join(',');
      await database.db.execute(sql.raw(`INSERT INTO wdiov_vehicle (id, tenant_id, vin, plate_number, status, is_deleted, create_time, update_time) VALUES ${rows}`));
    }
  }
  const res = await replica.gateway.app.request(`/api/wdiov-auth/oauth/token?grant_type=password&username=admin&password=${md5('admin')}&tenantId=000000`, {
    method: 'POST', headers: { Authorization: 'Basic ' + Buffer.from('saber:saber_secret').toString('base64') },
  });
  const token = ((await res.json()) as { access_token: string }).access_token;
  const hookPort = await freePort();
  // BENCH_WEBHOOKS=off: the live path alone, to set the cards' figures beside.
  if (process.env.BENCH_WEBHOOKS !== 'off') await webhookForEveryAlarm(replica.gateway.app.request, replica.gateway.repos, token, `http://127.0.0.1:${hookPort}/alarm`);
  // How late the gateway's event loop ran its timers: what any card waits behind in this process.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  const client = fork(new URL('./live-client.ts', import.meta.url), [String(replica.httpPort), String(ingestPort), token, String(vehicles), '30', String(hookPort)], {
    // BENCH_CPU_PROF=DIR: a CPU profile of the client (the gateway is this process: run it with --cpu-prof).
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])],
  });
  let cpu0 = process.cpuUsage();
  let wall0 = performance.now();
  let atSettle: (ConnectionGuard['stats'] & IngestStats) | undefined;
  const result = await new Promise<LiveClientResult>((resolve, reject) => {
    client.on('message', (m: LiveClientResult | { settled: unknown }) => {
      if (!('settled' in m)) return resolve(m);
      // Timed from here: the steady fleet, not its ramp-up.
      [cpu0, wall0] = [process.cpuUsage(), performance.now()];
      const ingest = replica.streaming.ingest;
      if (ingest) atSettle = { ...ingest.guard.stats, ...ingest.stats };
      loopDelay.enable();
    });
    client.once('exit', (code) => reject(new Error(`live client ended (exit ${code})`)));
  });
  const cpu = process.cpuUsage(cpu0);
  loopDelay.disable();
  const { positionLat, cardLat, cardGatewayLat, cardClientWait, hookLat, digestLat } = result;
  const cores = (cpu.user + cpu.system) / 1000 / (performance.now() - wall0);
  report({ name: `live.position.${vehicles}.p50`, unit: 'ms', value: percentile(positionLat, 50), note: `${positionLat.length} positions timed (1 socket message in 8) of ${result.positions}, ${label}; includes the 250 ms socket flush; gateway busy ${cores.toFixed(2)} cores` });
  report({ name: `live.position.${vehicles}.p99`, unit: 'ms', value: percentile(positionLat, 99) });
  report({ name: `live.card.${vehicles}.p50`, unit: 'ms', value: percentile(cardLat, 50), note: `${cardLat.length} cards timed of ${result.cardsReceived} received, over 30 s once the fleet had settled (${settleNote(result)})` });
  report({ name: `live.card.${vehicles}.p99`, unit: 'ms', value: percentile(cardLat, 99), limit: 200, limitName: 'target p99' });
  // The same cards split at the gateway's send time (the message's ts, same clock).
  report({ name: `live.card.${vehicles}.gateway.p99`, unit: 'ms', value: percentile(cardGatewayLat, 99), limit: 200, limitName: 'target p99', note: 'alarm frame sent → card sent by the gateway' });
  report({ name: `live.card.${vehicles}.client-wait.p99`, unit: 'ms', value: percentile(cardClientWait, 99), note: 'card sent by the gateway → read by the console (a process of its own, sharing the cores)' });
  report({ name: `live.webhook.${vehicles}.p50`, unit: 'ms', value: percentile(hookLat, 50), note: `${hookLat.length} alarms timed of ${result.hooksReceived} sent on their own, beside the cards above; ${digestLat.length} more in digests (p50 ${percentile(digestLat, 50).toFixed(0)} ms: a team's digest goes at the end of its minute)` });
  report({ name: `live.webhook.${vehicles}.p99`, unit: 'ms', value: percentile(hookLat, 99), limit: 2000, limitName: 'target p99', note: 'alarm frame sent → webhook received (durable delivery queue, signed POST, record written)' });
  // Why vehicles reconnected during the ramp-up, as the gateway saw it (a fleet that does not settle says so here).
  if (atSettle) {
    const { loginTimeouts, frameTimeouts, refusedFull, idleClosed, paused, errors, badFrames } = atSettle;
    report({ name: `live.ingest.${vehicles}.closed-by-gateway`, unit: 'connections', value: loginTimeouts + frameTimeouts + refusedFull + idleClosed,
      note: `ramp-up: ${loginTimeouts} login time-outs, ${frameTimeouts} half-frame time-outs, ${refusedFull} refused (full), ${idleClosed} idle; ${paused} read pauses, ${errors} socket errors, ${badFrames} bad frames` });
  }
  report({ name: `live.gateway.${vehicles}.loop-delay.p99`, unit: 'ms', value: loopDelay.percentile(99) / 1e6, note: `gateway event loop late by (max ${(loopDelay.max / 1e6).toFixed(0)} ms)` });
  // Telemetry fan-out capacity: snapshots straight onto the bus, as fast as the bus takes them.
  const N = 50_000;
  let delivered = 0;
  replica.gateway.latest.onUpdate(() => delivered++);
  const base: Telemetry = { tenantId: '000000', vin: 'X', vehicleId: '1', plate: '', ts: 0, receivedAt: Date.now(), reissue: false, lng: 114, lat: 22, fixValid: true, heading: 0, speedKmh: 1, mileageKm: 1, socPercent: 50, totalVoltageV: 1, totalCurrentA: 1, vehicleState: 1, chargeState: 3, state: 1, alarmLevel: 0, maxCellVoltageV: null, minCellVoltageV: null, maxCellNo: null, minCellNo: null, maxTempC: null, minTempC: null };
  // As another gateway sends them: snapshots in raw-stream batches of 100 (core publishes: the
  // stream keeps them too, and this gateway's persisters write them).
  const t0 = performance.now();
  for (let i = 0; i < N; i += 100) {
    const telemetry = Array.from({ length: 100 }, (_, j) => ({ ...base, vin: `BENCH${(i + j) % 5000}`, ts: i + j }));
    bus.publish(subjects.rawBatch('benchpeer'), encodeRawFrameBatch({ id: [], tenantId: [], vin: [], command: [], receivedAt: [], frame: [], telemetry }));
  }
  while (delivered < N && performance.now() - t0 < 60_000) await new Promise((r) => setTimeout(r, 5));
  const rate = delivered / ((performance.now() - t0) / 1000);
  report({ name: `live.telemetry-fanout.${vehicles}`, unit: 'snapshots/s', value: rate, limit: rawRate, limitName: 'raw nats pub/sub, msg/s', note: 'snapshots of another gateway reaching this one\'s live state' });
  await replica.stop();
  await bus.close();
  await dispose();
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'wdiov-bench-nats-'));
  const child = await startNatsChild({ dataDir });
  try {
    const raw = await rawPubSub(child.url);
    report({ name: 'nats.raw-pubsub', unit: 'msg/s', value: raw, note: '100k 16-byte messages, one connection' });
    for (const n of (process.env.BENCH_VEHICLES ?? '1000,10000').split(',').map(Number)) await run(n, child.url, raw);
  } finally {
    await child.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(() => process.exit(0), (err) => {
  console.error(err);
  process.exit(1);
});
