import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutbound } from '../outbound/outbound-policy.ts';
import { sql } from 'drizzle-orm';
import { encodeRawFrameBatch, subjects } from '@wdiov/contracts';
import { SuperiorPlatform } from '../../../simulators/src/superior-platform.ts';
import { freshDatabase } from '../../test/test-gateway.ts';
import { realtimeFrame } from '../../test/gbt-frames.ts';
import { MemoryBus } from '../bus/memory-bus.ts';
import { queryRows, type Database } from '../db/client.ts';
import { forwardTargets } from './forward-filter.ts';
import { ForwardRecords } from './forward-records.ts';
import { DEFAULT_FORWARD_OPTIONS, PlatformForwarder, type PlatformConfig } from './platform-forwarder.ts';
import { localLease } from './platform-lease.ts';
import { dbSentRecord, type SentRecord } from './sent-record.ts';

const TENANT = '000000';
const silent = { warn: () => {}, info: () => {}, error: () => {} };
let database: Database;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ database, dispose } = await freshDatabase({ seeded: true }));
});
afterAll(() => dispose());

/** Polls until the condition holds (a generous deadline: the machine may be busy). */
async function until(what: string, ok: () => boolean | Promise<boolean>): Promise<void> {
  for (const end = Date.now() + 30_000; !(await ok()); await new Promise((r) => setTimeout(r, 20))) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
  }
}

describe('sent-record of a platform', () => {
  it('answers the ids confirmed most recently, oldest first, within the retention of the newest row; pruning drops older rows', async () => {
    let clock = Date.parse('2026-11-20T08:00:00Z');
    const options = { retentionMs: 60_000, pruneEveryMs: 10_000, now: () => clock };
    const a = dbSentRecord(database.db, '700101', options);
    const other = dbSentRecord(database.db, '700102', options);
    await a.write(['1', '2']);
    await other.write(['9']);
    clock += 50_000;
    await a.write(['3', '4', '5']);
    await a.write([]);
    expect(await a.recent(100)).toEqual(['1', '2', '3', '4', '5']);
    expect(await a.recent(2)).toEqual(['4', '5']);
    // Hours later (nobody forwarded meanwhile) the rows are still there for the next forwarder.
    clock += 3 * 3600_000;
    expect(await a.recent(100)).toEqual(['1', '2', '3', '4', '5']);
    // The next write is more than the retention after the first two rows: they drop out, and the prune deletes them.
    clock = Date.parse('2026-11-20T08:01:10Z');
    await a.write(['6']);
    expect(await a.recent(100)).toEqual(['3', '4', '5', '6']);
    const stored = async () => (await queryRows<{ n: string }>(database.db, sql`SELECT count(*)::text AS n FROM wdiov_forward_sent WHERE forward_platform_id = 700101`))[0]!.n;
    await until('the prune', async () => (await stored()) === '2');
    expect(await other.recent(100)).toEqual(['9']);
  });
});

/**
 * A forwarder killed just after the platform confirmed a send (the confirmed frames noted, their
 * stream messages not acked), and the forwarder that takes over: it gets those messages again.
 */
describe('forwarding resumed after a kill', () => {
  const VINS = ['LFWDRESUME0000001', 'LFWDRESUME0000002', 'LFWDRESUME0000003'];
  const T0 = Date.parse('2026-11-20T08:00:00Z');
  let nextRowId = 0;

  /** Six stream messages of five frames each (the vehicles in turn), all received just now. */
  async function publishFrames(bus: MemoryBus): Promise<number> {
    let frames = 0;
    for (let m = 0; m < 6; m++) {
      const rows = Array.from({ length: 5 }, (_, i) => ({ vin: VINS[(m + i) % VINS.length]!, at: T0 + (m * 5 + i) * 1000 }));
      await bus.publishDurable(subjects.raw(VINS[m % VINS.length]!), encodeRawFrameBatch({
        id: rows.map(() => String(8_000_000_000 + ++nextRowId)), tenantId: rows.map(() => TENANT), vin: rows.map((r) => r.vin),
        command: rows.map(() => 0x02), receivedAt: rows.map(() => Date.now()), frame: rows.map((r) => realtimeFrame(r)),
      }));
      frames += rows.length;
    }
    return frames;
  }

  /** Runs the kill and the take-over; answers how often the platform got each frame (by VIN and time). */
  async function killAndResume(platformId: string, sentOf: (record: SentRecord) => SentRecord) {
    const bus = new MemoryBus({ logger: silent });
    const platform = new SuperiorPlatform();
    const port = await platform.listen(0);
    const config: PlatformConfig = {
      id: platformId, tenantId: TENANT, host: '127.0.0.1', port, frameRate: null, encryptionKey: null,
      identity: { edition: '2016', platformCode: 'PLATFORM000000001', username: 'u', password: 'p', encryptionRule: 1 },
    };
    const targets = forwardTargets(TENANT, VINS.map((vin, i) => ({ vin, vehicleId: String(700_200 + i), fromMs: 0 })), []);
    const records = new ForwardRecords(database.db, TENANT, platformId, 3_600_000);
    const forwarder = (sent: SentRecord) => new PlatformForwarder(config, {
      bus, lease: localLease(), records, sent, logger: silent, targets: async () => targets, setState: () => {}, outbound: createOutbound({ allow: ['127.0.0.1'] }),
      // Every frame goes as realtime, however long a busy machine takes to hand it over.
      options: { ...DEFAULT_FORWARD_OPTIONS, liveWindowMs: 3_600_000, maxBatch: 2, retryMinMs: 50, retryMaxMs: 200 },
    });
    try {
      const total = await publishFrames(bus);
      const durable = sentOf(dbSentRecord(database.db, platformId));
      let writes = 0;
      let first: PlatformForwarder | null = null;
      let killed: Promise<void> | null = null;
      // The kill lands after the second confirmed send was noted, before its messages were acked.
      first = forwarder({ recent: (n) => durable.recent(n), write: async (ids) => {
        await durable.write(ids);
        if (++writes === 2) killed = first!.abort();
      } });
      first.start();
      await until('the kill', () => killed !== null);
      await killed;
      const beforeTakeOver = platform.records.frames;
      const second = forwarder(durable);
      second.start();
      await until('every frame at the platform', () => new Set(platform.received.map((r) => `${r.vin}@${r.time}`)).size === total);
      await second.stop();
      const times = new Map<string, number>();
      for (const r of platform.received) times.set(`${r.vin}@${r.time}`, (times.get(`${r.vin}@${r.time}`) ?? 0) + 1);
      return { total, beforeTakeOver, received: platform.records.frames, sentTwice: [...times].filter(([, n]) => n > 1).map(([k]) => k) };
    } finally {
      records.discard();
      await platform.stop();
      await bus.close();
    }
  }

  it('the frames the platform confirmed before the kill go no more: every frame exactly once', async () => {
    const run = await killAndResume('700103', (record) => record);
    // The first forwarder had sent two of the three message pairs; the second sent only the third.
    expect(run.beforeTakeOver).toBe(20);
    expect(run.sentTwice).toEqual([]);
    expect(run.received).toBe(run.total);
  });

  it('without the record read back, the unacked messages would go again (what the record prevents)', async () => {
    const run = await killAndResume('700104', (record) => ({ recent: async () => [], write: (ids) => record.write(ids) }));
    expect(run.beforeTakeOver).toBe(20);
    expect(run.sentTwice).toHaveLength(10);
  });
});
