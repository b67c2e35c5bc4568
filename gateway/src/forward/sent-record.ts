/**
 * The durable side of "a frame the platform confirmed is never sent again". The raw-stream
 * messages of a platform are acked only after the platform confirmed their frames, and an ack
 * is one more message on its way: a gateway that dies between the platform's answer and the
 * ack's arrival leaves those messages pending, and the next gateway would send their frames a
 * second time. So each confirmed send's frame row ids are written here first (awaited before
 * the ack goes), and a forwarder taking the platform over reads the recent ones back before it
 * sends anything. Rows are pruned once older than the retention, counted from the newest row of
 * the platform, so a platform nobody forwarded for a while keeps the rows its next forwarder
 * needs.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import { nextId } from '../lib/ids.ts';

export interface SentRecord {
  /** Row ids of the frames confirmed most recently (at most `limit`), oldest first. */
  recent(limit: number): Promise<string[]>;
  /** Notes frames the platform confirmed; resolves once stored. */
  write(frameIds: readonly string[]): Promise<void>;
}

export interface SentRecordOptions {
  /** Rows older than this (before the platform's newest) are deleted. */
  retentionMs: number;
  /** How often the writer prunes. */
  pruneEveryMs: number;
  now?: () => number;
}

export const DEFAULT_SENT_RECORD: SentRecordOptions = { retentionMs: 15 * 60_000, pruneEveryMs: 60_000 };

/** The record of one platform in wdiov_forward_sent. */
export function dbSentRecord(db: Db, platformId: string, options: SentRecordOptions = DEFAULT_SENT_RECORD): SentRecord {
  const now = options.now ?? Date.now;
  let prunedAt = now();
  const prune = async (at: number) => {
    prunedAt = at;
    await db.execute(sql`DELETE FROM wdiov_forward_sent WHERE forward_platform_id = ${platformId} AND confirmed_at < ${new Date(at - options.retentionMs)}`);
  };
  return {
    async recent(limit) {
      // The rows within the retention of the newest one, newest first, cut at `limit` ids.
      const rows = await queryRows<{ id: string }>(db, sql`
        SELECT u.id::text AS id FROM wdiov_forward_sent s CROSS JOIN LATERAL unnest(s.frame_ids) WITH ORDINALITY AS u(id, n)
        WHERE s.forward_platform_id = ${platformId} AND s.confirmed_at >= (
          SELECT max(confirmed_at) FROM wdiov_forward_sent WHERE forward_platform_id = ${platformId}) - ${`${options.retentionMs} milliseconds`}::interval
        ORDER BY s.confirmed_at DESC, u.n DESC LIMIT ${limit}`);
      return rows.map((r) => r.id).reverse();
    },
    async write(frameIds) {
      if (frameIds.length === 0) return;
      const at = now();
      await db.execute(sql`INSERT INTO wdiov_forward_sent (id, forward_platform_id, confirmed_at, frame_ids)
        VALUES (${nextId()}, ${platformId}, ${new Date(at)}, ${sql.param([...frameIds])}::bigint[])`);
      // Pruning is not waited for: the ack that follows needs only the insert.
      if (at - prunedAt >= options.pruneEveryMs) void prune(at).catch(() => {});
    },
  };
}
