import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { buckets, subjects, vehicleMoved, vehicleOpenAlarms, wildcards, type OpenAlarm, type VehicleOpenAlarms } from '@wdiov/contracts';
import type { KvBucket, MessageBus, Subscription } from '../bus/bus.ts';

const dec = new TextDecoder();

/**
 * A vehicle's open alarms (and its side of each fence) follow it to whichever gateway holds its connection. The gateway
 * holding it writes its open alarms to a KV bucket keyed by VIN whenever they change; the
 * gateway it logs in to next reads them there and announces the move, and the gateway it
 * left forgets it. So an alarm open across the move is one alarm: stored, closed and carded once.
 */
export class VehicleHandover {
  /** This gateway, as named in the bucket and the moved notices. */
  readonly gateway = randomUUID();
  private bucket?: KvBucket;
  private sub?: Subscription;
  private readonly enc = new TextEncoder();
  failedWrites = 0;

  constructor(private readonly bus: MessageBus, private readonly logger: Logger) {}

  /** onMovedAway: a vehicle logged in at another gateway. */
  async start(onMovedAway: (vin: string) => void): Promise<void> {
    this.bucket = await this.bus.kv(buckets.openAlarms);
    this.sub = this.bus.subscribe(wildcards.allMoves, (m) => {
      const text = dec.decode(m.data);
      // This gateway's own notices (one per login here) come back too: skipped before parsing.
      if (text.includes(this.gateway)) return;
      const parsed = vehicleMoved.safeParse(JSON.parse(text));
      if (parsed.success && parsed.data.gateway !== this.gateway) onMovedAway(parsed.data.vin);
    });
  }

  /** Records a vehicle's open alarms and fence sides after they changed (fire and forget; puts on one connection stay in order). */
  save(vin: string, alarms: OpenAlarm[], faults: OpenAlarm[], fenceSides: Record<string, boolean>): void {
    if (!this.bucket) return;
    const state: VehicleOpenAlarms = { alarms, faults, fenceSides, gateway: this.gateway };
    this.bucket.put(vin, this.enc.encode(JSON.stringify(state))).catch((err) => {
      this.failedWrites++;
      this.logger.error({ err, vin }, 'open alarms not handed over');
    });
  }

  /**
   * The vehicle logged in here: tells the other gateways, and answers the open alarms it had
   * (null when none were ever recorded, e.g. the bucket is new: storage's open alarms then stand).
   */
  async claim(tenantId: string, vin: string): Promise<VehicleOpenAlarms | null> {
    this.bus.publish(subjects.moved(tenantId, vin), JSON.stringify({ vin, gateway: this.gateway, at: Date.now() }));
    if (!this.bucket) return null;
    const entry = await this.bucket.get(vin);
    if (!entry) return null;
    const parsed = vehicleOpenAlarms.safeParse(entry.json());
    return parsed.success ? parsed.data : null;
  }

  stop(): void {
    this.sub?.unsubscribe();
  }
}
