import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { count, eq } from 'drizzle-orm';
import { encodeRawFrameBatch, subjects, type RawFrameBatchOut } from '@wdiov/contracts';
import { connectNatsBus } from '../bus/nats-bus.ts';
import { natsServerAvailable, startNatsChild, type NatsChild } from '../bus/nats-child.ts';
import type { MessageBus } from '../bus/bus.ts';
import type { Database } from '../db/client.ts';
import { positions, rawFrames } from '../db/schema/index.ts';
import { createLogger } from '../lib/logger.ts';
import { nextId } from '../lib/ids.ts';
import { freshDatabase } from '../../test/test-gateway.ts';
import { until } from '../../test/terminal-client.ts';
import { snapshot } from '../../test/telemetry-fixture.ts';
import { ownNice, threadNices } from '../../test/thread-nices.ts';
import { PERSISTENCE_THREAD_NICE, startPersistence } from './persistence.ts';

// The thread connects to a Postgres server and nats-server of its own: this runs in the suite's
// Postgres run (TEST_DATABASE_URL), where CI requires both.
const databaseUrl = process.env.TEST_DATABASE_URL;
const natsReady = await natsServerAvailable();
const run = Boolean(databaseUrl) && (natsReady || process.env.CI === 'true');
if (!run) console.log(`persistence thread tests skipped: ${databaseUrl ? 'nats-server is not on PATH' : 'they run with TEST_DATABASE_URL (the Postgres run)'}`);

// Each test starts a thread twice, and each start loads the gateway's code: minutes on a loaded machine.
describe.runIf(run)('persistence thread', () => {
  const logger = createLogger('silent');
  let child: NatsChild;
  let dir: string;
  let bus: MessageBus;
  let db: { database: Database; url: string; dispose: () => Promise<void> };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wdiov-persist-'));
    child = await startNatsChild({ dataDir: dir });
    bus = await connectNatsBus({ url: child.url, logger });
    const fresh = await freshDatabase();
    db = { ...fresh, url: fresh.url! };
  });
  afterAll(async () => {
    await bus?.close();
    await db?.dispose();
    await child?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const batchOf = (vin: string, from: number, n: number): RawFrameBatchOut => ({
    id: Array.from({ length: n }, () => nextId()), tenantId: Array(n).fill('000000'), vin: Array(n).fill(vin),
    command: Array(n).fill(2), receivedAt: Array.from({ length: n }, (_, i) => 1_700_000_000_000 + (from + i) * 1000), frame: Array(n).fill(Uint8Array.of(0x23, 0x23)),
    telemetry: Array.from({ length: n }, (_, i) => snapshot(vin, 1_700_000_000_000 + (from + i) * 1000)),
  });
  const rowsOf = async (vin: string) => {
    const [r] = await db.database.db.select({ n: count() }).from(rawFrames).where(eq(rawFrames.vin, vin));
    const [p] = await db.database.db.select({ n: count() }).from(positions).where(eq(positions.vin, vin));
    return [r!.n, p!.n];
  };

  const publish = (b: RawFrameBatchOut) => bus.publishDurable(subjects.rawBatch('t1'), encodeRawFrameBatch(b));

  it('writes raw frames and positions from its own connections, and a new thread takes up what arrived while none ran, each row once', async () => {
    const vin = 'LPERSISTTHREAD001';
    const target = { natsUrl: child.url, databaseUrl: db.url };
    const niced = Math.min(19, ownNice() + PERSISTENCE_THREAD_NICE);
    const before = threadNices().filter((n) => n === niced).length;
    const first = await startPersistence(db.database.db, bus, logger, target, 'silent');
    expect(first.where).toBe('thread');
    // It runs below the event loop (relative to the suite's own nice).
    expect(threadNices().filter((n) => n === niced).length).toBeGreaterThan(before);
    const firstBatch = batchOf(vin, 0, 5);
    await publish(firstBatch);
    await until(async () => (await rowsOf(vin)).join() === '5,5' || undefined, 60_000);
    await until(() => first.counts().rawFrames >= 5 || undefined, 30_000);
    await first.stop();

    // While no thread runs: new frames, and the first batch again (as a redelivery after a crash before its ack).
    await publish(batchOf(vin, 5, 3));
    await publish(firstBatch);
    expect(await rowsOf(vin)).toEqual([5, 5]);
    const second = await startPersistence(db.database.db, bus, logger, target, 'silent');
    // This thread counts the 3 new rows and the 5 of the batch written again (its rows found in place).
    await until(() => second.counts().rawFrames >= 8 || undefined, 60_000);
    expect(await rowsOf(vin)).toEqual([8, 8]);
    await second.stop();
  }, 150_000);

  it('starts a thread that died again, and stops at once while none runs', async () => {
    const vin = 'LPERSISTTHREAD002';
    const persistence = await startPersistence(db.database.db, bus, logger, { natsUrl: child.url, databaseUrl: db.url }, 'silent');
    const thread = () => (persistence as unknown as { worker: Worker }).worker;
    await thread().terminate();
    expect(persistence.running()).toBe(false);
    // What arrives meanwhile waits in the stream for the next thread.
    await publish(batchOf(vin, 0, 4));
    await until(async () => (await rowsOf(vin)).join() === '4,4' || undefined, 60_000);
    expect(persistence.running()).toBe(true);
    // Dead again and stopped before its restart: stop returns, and no thread starts after it.
    await thread().terminate();
    await persistence.stop();
    await new Promise((r) => setTimeout(r, 1500));
    expect(persistence.running()).toBe(false);
  }, 150_000);
});
