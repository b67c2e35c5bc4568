/**
 * Ingest with persistence: recorded frames replayed over TCP (by a sender in its own process,
 * one connection per vehicle, as fast as the gateway reads) into a gateway with nats-server and
 * Postgres, until every raw frame and every position row is in the database. First every vehicle
 * logs in (a login storm, measured on its own), then all send their reports. Figures:
 * - logins/s and the gateway's CPU per login;
 * - sustained frames/s of the reports, beside Postgres COPY of the same raw rows into the same table;
 * - the gateway's CPU per report frame (process.cpuUsage of every thread / frames), beside the
 *   codec's decode time measured the same way.
 *
 * Database: BENCH_DATABASE_URL names a database the bench may wipe (its tables are dropped and
 * migrated afresh); else a new database on TEST_DATABASE_URL's server; else PGlite in memory.
 * BENCH_INGEST_VEHICLES (5000) × BENCH_INGEST_STEPS (20) frames; BENCH_CPU_PROFILE=FILE writes a
 * CPU profile of the measured window (BENCH_LOGIN_PROFILE=FILE of the logins), BENCH_HEAP_PROFILE=FILE a
 * sampling profile of its allocations.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Session } from 'node:inspector/promises';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { sql } from 'drizzle-orm';
import { decodeFrame } from '@wdiov/contracts/protocol/index';
import { connectNatsBus } from '../src/bus/nats-bus.ts';
import { freePort, startNatsChild } from '../src/bus/nats-child.ts';
import { openDatabase, queryRows, type Database } from '../src/db/client.ts';
import { createLogger } from '../src/lib/logger.ts';
import { nextId } from '../src/lib/ids.ts';
import { prepareData } from '../src/seed/seed.ts';
import { startReplica } from '../../tests/system/system-gateway.ts';
import { benchDatabase, cpuProfile, cpuSplit, cpuSplitText, report } from './bench-util.ts';
import { recordFleet } from './ingest-recording.ts';

const VEHICLES = Number(process.env.BENCH_INGEST_VEHICLES ?? 5000);
const STEPS = Number(process.env.BENCH_INGEST_STEPS ?? 20);
const STALL_MS = 30_000;
const logger = createLogger('silent');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function wipeAndOpen(url: string): Promise<{ database: Database; url: string; dispose: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public');
  await admin.end();
  const database = await openDatabase({ url });
  return { database, url, dispose: () => database.close() };
}

async function openBenchDatabase() {
  if (process.env.BENCH_DATABASE_URL) return { ...(await wipeAndOpen(process.env.BENCH_DATABASE_URL)), label: 'postgres' };
  const b = await benchDatabase();
  return { database: b.database, url: b.url, label: b.label, dispose: b.dispose };
}

async function registerVehicles(database: Database, vins: string[]): Promise<void> {
  for (let i = 0; i < vins.length; i += 1000) {
    const rows = vins.slice(i, i + 1000).map((vin, j) => `(${4_000_000_000_000 + i + j}, '000000', '${vin}', 'B${i + j}', 1, 0, now(), now())`).join(',');
    await database.db.execute(sql.raw(`INSERT INTO wdiov_vehicle (id, tenant_id, vin, plate_number, status, is_deleted, create_time, update_time) VALUES ${rows}`));
  }
}

const countOf = async (database: Database, table: string) =>
  Number((await queryRows<{ n: string }>(database.db, sql.raw(`SELECT count(*)::text AS n FROM ${table}`)))[0]!.n);

/** COPY of the same raw rows (fresh ids) into the same table: the database's own limit for this write. */
async function copyLimit(url: string, frames: Uint8Array[], vins: string[]): Promise<number> {
  const now = new Date().toISOString();
  const lines = frames.map((f, i) => `${nextId()}\t000000\t${vins[i % vins.length]}\t${f[2]}\t${now}\t\\\\x${Buffer.from(f).toString('hex')}\n`).join('');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const t0 = performance.now();
  await pipeline(Readable.from([lines]), client.query(copyFrom('COPY wdiov_raw_frame (id, tenant_id, vin, command, received_at, frame) FROM STDIN')));
  const rate = frames.length / ((performance.now() - t0) / 1000);
  await client.end();
  return rate;
}

/** CPU time (not wall time: the machine is shared) of decoding one frame, the same unit as the gateway's figure. */
function decodeMicros(frames: Uint8Array[]): number {
  const c0 = process.cpuUsage();
  let n = 0;
  while (process.cpuUsage(c0).user < 1_000_000) for (let i = 0; i < frames.length && i < 20_000; i++, n++) decodeFrame(frames[i]!);
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / n;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'wdiov-bench-ingest-'));
  const child = await startNatsChild({ dataDir: join(dir, 'nats') });
  const db = await openBenchDatabase();
  try {
    const rec = recordFleet(join(dir, 'frames.txt'), VEHICLES, STEPS);
    const bus = await connectNatsBus({ url: child.url, logger });
    const ingestPort = await freePort();
    // As `npm start` runs on NATS and Postgres: the persisters in their own thread (BENCH_PERSIST_THREAD=off: in the main one).
    const persistTo = db.url && process.env.BENCH_PERSIST_THREAD !== 'off' ? { natsUrl: child.url, databaseUrl: db.url } : undefined;
    const replica = await startReplica(db.database, bus, ingestPort, randomBytes(32).toString('hex'), persistTo);
    await prepareData(db.database.db, replica.gateway.repos);
    await registerVehicles(db.database, rec.vins);
    const expected = { raw: rec.frames.length, positions: rec.positions };

    // Phase 1, a login storm: every vehicle connects and logs in (not counted as data).
    const sender = fork(new URL('./ingest-sender.ts', import.meta.url), [rec.file, '127.0.0.1', String(ingestPort)], { execArgv: ['--import', 'tsx'] });
    let senderReport: { phase: string; sent: number; connections: number; failed: number } | undefined;
    sender.on('message', (m) => (senderReport = m as typeof senderReport));
    const stats = replica.streaming.ingest!.stats;
    const stopLoginProfile = await cpuProfile(process.env.BENCH_LOGIN_PROFILE);
    const loginCpu0 = process.cpuUsage();
    const l0 = performance.now();
    while (stats.frames < VEHICLES && performance.now() - l0 < STALL_MS) await sleep(20);
    const loginSeconds = (performance.now() - l0) / 1000;
    const loginCpu = process.cpuUsage(loginCpu0);
    await stopLoginProfile();
    await sleep(1000);

    // Phase 2, sustained data: every vehicle sends its reports as fast as the gateway reads them.
    const stopProfile = await cpuProfile(process.env.BENCH_CPU_PROFILE);
    // BENCH_HEAP_PROFILE=FILE: where the main thread allocates over the window (collected objects included).
    const heap = process.env.BENCH_HEAP_PROFILE ? new Session() : undefined;
    if (heap) {
      heap.connect();
      await heap.post('HeapProfiler.enable');
      await heap.post('HeapProfiler.startSampling', { samplingInterval: 16384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    }
    const cpu0 = process.cpuUsage();
    const parts = () => cpuSplit(db.url ? new URL(db.url).pathname.slice(1) : undefined, { 'nats-server': child.pid, sender: sender.pid! });
    const split0 = parts();
    const t0 = performance.now();
    sender.send('go');
    let raw = 0;
    let positions = 0;
    let lastProgress = performance.now();
    while (raw < expected.raw || positions < expected.positions) {
      await sleep(200);
      const [r, p] = [await countOf(db.database, 'wdiov_raw_frame'), await countOf(db.database, 'wdiov_position')];
      if (r !== raw || p !== positions) lastProgress = performance.now();
      [raw, positions] = [r, p];
      if (performance.now() - lastProgress > STALL_MS) break;
    }
    // Until the last row arrived (a stall at the end is not counted as ingest time).
    const seconds = (lastProgress - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const split = cpuSplitText(split0, parts(), expected.raw - VEHICLES);
    await stopProfile();
    if (heap) {
      const { profile: p } = await heap.post('HeapProfiler.stopSampling');
      writeFileSync(process.env.BENCH_HEAP_PROFILE!, JSON.stringify(p));
    }
    sender.send('close');
    const note = `${VEHICLES} vehicles × ${STEPS} reports, ${db.label}, nats-server, persisters ${replica.streaming.persistence.where}; ${raw}/${expected.raw} raw rows, ${positions}/${expected.positions} positions`;
    const dataFrames = expected.raw - VEHICLES;
    const cpuPerFrame = (cpu.user + cpu.system) / dataFrames;
    const decode = decodeMicros(rec.frames);
    const copy = db.url ? await copyLimit(db.url, rec.frames, rec.vins) : undefined;
    report({ name: 'ingest.logins-per-s', unit: 'logins/s', value: VEHICLES / loginSeconds, note: `${VEHICLES} vehicles connecting 200 at a time; ${Math.round((loginCpu.user + loginCpu.system) / VEHICLES)} µs of gateway CPU per login (VIN look-up, open alarms and fences, session)` });
    report({ name: 'ingest.persisted.frames-per-s', unit: 'frames/s', value: dataFrames / seconds, ...(copy ? { limit: copy, limitName: 'Postgres COPY, same rows and table' } : {}), note });
    report({ name: 'ingest.gateway-cpu-per-frame', unit: 'µs', value: cpuPerFrame, limit: decode, limitName: 'codec decode per frame, CPU time', note: `${stats.paused} pauses for backpressure, ${stats.rateLimited} rate-limited; CPU per frame of each part sharing the cores: ${split}` });
    const sent = senderReport?.phase === 'data' ? `sender wrote ${senderReport.sent} frames on ${senderReport.connections} connections (${senderReport.failed} failed)` : 'sender still writing';
    report({ name: 'ingest.frames-missing', unit: 'frames', value: expected.raw - raw + (expected.positions - positions), note: `raw rows and position rows not in the database at the end (0 = none lost); ${sent}; gateway read ${stats.frames} frames, ${stats.unknownVin} unknown VINs, ${stats.errors} errors` });
    await replica.stop();
    await bus.close();
  } finally {
    await db.dispose();
    await child.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(() => process.exit(0), (err) => {
  console.error(err);
  process.exit(1);
});
