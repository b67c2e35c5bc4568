/**
 * The live path under load, each figure beside a limit measured in the same run:
 * - raw nats-server pub/sub throughput (the limit);
 * - telemetry through the bus to a subscribed socket (msgs/s, ratio to raw pub/sub);
 * - frame received → position on the socket, and alarm frame → card, p50/p99, with 1,000 and
 *   10,000 simulated vehicles reporting at 1 Hz.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { subjects, type Telemetry } from '@wdiov/contracts';
import { decodeFrame, Command, activeAlarms, type AlarmData } from '@wdiov/contracts/protocol/index';
import { connectNatsBus } from '../src/bus/nats-bus.ts';
import { freePort, startNatsChild } from '../src/bus/nats-child.ts';
import { createLogger } from '../src/lib/logger.ts';
import { prepareData } from '../src/seed/seed.ts';
import { seedDemoFleet } from '../src/seed/demo-fleet.ts';
import { Fleet } from '../../simulators/src/fleet.ts';
import { startReplica } from '../../tests/system/system-gateway.ts';
import { benchDatabase, percentile, report } from './bench-util.ts';

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

async function run(vehicles: number, natsUrl: string, rawRate: number) {
  const { database, label, dispose } = await benchDatabase();
  const bus = await connectNatsBus({ url: natsUrl, logger });
  const ingestPort = await freePort();
  const replica = await startReplica(database, bus, ingestPort, randomBytes(32).toString('hex'));
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
  const sentAt = new Map<string, number>();
  const alarmSentAt = new Map<string, number>();
  const activeByVin = new Map<string, Set<string>>();
  const positionLat: number[] = [];
  const cardLat: number[] = [];
  // Cards on the online-user socket, positions on the position socket (as the console has them).
  const ws = new WebSocket(`ws://127.0.0.1:${replica.httpPort}/api/wdiov-base/online-user/?token=${token}`);
  const positionWs = new WebSocket(`ws://127.0.0.1:${replica.httpPort}/api/wdiov-base/live-position/?token=${token}`);
  await Promise.all([ws, positionWs].map((s) => new Promise((r) => s.once('open', r))));
  positionWs.send(JSON.stringify({ code: 0, cmd: 1301, msg: '', data: {}, ts: Date.now() }));
  const onMessage = (m: WebSocket.RawData) => {
    const now = performance.now();
    const msg = JSON.parse(String(m));
    if (msg.cmd === 1300) for (const p of msg.data) { const t = sentAt.get(`${p.vin}|${p.ts}`); if (t !== undefined) positionLat.push(now - t); }
    if (msg.cmd === 1200) {
      const t = alarmSentAt.get(`${msg.data.vin}|${msg.data.alarmType}`);
      if (t !== undefined) cardLat.push(now - t);
    }
  };
  ws.on('message', onMessage);
  positionWs.on('message', onMessage);
  const fleet = new Fleet({
    vehicles, rate: 1, seed: 1, host: '127.0.0.1', port: ingestPort, edition: '2016', alarmRate: 30, faultRate: 0, fenceRate: 0,
    city: 'shenzhen', rampS: 5, cells: 96,
  }, {
    onSent: (bytes) => {
      const r = decodeFrame(bytes);
      if (!r.ok || r.frame.command !== Command.realtime || r.frame.body.kind !== 'realtime') return;
      const t = r.frame.body.time;
      const ts = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second) - 8 * 3600_000;
      const now = performance.now();
      sentAt.set(`${r.frame.vin}|${ts}`, now);
      // The first frame showing each alarm of a vehicle: its card's latency is measured from there.
      const alarm = r.frame.body.items.find((i): i is AlarmData => i.kind === 'alarm');
      const active = new Set(alarm ? activeAlarms(alarm, '2016').map((a) => `${r.frame.vin}|gb:${a.key}`) : []);
      for (const k of active) if (!alarmSentAt.has(k)) alarmSentAt.set(k, now);
      for (const k of [...(activeByVin.get(r.frame.vin) ?? [])]) if (!active.has(k)) alarmSentAt.delete(k);
      activeByVin.set(r.frame.vin, active);
    },
  });
  fleet.start();
  await new Promise((r) => setTimeout(r, 35_000));
  await fleet.stop();
  ws.close();
  positionWs.close();
  positionLat.sort((a, b) => a - b);
  cardLat.sort((a, b) => a - b);
  report({ name: `live.position.${vehicles}.p50`, unit: 'ms', value: percentile(positionLat, 50), note: `${positionLat.length} positions, ${label}; includes the 250 ms socket flush` });
  report({ name: `live.position.${vehicles}.p99`, unit: 'ms', value: percentile(positionLat, 99) });
  report({ name: `live.card.${vehicles}.p50`, unit: 'ms', value: percentile(cardLat, 50), note: `${cardLat.length} cards` });
  report({ name: `live.card.${vehicles}.p99`, unit: 'ms', value: percentile(cardLat, 99), limit: 200, limitName: 'target p99' });
  // Telemetry fan-out capacity: snapshots straight onto the bus, as fast as the bus takes them.
  const N = 50_000;
  let delivered = 0;
  replica.gateway.latest.onUpdate(() => delivered++);
  const enc = new TextEncoder();
  const base: Telemetry = JSON.parse(JSON.stringify({ tenantId: '000000', vin: 'X', vehicleId: '1', plate: '', ts: 0, receivedAt: Date.now(), reissue: false, lng: 114, lat: 22, fixValid: true, heading: 0, speedKmh: 1, mileageKm: 1, socPercent: 50, totalVoltageV: 1, totalCurrentA: 1, vehicleState: 1, chargeState: 3, state: 1, alarmLevel: 0, maxCellVoltageV: null, minCellVoltageV: null, maxCellNo: null, minCellNo: null, maxTempC: null, minTempC: null }));
  const t0 = performance.now();
  for (let i = 0; i < N; i++) bus.publish(subjects.telemetry('000000', `BENCH${i % 5000}`), enc.encode(JSON.stringify({ ...base, vin: `BENCH${i % 5000}`, ts: i })));
  while (delivered < N && performance.now() - t0 < 60_000) await new Promise((r) => setTimeout(r, 5));
  const rate = delivered / ((performance.now() - t0) / 1000);
  report({ name: `live.telemetry-fanout.${vehicles}`, unit: 'msg/s', value: rate, limit: rawRate, limitName: 'raw nats pub/sub' });
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
