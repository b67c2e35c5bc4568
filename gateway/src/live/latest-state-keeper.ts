import type { Logger } from 'pino';
import { buckets, type Telemetry } from '@wdiov/contracts';
import type { KvBucket, MessageBus } from '../bus/bus.ts';
import type { IngestSink } from '../ingest/ingest-sink.ts';

const FLUSH_MS = 3000;
/** Puts in flight at once during a flush. */
const CONCURRENCY = 256;

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
  private flushing?: Promise<void>;
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

  /** Writes what arrived since the last flush; a flush still running absorbs this one (latest wins anyway). */
  flush(): Promise<void> {
    if (this.flushing || !this.bucket || this.pending.size === 0) return this.flushing ?? Promise.resolve();
    const bucket = this.bucket;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    this.flushing = (async () => {
      let failed = 0;
      for (let i = 0; i < batch.length; i += CONCURRENCY) {
        const results = await Promise.allSettled(batch.slice(i, i + CONCURRENCY).map((t) => bucket.put(t.vin, this.enc.encode(JSON.stringify(t)))));
        for (const r of results) {
          if (r.status === 'fulfilled') this.written++;
          else failed++;
        }
      }
      this.failed += failed;
      if (failed > 0) this.logger.warn({ failed, vehicles: batch.length }, 'latest state not kept for some vehicles');
    })().finally(() => (this.flushing = undefined));
    return this.flushing;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flushing;
    await this.flush();
  }
}
