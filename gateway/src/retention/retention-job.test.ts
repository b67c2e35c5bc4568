import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { freshDatabase } from '../../test/test-gateway.ts';
import { queryRows, type Db } from '../db/client.ts';
import { pruneTable, RetentionJob, retentionTargets, type JobLease } from './retention-job.ts';

// Runs on PGlite, and on the Postgres server of TEST_DATABASE_URL when it is set (the Postgres run of the suite).
const DAY_MS = 86_400_000;
const NOW = Date.UTC(2026, 5, 1, 12);
const ago = (days: number) => new Date(NOW - days * DAY_MS);
const logger = pino({ level: 'silent' });

let db: Db;
let dispose: () => Promise<void>;
beforeAll(async () => {
  const fresh = await freshDatabase();
  db = fresh.database.db;
  dispose = fresh.dispose;
});
afterAll(async () => dispose?.());

/** Rows of vehicle `vin` aged `days` (one raw frame and one position each), ids from `base`. */
async function rowsAged(base: number, vin: string, days: number[], tenant = '000000') {
  for (const [i, d] of days.entries()) {
    const id = String(base + i);
    await db.execute(sql`INSERT INTO wdiov_position (id, tenant_id, vin, ts, lng, lat) VALUES (${id}, ${tenant}, ${vin}, ${ago(d)}, 114, 22)`);
    await db.execute(sql`INSERT INTO wdiov_raw_frame (id, tenant_id, vin, command, received_at, hex) VALUES (${id}, ${tenant}, ${vin}, 2, ${ago(d)}, '2323')`);
  }
}
const idsOf = async (table: 'wdiov_position' | 'wdiov_raw_frame', vinPrefix: string) =>
  (await queryRows<{ id: string }>(db, sql`SELECT id::text AS id FROM ${sql.identifier(table)} WHERE vin LIKE ${`${vinPrefix}%`} ORDER BY id`)).map((r) => r.id);

/** A lease held by one holder at a time, as Postgres advisory locks hold it between gateways. */
function sharedLease() {
  let holder: object | undefined;
  return (): JobLease => {
    const me = {};
    return {
      tryAcquire: async () => (holder ??= me) === me,
      close: async () => void (holder === me && (holder = undefined)),
    };
  };
}

describe('retention', () => {
  it('deletes raw frames and positions past their days, in batches over every vehicle, and keeps the newer ones', async () => {
    await rowsAged(8_100_000, 'RETAINA0000000001', [40, 31, 29, 1, 0]);
    await rowsAged(8_200_000, 'RETAINB0000000001', [200, 181, 35, 179], '000001');
    const job = new RetentionJob(db, sharedLease()(), retentionTargets({ RETENTION_RAW_FRAME_DAYS: 30, RETENTION_POSITION_DAYS: 180 }), logger, { batchRows: 1, pauseMs: 0, now: () => NOW });
    const deleted = await job.runOnce();
    expect(deleted).toEqual({ wdiov_raw_frame: 6, wdiov_position: 2 });
    expect(await idsOf('wdiov_raw_frame', 'RETAIN')).toEqual(['8100002', '8100003', '8100004']);
    expect(await idsOf('wdiov_position', 'RETAIN')).toEqual(['8100000', '8100001', '8100002', '8100003', '8100004', '8200002', '8200003']);
    // A second pass finds nothing more.
    expect(await job.runOnce()).toEqual({ wdiov_raw_frame: 0, wdiov_position: 0 });
  });

  it('ends a pass at once when the gateway stops (no statement after the abort)', async () => {
    await rowsAged(8_350_000, 'RETAINE0000000001', [4000]);
    expect(await pruneTable(db, { table: 'wdiov_position', column: 'ts', days: 1 }, { now: () => NOW, signal: AbortSignal.abort() })).toBe(0);
    expect(await idsOf('wdiov_position', 'RETAINE')).toEqual(['8350000']);
    // The same pass, not stopped, deletes it.
    expect(await pruneTable(db, { table: 'wdiov_position', column: 'ts', days: 1 }, { now: () => NOW })).toBeGreaterThanOrEqual(1);
    expect(await idsOf('wdiov_position', 'RETAINE')).toEqual([]);
  });

  it('keeps everything of a table whose days are 0', async () => {
    await rowsAged(8_300_000, 'RETAINC0000000001', [4000]);
    expect(await pruneTable(db, { table: 'wdiov_position', column: 'ts', days: 0 }, { now: () => NOW })).toBe(0);
    expect(await idsOf('wdiov_position', 'RETAINC')).toEqual(['8300000']);
  });

  it('runs on one gateway at a time: the holder of the lease, until it stops', async () => {
    await rowsAged(8_400_000, 'RETAIND0000000001', [100]);
    const lease = sharedLease();
    const targets = retentionTargets({ RETENTION_RAW_FRAME_DAYS: 30, RETENTION_POSITION_DAYS: 0 });
    const a = new RetentionJob(db, lease(), targets, logger, { now: () => NOW });
    const b = new RetentionJob(db, lease(), targets, logger, { now: () => NOW });
    expect(await a.runOnce()).toMatchObject({ wdiov_position: 0 });
    expect(await idsOf('wdiov_raw_frame', 'RETAIND')).toEqual([]);
    expect(await idsOf('wdiov_position', 'RETAIND')).toEqual(['8400000']);
    expect(await b.runOnce()).toBeNull();
    await a.stop();
    expect(await b.runOnce()).toEqual({ wdiov_raw_frame: 0, wdiov_position: 0 });
    await b.stop();
  });
});
