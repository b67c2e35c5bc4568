/**
 * Retention of the two tables that grow with every frame: raw frames and position history. Rows
 * older than the configured number of days are deleted in small batches, one vehicle at a time
 * through the (tenant_id, vin, time) index each table already has, with a pause between batches:
 * every statement is short and takes row locks only, so ingest's COPY never waits behind it.
 * The tables are not partitioned (docs/scale-out.md: dropping day partitions is the plan at fleet
 * scale); the vehicles are enumerated by a skip scan of the same index, so rows of vehicles no
 * longer in master data go too. One gateway at a time runs it: the holder of a lease it keeps
 * until it stops or dies (on Postgres a session advisory lock, as forwarding uses).
 */
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { queryRows, type Db } from '../db/client.ts';
import type { Env } from '../env.ts';

export interface RetentionTarget {
  table: 'wdiov_raw_frame' | 'wdiov_position';
  /** The time a row's age is measured by (the last column of the table's vehicle-and-time index). */
  column: 'received_at' | 'ts';
  /** Rows older than this many days go; 0 keeps them for ever. */
  days: number;
}

export function retentionTargets(env: Pick<Env, 'RETENTION_RAW_FRAME_DAYS' | 'RETENTION_POSITION_DAYS'>): RetentionTarget[] {
  return [
    { table: 'wdiov_raw_frame', column: 'received_at', days: env.RETENTION_RAW_FRAME_DAYS },
    { table: 'wdiov_position', column: 'ts', days: env.RETENTION_POSITION_DAYS },
  ];
}

/** Exactly one gateway runs the job: the one holding the lease, until it stops or dies. */
export interface JobLease {
  tryAcquire(name: string): Promise<boolean>;
  /** Lets every lease of this holder go (on Postgres: ends the session holding the lock). */
  close(): Promise<void>;
}

export interface RetentionOptions {
  /** Rows per DELETE statement. */
  batchRows?: number;
  /** Pause between statements, so ingest's writes interleave. */
  pauseMs?: number;
  now?: () => number;
  /** Aborted when the gateway stops: the pass ends before its next statement (a first pass can take hours). */
  signal?: AbortSignal;
}

const DAY_MS = 86_400_000;
/** Rows past their days by up to an hour more are no burden; an hourly pass keeps each one short. */
export const RETENTION_INTERVAL_MS = 3_600_000;
const LEASE = 'retention';
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The vehicles that have rows in `table`: a skip scan of its (tenant_id, vin, …) index, one probe per vehicle. */
async function vehiclesOf(db: Db, table: string): Promise<{ tenant_id: string; vin: string }[]> {
  const t = sql.identifier(table);
  return queryRows(db, sql`
    WITH RECURSIVE v(tenant_id, vin) AS (
      (SELECT tenant_id, vin FROM ${t} ORDER BY tenant_id, vin LIMIT 1)
      UNION ALL
      SELECT n.tenant_id, n.vin FROM v, LATERAL (
        SELECT r.tenant_id, r.vin FROM ${t} r WHERE (r.tenant_id, r.vin) > (v.tenant_id, v.vin) ORDER BY r.tenant_id, r.vin LIMIT 1
      ) n
    )
    SELECT tenant_id, vin FROM v`);
}

/** Deletes the rows of `target` older than its days, batch by batch; answers how many went. */
export async function pruneTable(db: Db, target: RetentionTarget, options: RetentionOptions = {}): Promise<number> {
  if (target.days <= 0) return 0;
  const { batchRows = 5_000, pauseMs = 20, now = Date.now, signal } = options;
  const cutoff = new Date(now() - target.days * DAY_MS);
  const t = sql.identifier(target.table);
  const c = sql.identifier(target.column);
  let deleted = 0;
  for (const v of await vehiclesOf(db, target.table)) {
    for (;;) {
      if (signal?.aborted) return deleted;
      const [row] = await queryRows<{ n: number }>(db, sql`
        WITH gone AS (
          DELETE FROM ${t} WHERE ctid = ANY(ARRAY(
            SELECT ctid FROM ${t} WHERE tenant_id = ${v.tenant_id} AND vin = ${v.vin} AND ${c} < ${cutoff} LIMIT ${batchRows}
          )) RETURNING 1
        )
        SELECT count(*)::int AS n FROM gone`);
      const n = Number(row?.n ?? 0);
      deleted += n;
      if (n < batchRows) break;
      await pause(pauseMs);
    }
  }
  return deleted;
}

/** Runs the retention every `intervalMs` on whichever gateway holds the lease. */
export class RetentionJob {
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  private readonly stopping = new AbortController();

  constructor(
    private readonly db: Db,
    private readonly lease: JobLease,
    private readonly targets: RetentionTarget[],
    private readonly logger: Pick<Logger, 'info' | 'error'>,
    private readonly options: RetentionOptions = {},
  ) {}

  /** One pass if this gateway holds the lease: the rows deleted per table, or null when another gateway runs it. */
  async runOnce(): Promise<Record<string, number> | null> {
    if (this.targets.every((t) => t.days <= 0)) return {};
    if (!(await this.lease.tryAcquire(LEASE))) return null;
    const deleted: Record<string, number> = {};
    const options = { ...this.options, signal: this.stopping.signal };
    for (const target of this.targets) deleted[target.table] = await pruneTable(this.db, target, options);
    if (Object.values(deleted).some((n) => n > 0)) this.logger.info({ deleted }, 'retention: old rows deleted');
    return deleted;
  }

  start(intervalMs: number): void {
    const tick = () => {
      // A pass still running (a large first one) is not started twice.
      this.running ??= this.runOnce()
        .catch((err) => this.logger.error({ err }, 'retention pass failed'))
        .finally(() => (this.running = undefined));
    };
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
    tick();
  }

  /** Stops and lets the lease go, so another gateway takes the job over at its next tick. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.stopping.abort();
    await this.running;
    await this.lease.close().catch(() => undefined);
  }
}
