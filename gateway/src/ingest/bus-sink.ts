import { randomBytes } from 'node:crypto';
import { subjects, type RawFrame, type Telemetry } from '@wdiov/contracts';
import type { MessageBus } from '../bus/bus.ts';
import type { IngestSink } from './ingest-sink.ts';
import type { Logger } from 'pino';
import { nextId } from '../lib/ids.ts';
import { DEFAULT_RAW_BATCH_LIMITS, RawFrameBatcher, type RawBatcherLimits } from './raw-batcher.ts';

export type BusSink = IngestSink & { readonly batcher: RawFrameBatcher };

/**
 * Publishes what the ingest decodes: telemetry on its subject (one plain publish per snapshot:
 * the live consumers read it as it goes, and the telemetry stream keeps it for position history),
 * raw frames in column batches through the durable stream (kept for message parsing, never lost).
 */
export function busSink(bus: MessageBus, logger: Logger, limits: RawBatcherLimits = DEFAULT_RAW_BATCH_LIMITS): BusSink {
  const enc = new TextEncoder();
  // This process's batches share one subject of the raw stream.
  const subject = subjects.rawBatch(`b${randomBytes(6).toString('hex')}`);
  const batcher = new RawFrameBatcher(
    (batch) => bus.publishDurable(subject, JSON.stringify(batch)),
    (err, frames) => logger.error({ err, frames }, 'raw frame batch not stored by the bus; publishing it again'),
    limits,
  );
  return {
    batcher,
    backpressure: batcher,
    telemetry(t: Telemetry) {
      bus.publish(subjects.telemetry(t.tenantId, t.vin), enc.encode(JSON.stringify(t)));
    },
    raw(r: RawFrame) {
      batcher.add(r.id ?? nextId(), r.tenantId, r.vin, r.command, r.receivedAt, r.hex);
    },
    presence() {
      // Presence changes reach consumers through the telemetry that follows a login, and the
      // offline timeout of the latest-state store; nothing is published on its own.
    },
    flush: () => batcher.flush(),
  };
}
