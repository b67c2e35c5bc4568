import { subjects, type RawFrame, type Telemetry } from '@wdiov/contracts';
import type { MessageBus } from '../bus/bus.ts';
import type { IngestSink } from './ingest-sink.ts';
import type { Logger } from 'pino';
import { nextId } from '../lib/ids.ts';

/**
 * Publishes what the ingest decodes: telemetry on the plain subject (latest wins; a lost
 * snapshot is replaced by the next), raw frames through the durable stream (kept for message
 * parsing, never lost), presence as telemetry with the offline state.
 */
export function busSink(bus: MessageBus, logger: Logger): IngestSink {
  const enc = new TextEncoder();
  return {
    telemetry(t: Telemetry) {
      bus.publish(subjects.telemetry(t.tenantId, t.vin), enc.encode(JSON.stringify(t)));
    },
    raw(r: RawFrame) {
      const keyed: RawFrame = r.id ? r : { ...r, id: nextId() };
      bus.publishDurable(subjects.raw(r.vin), enc.encode(JSON.stringify(keyed))).catch((err) => logger.error({ err, vin: r.vin }, 'raw frame publish failed'));
    },
    presence() {
      // Presence changes reach consumers through the telemetry that follows a login, and the
      // offline timeout of the latest-state store; nothing is published on its own.
    },
  };
}
