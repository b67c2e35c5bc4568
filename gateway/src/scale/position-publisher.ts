import { encodePositionMessage, subjects } from '@wdiov/contracts';
import type { MessageBus } from '../bus/bus.ts';
import type { IngestSink } from '../ingest/ingest-sink.ts';
import { toLivePosition } from '../live/socket-hub.ts';

/**
 * The ingest's live snapshots as compact positions on subjects.position, one small core-NATS
 * message per vehicle update, for browsers subscribed over nats.ws (NATS does the fan-out).
 * Only the gateway holding the vehicle's connection publishes, so each update is sent once.
 * Reissued data is history, never live.
 */
export function positionPublisher(bus: MessageBus): IngestSink & { readonly published: number } {
  let published = 0;
  return {
    get published() {
      return published;
    },
    telemetry(t) {
      if (t.reissue) return;
      const p = toLivePosition(t);
      if (!p) return;
      bus.publish(subjects.position(t.tenantId, t.vin), encodePositionMessage(p));
      published++;
    },
    raw: () => undefined,
    presence: () => undefined,
  };
}
