import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import type { MessageBus } from '../bus/bus.ts';
import { EventPersister } from '../alarms/event-persister.ts';
import { RawFramePersister } from '../ingest/raw-frame-persister.ts';
import { PositionWriter } from './position-writer.ts';
import { BatchStats } from '../metrics/batch-stats.ts';

/** What reaches the database from the durable streams: events, raw frames with position history, and the older telemetry queue. */
export async function startPersisters(db: Db, given: MessageBus, logger: Logger) {
  // Read-only hook for the metrics: batch sizes and write times of each durable consumer.
  const batchStats = new BatchStats();
  const bus = batchStats.observing(given);
  const events = new EventPersister(db, bus, logger);
  await events.start();
  const rawFrames = new RawFramePersister(db, bus, logger);
  await rawFrames.start();
  const positionWriter = new PositionWriter(db, bus, logger);
  await positionWriter.start();
  return {
    events, rawFrames, positionWriter,
    /** Rows written so far, for the worker's reports. */
    counts: () => ({ events: events.written, rawFrames: rawFrames.written, positions: rawFrames.positions + positionWriter.written, rejected: rawFrames.rejected + positionWriter.rejected, batches: batchStats.snapshot() }),
    async stop() {
      await events.stop();
      await rawFrames.stop();
      await positionWriter.stop();
    },
  };
}

export type Persisters = Awaited<ReturnType<typeof startPersisters>>;
