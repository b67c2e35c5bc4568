import { randomBytes } from 'node:crypto';
import { encodeRawFrameBatch, subjects, type Telemetry } from '@wdiov/contracts';
import type { MessageBus } from '../bus/bus.ts';
import type { IngestSink, ReceivedFrame } from './ingest-sink.ts';
import type { Logger } from 'pino';
import { nextId } from '../lib/ids.ts';
import { DEFAULT_RAW_BATCH_LIMITS, RawFrameBatcher, type RawBatcherLimits } from './raw-batcher.ts';

export type BusSink = IngestSink & {
  readonly batcher: RawFrameBatcher;
  /** The raw-stream subject this process publishes its batches on. */
  readonly subject: string;
};

/**
 * Publishes what the ingest receives: raw frames and the snapshots decoded from them, in binary column
 * batches through the durable raw stream (one append every few tens of milliseconds, never
 * lost). The persisters write raw frames and position history from them; the other gateways
 * read the snapshots for their live state (this gateway's own live state is fed in process).
 */
export function busSink(bus: MessageBus, logger: Logger, limits: RawBatcherLimits = DEFAULT_RAW_BATCH_LIMITS): BusSink {
  // This process's batches share one subject of the raw stream.
  const subject = subjects.rawBatch(`b${randomBytes(6).toString('hex')}`);
  const batcher = new RawFrameBatcher(
    (batch) => bus.publishDurable(subject, encodeRawFrameBatch(batch)),
    (err, frames) => logger.error({ err, frames }, 'raw frame batch not stored by the bus; publishing it again'),
    limits,
  );
  return {
    batcher,
    subject,
    backpressure: batcher,
    telemetry(t: Telemetry) {
      batcher.addTelemetry(t);
    },
    raw(r: ReceivedFrame) {
      batcher.add(nextId(), r.tenantId, r.vin, r.command, r.receivedAt, r.bytes);
    },
    presence() {
      // Presence changes reach consumers through the telemetry that follows a login, and the
      // offline timeout of the latest-state store; nothing is published on its own.
    },
    flush: () => batcher.flush(),
  };
}
