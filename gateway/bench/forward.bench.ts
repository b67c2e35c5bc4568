/**
 * Forwarding to one superior platform (the simulator's), on nats-server, every vehicle bound:
 * - live: recorded frames replayed into the ingest as fast as it reads them; forwarded frames/s
 *   (first frame sent to last frame received by the platform) beside the ingest rate of the
 *   same run (first frame sent to last raw row stored);
 * - outage: the platform is down while a second recording goes in; once it is back, the backlog's
 *   drain rate (frames/s, and seconds of fleet data per second: the "× real time" of TARGETS.md).
 *
 * BENCH_FORWARD_VEHICLES (1000) × BENCH_FORWARD_STEPS (20) frames per phase; the database as in
 * bench-util (PGlite unless BENCH_DATABASE_URL / TEST_DATABASE_URL).
 */
import { createOutbound } from '../src/outbound/outbound-policy.ts';
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { connectNatsBus } from '../src/bus/nats-bus.ts';
import { freePort, startNatsChild } from '../src/bus/nats-child.ts';
import { queryRows, type Database } from '../src/db/client.ts';
import { createLogger } from '../src/lib/logger.ts';
import { prepareData } from '../src/seed/seed.ts';
import { startForwarding } from '../src/forward/forward-service.ts';
import { startReplica } from '../../tests/system/system-gateway.ts';
import { SuperiorPlatform } from '../../simulators/src/superior-platform.ts';
import { benchDatabase, report } from './bench-util.ts';
import { recordFleet, type Recording } from './ingest-recording.ts';

const VEHICLES = Number(process.env.BENCH_FORWARD_VEHICLES ?? 1000);
const STEPS = Number(process.env.BENCH_FORWARD_STEPS ?? 20);
const STALL_MS = 30_000;
const FRAME_RATE = Number(process.env.BENCH_FORWARD_FRAME_RATE ?? 1_000_000);
const LIVE_WINDOW_MS = 5000;
const logger = createLogger('silent');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const dataFrames = (rec: Recording) => rec.frames.filter((f) => f[2] === 0x02 || f[2] === 0x03).length;

const rawRows = async (database: Database) => Number((await queryRows<{ n: string }>(database.db, sql`SELECT count(*)::text AS n FROM wdiov_raw_frame`))[0]!.n);

/** Waits until probe() reaches target (or stops moving for STALL_MS); answers when it last moved (ms, performance.now). */
async function until(probe: () => Promise<number> | number, target: number): Promise<{ at: number; value: number }> {
  let value = await probe();
  let at = performance.now();
  while (value < target && performance.now() - at < STALL_MS) {
    await sleep(100);
    const v = await probe();
    if (v !== value) [value, at] = [v, performance.now()];
  }
  return { at, value };
}

/** Replays a recording through a sender process: logins first, then everything at once. */
async function replayInto(rec: Recording, port: number) {
  const sender = fork(new URL('./ingest-sender.ts', import.meta.url), [rec.file, '127.0.0.1', String(port)], { execArgv: ['--import', 'tsx'] });
  const phases: string[] = [];
  sender.on('message', (m) => phases.push((m as { phase: string }).phase));
  while (!phases.includes('logins')) await sleep(50);
  await sleep(500);
  const t0 = performance.now();
  sender.send('go');
  return { t0, close: () => sender.send('close') };
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'wdiov-bench-forward-'));
  const child = await startNatsChild({ dataDir: join(dir, 'nats') });
  const db = await benchDatabase();
  const platform = new SuperiorPlatform();
  try {
    const bus = await connectNatsBus({ url: child.url, logger });
    const ingestPort = await freePort();
    const replica = await startReplica(db.database, bus, ingestPort, randomBytes(32).toString('hex'));
    await prepareData(db.database.db, replica.gateway.repos);
    const recordedAt = Date.now();
    const live = recordFleet(join(dir, 'live.txt'), VEHICLES, STEPS);
    const platformPort = await platform.listen(0);
    // Every vehicle registered and bound to the one platform, switched on.
    for (let i = 0; i < live.vins.length; i += 1000) {
      const rows = live.vins.slice(i, i + 1000).map((vin, j) => sql`(${4_000_000_000_000 + i + j}, '000000', ${vin}, ${`B${i + j}`}, 1, 0)`);
      await db.database.db.execute(sql`INSERT INTO wdiov_vehicle (id, tenant_id, vin, plate_number, status, is_deleted) VALUES ${sql.join(rows, sql`, `)}`);
      const binds = live.vins.slice(i, i + 1000).map((_, j) => sql`(${5_000_000_000_000 + i + j}, '000000', 900, ${4_000_000_000_000 + i + j}, 1, 0)`);
      await db.database.db.execute(sql`INSERT INTO wdiov_forward_platform_vehicle (id, tenant_id, forward_platform_id, vehicle_id, status, is_deleted) VALUES ${sql.join(binds, sql`, `)}`);
    }
    // The link's frame rate set far above what this machine can carry: the figures are the link's capacity, not its budget.
    await db.database.db.execute(sql`INSERT INTO wdiov_forward_platform (id, tenant_id, platform_name, platform_type, host, port, protocol, username, password, encryption, forward_status, frame_rate, status, is_deleted)
      VALUES (900, '000000', 'bench', 1, '127.0.0.1', ${platformPort}, 1, 'bench', 'bench', 1, 1, ${FRAME_RATE}, 1, 0)`);
    const fwdBus = await connectNatsBus({ url: child.url, logger });
    const forwarding = await startForwarding({ db: db.database.db, bus: fwdBus, logger, outbound: createOutbound({ allow: ['127.0.0.1'] }), options: { liveWindowMs: LIVE_WINDOW_MS, retryMinMs: 200, retryMaxMs: 500 } });
    await until(() => platform.records.logins, 1);

    // Live: ingest and forwarding side by side.
    const liveFrames = dataFrames(live);
    const rows0 = await rawRows(db.database);
    const sentLive = await replayInto(live, ingestPort);
    const [stored, forwarded] = await Promise.all([
      until(() => rawRows(db.database), rows0 + live.frames.length),
      until(() => platform.records.frames, liveFrames),
    ]);
    sentLive.close();
    const ingestRate = (stored.value - rows0 - VEHICLES) / ((stored.at - sentLive.t0) / 1000);
    const forwardRate = forwarded.value / ((forwarded.at - sentLive.t0) / 1000);
    report({ name: 'forward.live.frames-per-s', unit: 'frames/s', value: forwardRate, limit: ingestRate, limitName: 'ingest with persistence, same run',
      note: `${VEHICLES} vehicles × ${STEPS} reports, ${db.label}, nats-server; ${forwarded.value}/${liveFrames} forwarded (confirmed by heartbeat answers)` });

    // Outage: the platform is down while the next recording goes in.
    await platform.stop();
    // The same fleet, later: its data times must not repeat the live phase's (STEPS s of data).
    await sleep(Math.max(0, recordedAt + (STEPS + 1) * 1000 - Date.now()));
    const outage = recordFleet(join(dir, 'outage.txt'), VEHICLES, STEPS, 1);
    const outageFrames = dataFrames(outage);
    const rows1 = await rawRows(db.database);
    const sentOutage = await replayInto(outage, ingestPort);
    await until(() => rawRows(db.database), rows1 + outage.frames.length);
    sentOutage.close();
    await sleep(LIVE_WINDOW_MS + 1000);
    const before = platform.records.frames;
    const t0 = performance.now();
    await platform.listen(platformPort);
    const drained = await until(() => platform.records.frames - before, outageFrames);
    const drainSeconds = (drained.at - t0) / 1000;
    const reissued = Object.values(platform.records.vehicles).reduce((n, v) => n + v.reissue, 0);
    report({ name: 'forward.backlog.frames-per-s', unit: 'frames/s', value: drained.value / drainSeconds, limit: ingestRate, limitName: 'ingest with persistence, same run',
      note: `${drained.value}/${outageFrames} frames of the outage drained (from the platform's restart, reconnection included); ${reissued} frames went as reissue in all` });
    report({ name: 'forward.backlog.times-real-time', unit: '×', value: STEPS / drainSeconds,
      note: `${STEPS} s of data of ${VEHICLES} vehicles at 1 Hz drained in ${drainSeconds.toFixed(1)} s (target ≥ 5×)` });
    const duplicates = Object.values(platform.records.vehicles).reduce((n, v) => n + v.duplicates, 0);
    report({ name: 'forward.frames-missing-or-extra', unit: 'frames', value: Math.abs(liveFrames + outageFrames - platform.records.frames),
      note: `${platform.records.frames} frames received of ${liveFrames + outageFrames} the vehicles sent (${duplicates} with a data unit received before: the reissue a level-3 alarm repeats); ${platform.records.logins} platform logins` });
    await forwarding.close();
    await fwdBus.close();
    await replica.stop();
    await bus.close();
  } finally {
    await platform.stop();
    await db.dispose();
    await child.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(() => process.exit(0), (e) => {
  console.error(e);
  process.exit(1);
});
