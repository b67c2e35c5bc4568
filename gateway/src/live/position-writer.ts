import type { Logger } from 'pino';
import { streams, telemetry, type Telemetry } from '@wdiov/contracts';
import type { Db } from '../db/client.ts';
import type { DurableConsumer, MessageBus } from '../bus/bus.ts';
import { keyedBigId } from '../lib/keyed-id.ts';
import { bulkInsert, bulkTarget } from '../db/bulk-insert.ts';

/** Snapshots per insert: one statement whatever the count (array parameters). */
const BATCH = 2000;
const DURABLE = 'wdiov-persist-positions';
const n = (v: Telemetry['speedKmh']) => (typeof v === 'number' ? v : null);
const dec = new TextDecoder();

/** A position row's id (keyedId of vehicle and time), as a bigint: a row is written per frame. */
export const positionId = (t: Pick<Telemetry, 'vin' | 'ts'>) => keyedBigId(t.vin, 'position', t.ts);

// Keyed by vehicle and time: a redelivered snapshot finds its row (ON CONFLICT DO NOTHING).
export const positionRows = bulkTarget<Telemetry>('wdiov_position', [
  { name: 'id', type: 'bigint', value: positionId },
  { name: 'tenant_id', type: 'varchar', value: (t) => t.tenantId },
  { name: 'vin', type: 'varchar', value: (t) => t.vin },
  { name: 'ts', type: 'timestamptz', value: (t) => t.ts },
  { name: 'lng', type: 'float8', value: (t) => t.lng },
  { name: 'lat', type: 'float8', value: (t) => t.lat },
  { name: 'speed', type: 'float8', value: (t) => n(t.speedKmh) },
  { name: 'soc', type: 'float8', value: (t) => n(t.socPercent) },
  { name: 'mileage', type: 'float8', value: (t) => n(t.mileageKm) },
  { name: 'voltage', type: 'float8', value: (t) => n(t.totalVoltageV) },
  { name: 'current', type: 'float8', value: (t) => n(t.totalCurrentA) },
  { name: 'heading', type: 'int2', value: (t) => Math.round(t.heading) },
  { name: 'state', type: 'int2', value: (t) => t.state },
  { name: 'alarm_level', type: 'int2', value: (t) => t.alarmLevel },
  { name: 'reissue', type: 'int2', value: (t) => (t.reissue ? 1 : 0) },
], { conflict: ['id'] });

/** One multi-row insert over array parameters (Postgres and PGlite alike); rows already stored are skipped. */
export async function insertPositions(db: Db, rows: Telemetry[]): Promise<void> {
  await bulkInsert(db, positionRows, rows);
}

/**
 * Position history queued on the telemetry work-queue stream, where gateways before the batched
 * raw stream put each snapshot: drained by one durable consumer shared out between the gateways,
 * written many rows per statement and acked only once written. Snapshots now reach position
 * history with their raw frames (RawFramePersister); this consumer idles once the queue is empty.
 */
export class PositionWriter {
  private consumer?: DurableConsumer;
  written = 0;
  rejected = 0;

  constructor(private readonly db: Db, private readonly bus: MessageBus, private readonly logger: Logger) {}

  async start(): Promise<void> {
    this.consumer = await this.bus.consumeDurableBatch(streams.telemetry.name, DURABLE, async (msgs) => {
      const rows: Telemetry[] = [];
      for (const m of msgs) {
        const parsed = telemetry.safeParse(JSON.parse(dec.decode(m.data)));
        if (parsed.success) rows.push(parsed.data);
        else this.rejected++;
      }
      if (rows.length === 0) return;
      try {
        await insertPositions(this.db, rows);
      } catch (err) {
        // Rejecting hands the batch back to the stream: it is written on redelivery.
        this.logger.error({ err, rows: rows.length }, 'position write failed');
        throw err;
      }
      this.written += rows.length;
    }, { maxBatch: BATCH });
  }

  /** Stops once what the stream holds is written (an in-process stream is gone with the process). */
  async stop(): Promise<void> {
    await this.consumer?.stop({ drain: true });
    this.consumer = undefined;
  }
}
