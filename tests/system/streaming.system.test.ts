import { afterAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { DEMO_FLEET, demoFleet } from '@wdiov/contracts/simulation/index';
import { openDatabase, queryRows, type Db } from '../../gateway/src/db/client.ts';
import { testEnv } from '../../gateway/src/env.ts';
import { StatsRollup } from '../../gateway/src/stats/rollup-job.ts';
import { createMemoryBus } from '../../gateway/src/bus/memory-bus.ts';
import { connectNatsBus } from '../../gateway/src/bus/nats-bus.ts';
import { freePort, natsServerAvailable } from '../../gateway/src/bus/nats-child.ts';
import type { MessageBus } from '../../gateway/src/bus/bus.ts';
import { prepareData } from '../../gateway/src/seed/seed.ts';
import { systemPrincipal } from '../../gateway/src/crud/principal.ts';
import { Fleet } from '../../simulators/src/fleet.ts';
import { createLogger } from '../../gateway/src/lib/logger.ts';
import { FrameLedger } from './frame-ledger.ts';
import { newSecret, signInAs, startReplica, type Replica, natsChildFor } from './system-gateway.ts';

/**
 * The whole live path, end to end: the simulator drives 200 vehicles over TCP for half a minute
 * (the gateway restarted half-way), on the in-process bus and on a real nats-server. Every
 * alarm the vehicles raised is stored exactly once; every pop-up reaches its handling team's
 * users and nobody else, another tenant's users included; the statistics match what the
 * vehicles reported, the restart counting nothing twice.
 */
/**
 * 200 vehicles at 1 Hz and 120 alarms per vehicle-hour give hundreds of alarms and positions per
 * half: enough for every assertion below, at half the cores of a minute (SYSTEM_SECONDS=60 for longer).
 */
const SECONDS = Number(process.env.SYSTEM_SECONDS ?? 30);
const OFFSET = testEnv().UTC_OFFSET_MIN;
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const natsReady = await natsServerAvailable();
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const signIn = (r: Replica, account: string, tenantId = '000000') => signInAs(r, account, 'pw', tenantId);


function listen(port: number, token: string) {
  const cards: { id: string; level: number }[] = [];
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/wdiov-base/online-user/?token=${token}`);
  ws.on('message', (m) => {
    const msg = JSON.parse(String(m));
    if (msg.cmd === 1200) cards.push(msg.data);
  });
  return { cards, ws, open: new Promise((r) => ws.once('open', r)) };
}

async function scenario(makeBus: () => Promise<{ bus: MessageBus; close: () => Promise<void> }>) {
  const database = await openDatabase({});
  const secret = newSecret();
  const ingestPort = await freePort();
  let busHandle = await makeBus();
  let replica = await startReplica(database, busHandle.bus, ingestPort, secret);
  const { repos, dictionaries } = replica.gateway;
  await prepareData(database.db, repos, { dictionaries });
  // Users: alice handles level 3, bob level 2, carol no team, dave is another tenant's admin.
  const sys = systemPrincipal('000000');
  const [role] = await repos.get('role').all(sys, { filters: [], ascs: [], descs: [] });
  const dept = (await repos.get('dept').all(sys, { filters: [], ascs: [], descs: [] }))[0]!;
  const user = (tenant: string, account: string, roleId: string, deptId: string) =>
    repos.get('user').insert(systemPrincipal(tenant), { account, realName: account, password: md5('pw'), roleId, deptId });
  const alice = await user('000000', 'alice', String(role!.id), String(dept.id));
  const bob = await user('000000', 'bob', String(role!.id), String(dept.id));
  await user('000000', 'carol', String(role!.id), String(dept.id));
  await repos.get('tenant').insert(sys, { tenantId: '000001', tenantName: '租户B' });
  const bRole = await repos.get('role').insert(systemPrincipal('000001'), { parentId: '0', roleName: '管理员', roleAlias: 'administrator', sort: 1 });
  const bDept = await repos.get('dept').insert(systemPrincipal('000001'), { parentId: '0', deptName: 'B', fullName: 'B', sort: 1, deptCategory: 1 });
  await user('000001', 'dave', bRole, bDept);
  await repos.get('alarmHandleTeam').insert(sys, { teamName: '三级告警组', teamType: 1, level: 3, userIds: alice });
  await repos.get('alarmHandleTeam').insert(sys, { teamName: '二级告警组', teamType: 1, level: 2, userIds: bob });
  const sockets = Object.fromEntries(await Promise.all(['alice', 'bob', 'carol', 'dave'].map(async (a) => {
    const l = listen(replica.httpPort, await signIn(replica, a, a === 'dave' ? '000001' : '000000'));
    await l.open;
    return [a, l] as const;
  })));

  const ledger = new FrameLedger();
  const fleet = new Fleet({
    vehicles: DEMO_FLEET.count, rate: 1, seed: DEMO_FLEET.seed, host: '127.0.0.1', port: ingestPort, edition: '2016',
    alarmRate: 120, faultRate: 10, fenceRate: 0, city: 'shenzhen', rampS: 2, cells: 96,
  }, { onSent: (bytes) => ledger.record(bytes) });
  fleet.start();
  await new Promise((r) => setTimeout(r, (SECONDS / 2) * 1000));

  // Pop-ups so far: the alarms stored while every socket was open, each of whose cards must have
  // arrived a moment later (the fleet keeps running: an alarm stored just now may still be on its way).
  const rows = await queryRows<{ id: string; alarm_level: number }>(database.db, sql`SELECT id::text AS id, alarm_level FROM wdiov_vehicle_alarm_data WHERE is_deleted = 0`);
  await new Promise((r) => setTimeout(r, 1500));
  const a = sockets.alice!.cards;
  const b = sockets.bob!.cards;
  expect(rows.length).toBeGreaterThan(10);
  expect(a.every((c) => c.level === 3)).toBe(true);
  expect(b.every((c) => c.level === 2)).toBe(true);
  expect(sockets.carol!.cards).toEqual([]);
  expect(sockets.dave!.cards).toEqual([]);
  const got = new Set([...a, ...b].map((c) => c.id));
  for (const r of rows.filter((x) => x.alarm_level === 3 || x.alarm_level === 2)) expect(got.has(r.id), `card of alarm ${r.id}`).toBe(true);
  for (const s of Object.values(sockets)) s.ws.close();

  // The statistics job's run as a gateway does it mid-stream: what has settled (half of the half run so far) is counted now.
  await new StatsRollup(database.db, { utcOffsetMin: OFFSET, settleMs: SECONDS * 250 }).runOnce();

  // Restart the gateway (and its bus connection) mid-run; the vehicles reconnect by themselves.
  await replica.stop();
  await busHandle.close();
  busHandle = await makeBus();
  replica = await startReplica(database, busHandle.bus, ingestPort, secret);
  await new Promise((r) => setTimeout(r, (SECONDS / 2) * 1000));
  await fleet.stop();

  // The last alarms may still be on their way to the table (a loaded machine's persistence lags):
  // read until as many are there as the vehicles raised, for a minute at most; a lost one fails below.
  const storedAlarms = () => queryRows<{ k: string; n: number }>(database.db, sql`SELECT vin || '|' || alarm_type AS k, count(*)::int AS n FROM wdiov_vehicle_alarm_data WHERE is_deleted = 0 AND source = 'gbt32960' GROUP BY 1`);
  let stored = await storedAlarms();
  for (const deadline = Date.now() + 60_000; stored.reduce((s, x) => s + x.n, 0) < ledger.total() && Date.now() < deadline; stored = await storedAlarms()) {
    await new Promise((r) => setTimeout(r, 1000));
  }
  const byKey = new Map(stored.map((s) => [s.k, s.n]));
  expect(ledger.total()).toBeGreaterThan(10);
  for (const [key, n] of ledger.alarms) expect(byKey.get(key) ?? 0, key).toBe(n);
  expect(stored.reduce((s, x) => s + x.n, 0)).toBe(ledger.total());
  const vins = new Set(demoFleet(DEMO_FLEET.seed, DEMO_FLEET.count).map((v) => v.vin));
  for (const key of byKey.keys()) expect(vins.has(key.split('|')[0]!)).toBe(true);
  await statisticsMatch(replica, ledger, database.db);
  await replica.stop();
  await busHandle.close();
  await database.close();
}

/**
 * The statistics calls against what the simulator sent: once the positions have settled, the
 * job's next run counts the rest from where the mid-run one stopped (a restart between them),
 * and the fleet's mileage is the odometers' advance within 1 %, its online time the vehicles'
 * reporting spans, every vehicle online today. Counted twice, the figures would be far above.
 */
async function statisticsMatch(replica: Replica, ledger: FrameLedger, db: Db) {
  const stored = async () => Number((await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM wdiov_position`))[0]!.n);
  // Settled: every vehicle's last report stored, and nothing more arriving (a loaded machine's
  // persistence may pause longer than any fixed quiet time).
  const caughtUp = async () => {
    const last = new Map((await queryRows<{ vin: string; ms: string }>(db, sql`SELECT vin, (extract(epoch FROM max(ts)) * 1000)::bigint::text AS ms FROM wdiov_position GROUP BY vin`)).map((r) => [r.vin, Number(r.ms)]));
    return [...ledger.odometers].every(([vin, o]) => (last.get(vin) ?? 0) >= o.lastTs);
  };
  let before = -1;
  for (let n = await stored(), deadline = Date.now() + 120_000; (n !== before || !(await caughtUp())) && Date.now() < deadline; n = await stored()) {
    before = n;
    await new Promise((r) => setTimeout(r, 1500));
  }
  expect(await caughtUp(), 'every vehicle last report stored').toBe(true);
  await new StatsRollup(db, { utcOffsetMin: OFFSET, settleMs: 0 }).runOnce();
  const token = await signInAs(replica, 'admin', 'admin');
  const call = async (path: string) => {
    const res = await replica.gateway.app.request(`/api/wdiov-base/${path}`, { headers: { 'Wdiov-Auth': `bearer ${token}` } });
    const body = (await res.json()) as { code: number; data: any };
    expect(body.code, path).toBe(200);
    return body.data;
  };
  const sent = [...ledger.odometers.values()];
  const simKm = sent.reduce((a, o) => a + (o.lastKm - o.firstKm), 0);
  const simHours = sent.reduce((a, o) => a + (o.lastTs - o.firstTs), 0) / 3_600_000;
  expect(sent.length).toBe(DEMO_FLEET.count);
  expect(simKm).toBeGreaterThan(10);
  const within = (value: number, expected: number, share: number, what: string) =>
    expect(Math.abs(value - expected), `${what}: ${value} against ${expected}`).toBeLessThanOrEqual(expected * share);

  const list = await call(`mileageStatistics/list?days=2&size=${DEMO_FLEET.count}`);
  within(list.records.reduce((a: number, r: { mileage: number }) => a + r.mileage, 0), simKm, 0.01, 'mileageStatistics/list');
  expect(list.records.reduce((a: number, r: { resetCount: number }) => a + r.resetCount, 0)).toBe(0);
  within((await call('mileageStatistics/dashboard?days=2')).total.mileage, simKm, 0.01, 'mileageStatistics/dashboard');
  within((await call('dataBoard/getMileAndReduceEnergyEmissionData?days=2')).total.mileage, simKm, 0.01, 'dataBoard mileage');
  const hops = await call('vehicleHopStatistics/statistics?days=2');
  expect(hops.reduce((a: number, d: { hopCount: number }) => a + d.hopCount, 0)).toBe(0);
  const online = await call('vehicleOnlineDaily/statistics?days=2');
  within(online.reduce((a: number, d: { onlineHours: number }) => a + d.onlineHours, 0), simHours, 0.02, 'vehicleOnlineDaily online hours');
  expect(online[online.length - 1]).toMatchObject({ onlineVehicles: DEMO_FLEET.count, vehicles: DEMO_FLEET.count, onlineRate: 100 });
}

describe('streaming system', () => {
  it(`in-process bus: ${SECONDS}s of 200 vehicles, restarted half-way`, async () => {
    const bus = createMemoryBus();
    // The in-process bus lives as long as the process: a restart reuses it (its streams stay).
    await scenario(async () => ({ bus, close: async () => {} }));
  });

  const natsCase = natsReady || process.env.CI === 'true' ? it : it.skip;
  if (!natsReady) console.log(process.env.CI === 'true' ? 'nats-server missing: CI requires it' : 'streaming system test on NATS skipped: nats-server is not on PATH');
  natsCase(`real nats-server: ${SECONDS}s of 200 vehicles, gateway restarted half-way`, async () => {
    const child = await natsChildFor(cleanups);
    const logger = createLogger('silent');
    await scenario(async () => {
      const bus = await connectNatsBus({ url: child.url, logger });
      return { bus, close: () => bus.close() };
    });
  });
});
