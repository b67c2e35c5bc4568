import type { Logger } from 'pino';
import { buckets, type Telemetry } from '@wdiov/contracts';
import type { KvBucket, MessageBus } from '../bus/bus.ts';
import type { IngestSink } from '../ingest/ingest-sink.ts';

const FLUSH_MS = 3000;

/**
 * Keeps the latest snapshot of each vehicle connected to this gateway in the KV bucket, so a
 * restarted gateway (or a new replica) shows every vehicle at once instead of an empty map.
 * Coalesced: one put per vehicle per flush interval, whatever its frame rate, and only by the
 * gateway holding its connection.
 */
export class LatestStateKeeper implements IngestSink {
  private pending = new Map<string, Telemetry>();
  private bucket?: KvBucket;
  private timer?: NodeJS.Timeout;
  private readonly enc = new TextEncoder();
  written = 0;
  failed = 0;

  constructor(private readonly bus: MessageBus, private readonly logger: Logger, private readonly flushMs = FLUSH_MS) {}

  async start(): Promise<void> {
    this.bucket = await this.bus.kv(buckets.latestState);
    this.timer = setInterval(() => void this.flush(), this.flushMs);
    this.timer.unref();
  }

  telemetry(t: Telemetry): void {
    if (t.reissue) return;
    const prev = this.pending.get(t.vin);
    if (!prev || prev.ts <= t.ts) this.pending.set(t.vin, t);
  }

  raw(): void {}
  presence(): void {}

  /**
   * Writes what arrived since the last flush, one unanswered put per vehicle: a put lost on the
   * way is rewritten at the next flush, and waiting for thousands of answers every few seconds
   * cost the ingest more than the writes themselves.
   */
  flush(): Promise<void> {
    if (!this.bucket || this.pending.size === 0) return Promise.resolve();
    for (const t of this.pending.values()) {
      try {
        this.bucket.set(t.vin, this.enc.encode(JSON.stringify(t)));
        this.written++;
      } catch (err) {
        this.failed++;
        this.logger.warn({ err, vin: t.vin }, 'latest state not kept');
      }
    }
    this.pending = new Map();
    return Promise.resolve();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
