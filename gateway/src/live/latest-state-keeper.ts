import type { Logger } from 'pino';
import { buckets, type Telemetry } from '@wdiov/contracts';
import type { KvBucket, MessageBus } from '../bus/bus.ts';
import type { IngestSink } from '../ingest/ingest-sink.ts';

const FLUSH_MS = 3000;
/** Every this many flushes, the vehicles still connected here that sent nothing new are written again. */
const REWRITE_EVERY = 10;
/** Puts written before the event loop gets a turn (each is a JSON text and a publish). */
const SLICE = 500;

/**
 * Keeps the latest snapshot of each vehicle connected to this gateway in the KV bucket, so a
 * restarted gateway (or a new replica) shows every vehicle at once instead of an empty map.
 * Coalesced: one put per vehicle per flush interval, whatever its frame rate, and only by the
 * gateway holding its connection.
 */
export class LatestStateKeeper implements IngestSink {
  private pending = new Map<string, Telemetry>();
  /** The last snapshot written of each vehicle connected to this gateway (dropped when it leaves). */
  private readonly kept = new Map<string, Telemetry>();
  private flushes = 0;
  private running?: Promise<void>;
  private bucket?: KvBucket;
  private timer?: NodeJS.Timeout;
  private readonly enc = new TextEncoder();
  written = 0;
  failed = 0;

  constructor(private readonly bus: MessageBus, private readonly logger: Logger, private readonly flushMs = FLUSH_MS) {}

  async start(): Promise<void> {
    this.bucket = await this.bus.kv(buckets.latestState);
    this.timer = setInterval(() => void (this.running ?? this.flush()), this.flushMs);
    this.timer.unref();
  }

  telemetry(t: Telemetry): void {
    if (t.reissue) return;
    const prev = this.pending.get(t.vin);
    if (!prev || prev.ts <= t.ts) this.pending.set(t.vin, t);
  }

  raw(): void {}

  /** A vehicle that left is no longer rewritten by this gateway: the one it moved to keeps it now. */
  presence(vehicle: { vin: string }, online: boolean): void {
    if (!online) this.kept.delete(vehicle.vin);
  }

  /**
   * Writes what arrived since the last flush, one unanswered put per vehicle: waiting for
   * thousands of answers every few seconds cost the ingest more than the writes themselves. A put
   * lost on the way is made good by the vehicle's next snapshot, or, for a vehicle that went quiet
   * (parked: the one whose kept state matters after a restart), by the rewrite every REWRITE_EVERY flushes.
   * The puts go out SLICE at a time with the event loop free between slices: 10,000 at once held
   * it for tens of milliseconds every few seconds, and every alarm card arriving then waited.
   */
  flush(): Promise<void> {
    if (!this.bucket) return Promise.resolve();
    // A flush under way finishes first (stop() waits for both); the timer skips while one runs.
    if (this.running) return this.running.then(() => this.flush());
    this.running = this.writeDue().finally(() => (this.running = undefined));
    return this.running;
  }

  private async writeDue(): Promise<void> {
    const rewrite = ++this.flushes % REWRITE_EVERY === 0;
    const fresh = this.pending;
    this.pending = new Map();
    for (const [vin, t] of fresh) this.kept.set(vin, t);
    const due = [...(rewrite ? this.kept : fresh).values()];
    for (let i = 0; i < due.length; i += SLICE) {
      if (i > 0) await new Promise<void>((r) => setImmediate(r));
      for (let j = i; j < Math.min(i + SLICE, due.length); j++) this.put(due[j]!);
    }
  }

  private put(t: Telemetry): void {
    try {
      this.bucket!.set(t.vin, this.enc.encode(JSON.stringify(t)));
      this.written++;
    } catch (err) {
      this.failed++;
      this.logger.warn({ err, vin: t.vin }, 'latest state not kept');
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
