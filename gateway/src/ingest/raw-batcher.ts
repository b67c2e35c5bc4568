import type { RawFrameBatchOut, Telemetry } from '@wdiov/contracts';
import type { Backpressure } from './ingest-sink.ts';

export interface RawBatcherLimits {
  /** A batch is sealed at this many frames… */
  maxFrames: number;
  /** …or this many bytes encoded (well under the bus's 1 MB message limit)… */
  maxBytes: number;
  /** …or this long after its first frame, whichever comes first. */
  maxDelayMs: number;
  /** Batches being stored by the bus at once. */
  maxInFlight: number;
  /** Frames and snapshots held (open batch + sealed + in flight) at which the batcher reports itself full; ready again at half. */
  highWater: number;
  /** Wait before publishing a batch again after the bus refused it. */
  retryMs: number;
}

export const DEFAULT_RAW_BATCH_LIMITS: RawBatcherLimits = {
  maxFrames: 1000, maxBytes: 384 * 1024, maxDelayMs: 50, maxInFlight: 4, highWater: 40_000, retryMs: 500,
};

type OpenBatch = RawFrameBatchOut & { frame: Uint8Array[]; telemetry: Telemetry[] };
const emptyBatch = (): OpenBatch => ({ id: [], tenantId: [], vin: [], command: [], receivedAt: [], frame: [], telemetry: [] });
/** What a snapshot and a frame's columns add to an encoded batch, at most (its strings included). */
const TELEMETRY_BYTES = 240;
const FRAME_BYTES = 64;

/**
 * Collects raw frames (and the snapshots decoded from them) into column batches and hands each batch to `publish` (one durable
 * message per batch rather than one JetStream round trip per frame). A batch the bus refuses is
 * counted, reported, kept and published again; nothing is dropped while the process runs (its
 * timers do not keep a stopping process alive). What is held is bounded by
 * backpressure: while `full`, the ingest stops reading its sockets, so the excess waits in TCP.
 */
export class RawFrameBatcher implements Backpressure {
  private open = emptyBatch();
  private openBytes = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly sealed: OpenBatch[] = [];
  private inFlight = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private readyWaiters: Array<() => void> = [];
  private idleWaiters: Array<() => void> = [];
  /** Frames and snapshots accepted and not yet stored by the bus. */
  held = 0;
  batchesPublished = 0;
  framesPublished = 0;
  publishFailures = 0;

  constructor(
    private readonly publish: (batch: RawFrameBatchOut) => Promise<void>,
    private readonly onPublishError: (err: unknown, frames: number) => void,
    private readonly limits: RawBatcherLimits = DEFAULT_RAW_BATCH_LIMITS,
  ) {}

  add(id: string, tenantId: string, vin: string, command: number, receivedAt: number, frame: Uint8Array): void {
    const b = this.open;
    b.id.push(id);
    b.tenantId.push(tenantId);
    b.vin.push(vin);
    b.command.push(command);
    b.receivedAt.push(receivedAt);
    b.frame.push(frame);
    this.held++;
    this.grew(frame.length + FRAME_BYTES);
  }

  /** A snapshot goes out with the frames of the same batch (or the next one). */
  addTelemetry(t: Telemetry): void {
    this.open.telemetry.push(t);
    this.held++;
    this.grew(TELEMETRY_BYTES);
  }

  private grew(bytes: number): void {
    this.openBytes += bytes;
    const b = this.open;
    if (b.id.length >= this.limits.maxFrames || b.telemetry.length >= this.limits.maxFrames || this.openBytes >= this.limits.maxBytes) this.seal();
    else this.timer ??= setTimeout(this.seal, this.limits.maxDelayMs).unref();
  }

  get full(): boolean {
    return this.held >= this.limits.highWater;
  }

  onReady(callback: () => void): void {
    if (!this.full) callback();
    else this.readyWaiters.push(callback);
  }

  /** Seals the open batch and resolves once everything held so far is stored by the bus. */
  flush(): Promise<void> {
    this.seal();
    if (this.held === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private readonly seal = (): void => {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.open.id.length === 0 && this.open.telemetry.length === 0) return;
    this.sealed.push(this.open);
    this.open = emptyBatch();
    this.openBytes = 0;
    this.pump();
  };

  private pump(): void {
    while (this.retryTimer === undefined && this.inFlight < this.limits.maxInFlight && this.sealed.length > 0) {
      const batch = this.sealed.shift()!;
      this.inFlight++;
      this.publish(batch).then(
        () => this.stored(batch),
        (err: unknown) => this.refused(batch, err),
      );
    }
  }

  private stored(batch: OpenBatch): void {
    this.inFlight--;
    this.held -= batch.id.length + batch.telemetry.length;
    this.batchesPublished++;
    this.framesPublished += batch.id.length;
    if (!this.full && this.readyWaiters.length > 0 && this.held <= this.limits.highWater / 2) {
      const waiters = this.readyWaiters;
      this.readyWaiters = [];
      for (const w of waiters) w();
    }
    if (this.held === 0 && this.idleWaiters.length > 0) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const w of waiters) w();
    }
    this.pump();
  }

  private refused(batch: OpenBatch, err: unknown): void {
    this.inFlight--;
    this.publishFailures++;
    this.onPublishError(err, batch.id.length);
    this.sealed.unshift(batch);
    this.retryTimer ??= setTimeout(() => {
      this.retryTimer = undefined;
      this.pump();
    }, this.limits.retryMs).unref();
  }
}
