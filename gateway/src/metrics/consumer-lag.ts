import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection, type NodeConnectionOptions } from '@nats-io/transport-node';
import { streams } from '@wdiov/contracts';

export interface ConsumerLagRow {
  stream: string;
  consumer: string;
  /** Messages in the stream the consumer has not been given yet. */
  pending: number;
  /** Given but not acknowledged (being written, or lost with a dead gateway until redelivery). */
  ackPending: number;
}

/** A scrape reads the servers at most this often; in between it gets the last answer. */
const FRESH_MS = 5_000;
const ANSWER_MS = 2_000;

/**
 * How far each durable consumer of the product's streams is behind, from JetStream's own
 * consumer info, on a connection of its own (the bus's is not reached into). The same figures on
 * every gateway: consumers are shared by the replicas.
 */
export class ConsumerLag {
  private nc?: Promise<NatsConnection>;
  private jsm?: Promise<JetStreamManager>;
  private last: { at: number; rows: ConsumerLagRow[] } = { at: 0, rows: [] };

  constructor(private readonly url: string, private readonly options: Partial<NodeConnectionOptions> = {}) {}

  async read(): Promise<ConsumerLagRow[]> {
    if (Date.now() - this.last.at < FRESH_MS) return this.last.rows;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<ConsumerLagRow[]>((resolve) => (timer = setTimeout(() => resolve(this.last.rows), ANSWER_MS)));
    try {
      return await Promise.race([this.query(), late]);
    } catch {
      return this.last.rows; // a scrape never fails for NATS being away
    } finally {
      clearTimeout(timer);
    }
  }

  private async query(): Promise<ConsumerLagRow[]> {
    this.nc ??= connect({ servers: this.url.split(','), name: 'wdiov-metrics', maxReconnectAttempts: -1, ...this.options });
    this.jsm ??= this.nc.then((nc) => jetstreamManager(nc));
    const jsm = await this.jsm;
    const rows: ConsumerLagRow[] = [];
    for (const { name } of Object.values(streams)) {
      try {
        for await (const ci of jsm.consumers.list(name)) {
          rows.push({ stream: name, consumer: ci.name, pending: ci.num_pending, ackPending: ci.num_ack_pending });
        }
      } catch {
        // the stream does not exist (yet): no consumers to report
      }
    }
    this.last = { at: Date.now(), rows };
    return rows;
  }

  async close(): Promise<void> {
    const nc = await this.nc?.catch(() => undefined);
    await nc?.close();
  }
}
