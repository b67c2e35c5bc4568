import type { Logger } from 'pino';
import { sql } from 'drizzle-orm';
import { streams, telemetry, type Telemetry } from '@wdiov/contracts';
import type { Db } from '../db/client.ts';
import type { DurableConsumer, MessageBus } from '../bus/bus.ts';
import { keyedId } from '../lib/keyed-id.ts';

/** Snapshots per insert: one statement whatever the count (array parameters). */
const BATCH = 2000;
const DURABLE = 'wdiov-persist-positions';
const n = (v: Telemetry['speedKmh']) => (typeof v === 'number' ? v : null);
const dec = new TextDecoder();

/** Position rows column by column: each column travels as one array parameter. */
class PositionColumns {
  readonly id: string[] = [];
  readonly tenantId: string[] = [];
  readonly vin: string[] = [];
  readonly ts: string[] = [];
  readonly lng: (number | null)[] = [];
  readonly lat: (number | null)[] = [];
  readonly speed: (number | null)[] = [];
  readonly soc: (number | null)[] = [];
  readonly mileage: (number | null)[] = [];
  readonly voltage: (number | null)[] = [];
  readonly current: (number | null)[] = [];
  readonly heading: number[] = [];
  readonly state: number[] = [];
  readonly alarmLevel: number[] = [];
  readonly reissue: number[] = [];

  add(t: Telemetry): void {
    // Keyed by vehicle and time: a redelivered snapshot finds its row (ON CONFLICT DO NOTHING).
    this.id.push(positionId(t));
    this.tenantId.push(t.tenantId);
    this.vin.push(t.vin);
    this.ts.push(new Date(t.ts).toISOString());
    this.lng.push(t.lng);
    this.lat.push(t.lat);
    this.speed.push(n(t.speedKmh));
    this.soc.push(n(t.socPercent));
    this.mileage.push(n(t.mileageKm));
    this.voltage.push(n(t.totalVoltageV));
    this.current.push(n(t.totalCurrentA));
    this.heading.push(Math.round(t.heading));
    this.state.push(t.state);
    this.alarmLevel.push(t.alarmLevel);
    this.reissue.push(t.reissue ? 1 : 0);
  }

  get length(): number {
    return this.id.length;
  }
}

export const positionId = (t: Pick<Telemetry, 'vin' | 'ts'>) => keyedId(t.vin, 'position', t.ts);

/** One multi-row insert over array parameters (Postgres and PGlite alike); rows already stored are skipped. */
export async function insertPositions(db: Db, rows: Telemetry[]): Promise<void> {
  const c = new PositionColumns();
  for (const t of rows) c.add(t);
  const p = sql.param;
  await db.execute(sql`INSERT INTO wdiov_position (id, tenant_id, vin, ts, lng, lat, speed, soc, mileage, voltage, current, heading, state, alarm_level, reissue)
    SELECT * FROM unnest(${p(c.id)}::bigint[], ${p(c.tenantId)}::varchar[], ${p(c.vin)}::varchar[], ${p(c.ts)}::timestamptz[],
      ${p(c.lng)}::float8[], ${p(c.lat)}::float8[], ${p(c.speed)}::float8[], ${p(c.soc)}::float8[], ${p(c.mileage)}::float8[],
      ${p(c.voltage)}::float8[], ${p(c.current)}::float8[], ${p(c.heading)}::int2[], ${p(c.state)}::int2[], ${p(c.alarmLevel)}::int2[], ${p(c.reissue)}::int2[])
    ON CONFLICT (id) DO NOTHING`);
}

/**
 * Position history for playback: telemetry from its work-queue stream, shared out between the
 * gateways by one durable consumer, written many rows per statement and acked only once written.
 * A restart or a writer slower than the fleet leaves a backlog in the stream, never a gap.
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

  async stop(): Promise<void> {
    await this.consumer?.stop();
    this.consumer = undefined;
  }
}
