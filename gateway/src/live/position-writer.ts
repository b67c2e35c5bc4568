import type { Logger } from 'pino';
import { queues, telemetry, wildcards, type Telemetry } from '@wdiov/contracts';
import type { Db } from '../db/client.ts';
import type { MessageBus, Subscription } from '../bus/bus.ts';
import { positions } from '../db/schema/index.ts';
import { nextId } from '../lib/ids.ts';

const FLUSH_MS = 500;
const BATCH = 1000;
const n = (v: Telemetry['speedKmh']) => (typeof v === 'number' ? v : null);

/**
 * Position history for playback: telemetry through the persist queue group (one gateway writes
 * each snapshot), in multi-row inserts every half second.
 */
export class PositionWriter {
  private buffer: (typeof positions.$inferInsert)[] = [];
  private sub?: Subscription;
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  written = 0;

  constructor(private readonly db: Db, private readonly bus: MessageBus, private readonly logger: Logger) {}

  start(): void {
    const dec = new TextDecoder();
    this.sub = this.bus.subscribe(wildcards.allTelemetry, (m) => {
      const parsed = telemetry.safeParse(JSON.parse(dec.decode(m.data)));
      if (parsed.success) this.add(parsed.data);
    }, { queue: queues.persist });
    this.timer = setInterval(() => void this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  add(t: Telemetry): void {
    this.buffer.push({
      id: nextId(), tenantId: t.tenantId, vin: t.vin, ts: new Date(t.ts), lng: t.lng, lat: t.lat, speed: n(t.speedKmh),
      soc: n(t.socPercent), mileage: n(t.mileageKm), voltage: n(t.totalVoltageV), current: n(t.totalCurrentA),
      heading: t.heading, state: t.state, alarmLevel: t.alarmLevel, reissue: t.reissue ? 1 : 0,
    });
    if (this.buffer.length >= BATCH) void this.flush();
  }

  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      while (this.buffer.length > 0) {
        const batch = this.buffer.splice(0, BATCH);
        try {
          await this.db.insert(positions).values(batch);
          this.written += batch.length;
        } catch (err) {
          this.logger.error({ err, rows: batch.length }, 'position write failed');
        }
      }
    });
    return this.flushing;
  }

  async stop(): Promise<void> {
    this.sub?.unsubscribe();
    clearInterval(this.timer);
    await this.flush();
  }
}
