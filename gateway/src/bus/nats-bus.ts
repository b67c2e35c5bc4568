/**
 * MessageBus over a real NATS server: core pub/sub and request/reply, JetStream for durable
 * event streams, KV for the latest vehicle state. NATS messages already have the BusMsg shape
 * and pass through unwrapped.
 */
import { streams as contractStreams } from '@wdiov/contracts/nats/subjects';
import {
  AckPolicy,
  DeliverPolicy,
  JetStreamApiError,
  jetstream,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import { Kvm } from '@nats-io/kv';
import {
  connect,
  nanos,
  NoRespondersError,
  RequestError,
  TimeoutError,
  type NatsConnection,
  type NodeConnectionOptions,
  type Status,
} from '@nats-io/transport-node';
import {
  BusRequestError,
  redeliveryDelayMs,
  type BusLogger,
  type BusMsg,
  type ConsumeDurableBatchOptions,
  type ConsumeDurableOptions,
  type DurableBatchHandler,
  type DurableConsumer,
  type DurableHandler,
  type DurableMsg,
  type KvBucket,
  type MessageBus,
  type MsgHandler,
  type Payload,
  type SubscribeOptions,
  type Subscription,
} from './bus.ts';
import type { StreamDefinition } from './memory-durable.ts';
import { natsKvBucket } from './nats-kv.ts';

/** Unacked messages are redelivered after this; long handlers are kept alive with working(). */
const ACK_WAIT_MS = 30_000;
/** Client-side prefetch. Small, because prefetched messages age against ACK_WAIT_MS while queued. */
const PREFETCH = 64;

export interface NatsBusOptions {
  url: string;
  logger: BusLogger;
  /** Connection name shown by the server's monitoring endpoints. */
  name?: string;
  streams?: readonly StreamDefinition[];
  /** Overrides, e.g. a short reconnectTimeWait in tests. */
  connectOptions?: Partial<NodeConnectionOptions>;
  /** Copies of each stream a cluster keeps (3: a node may die without losing or stopping a stream). */
  replicas?: number;
}

export async function connectNatsBus(opts: NatsBusOptions): Promise<MessageBus> {
  // NATS_URL may list a cluster's servers, comma-separated.
  const servers = opts.url.split(',').map((s) => s.trim()).filter(Boolean);
  // noAsyncTraces: otherwise every request (a KV read at each vehicle login) builds two Error
  // objects with stack traces up front, in case it fails; a failure still says what failed.
  const nc = await connect({ servers, name: opts.name ?? 'wdiov-gateway', maxReconnectAttempts: -1, noAsyncTraces: true, ...opts.connectOptions });
  void logStatus(nc, opts.logger);
  nc.closed().then((err) => err && opts.logger.error({ err }, 'nats connection closed with error'));
  const jsm = await jetstreamManager(nc);
  await ensureStreams(jsm, opts.streams ?? Object.values(contractStreams), opts.logger, opts.replicas ?? 1);
  return new NatsBus(nc, jsm, jetstream(nc), opts.logger, opts.replicas ?? 1);
}

async function logStatus(nc: NatsConnection, logger: BusLogger): Promise<void> {
  for await (const s of nc.status()) {
    const info = describeStatus(s);
    // 'reconnecting' fires on every attempt and 'ping' on every missed pong: with unlimited
    // reconnects they would flood the log, and 'disconnect'/'reconnect' already bracket the outage.
    if (s.type === 'reconnecting' || s.type === 'ping') continue;
    if (s.type === 'error') logger.error(info, 'nats error');
    else if (s.type === 'disconnect' || s.type === 'staleConnection' || s.type === 'slowConsumer') logger.warn(info, `nats ${s.type}`);
    else logger.info(info, `nats ${s.type}`);
  }
}

function describeStatus(s: Status): object {
  switch (s.type) {
    case 'disconnect':
    case 'reconnect':
    case 'ldm':
      return { type: s.type, server: s.server };
    case 'error':
      return { type: s.type, err: s.error };
    case 'slowConsumer':
      return { type: s.type, subject: s.sub.getSubject(), pending: s.pending };
    case 'update':
      return { type: s.type, added: s.added, deleted: s.deleted };
    default:
      return { type: s.type };
  }
}

const isNotFound = (err: unknown) => err instanceof JetStreamApiError && err.status === 404;

async function ensureStreams(jsm: JetStreamManager, defs: readonly StreamDefinition[], logger: BusLogger, replicas: number): Promise<void> {
  for (const def of defs) {
    const maxAge = def.maxAgeHours ? nanos(def.maxAgeHours * 3_600_000) : 0;
    try {
      const info = await jsm.streams.info(def.name);
      // Streams created before their retention was defined (or with another one) take the current one.
      if (info.config.max_age !== maxAge) {
        await jsm.streams.update(def.name, { ...info.config, max_age: maxAge });
        logger.info({ stream: def.name, maxAgeHours: def.maxAgeHours }, 'updated jetstream stream retention');
      }
    } catch (err) {
      if (!isNotFound(err)) throw err;
      // File storage: events must survive a server restart.
      await jsm.streams.add({ name: def.name, subjects: [...def.subjects], storage: StorageType.File, max_age: maxAge, num_replicas: replicas,
        retention: def.retention === 'workqueue' ? RetentionPolicy.Workqueue : RetentionPolicy.Limits,
        ...(def.maxGiB ? { max_bytes: def.maxGiB * 2 ** 30 } : {}) });
      logger.info({ stream: def.name, subjects: def.subjects }, 'created jetstream stream');
    }
  }
}

class NatsBus implements MessageBus {
  readonly kind = 'nats' as const;
  private readonly consumers = new Set<DurableConsumer>();
  private readonly kvm: Kvm;

  constructor(
    private readonly nc: NatsConnection,
    private readonly jsm: JetStreamManager,
    private readonly js: JetStreamClient,
    private readonly logger: BusLogger,
    /** KV buckets are kept in as many copies as the streams: a vehicle's open alarms survive a node. */
    private readonly replicas: number,
  ) {
    this.kvm = new Kvm(js);
  }

  publish(subject: string, data: Payload): void {
    this.nc.publish(subject, data);
  }

  subscribe(subject: string, handler: MsgHandler, opts: SubscribeOptions = {}): Subscription {
    // A callback rather than the async iterator: the handler is synchronous, and the iterator
    // would cost a promise per message on the hottest path (telemetry fan-out).
    const sub = this.nc.subscribe(subject, {
      queue: opts.queue,
      callback: (err, msg) => {
        if (err) return this.logger.error({ err, subject }, 'nats subscription failed');
        try {
          handler(msg);
        } catch (handlerErr) {
          this.logger.error({ err: handlerErr, subject: msg.subject }, 'bus handler failed');
        }
      },
    });
    return { unsubscribe: () => sub.unsubscribe() };
  }

  async request(subject: string, data: Payload, opts: { timeoutMs: number }): Promise<BusMsg> {
    try {
      return await this.nc.request(subject, data, { timeout: opts.timeoutMs });
    } catch (err) {
      const cause = err instanceof Error ? err.cause : undefined;
      if (err instanceof NoRespondersError || (err instanceof RequestError && err.isNoResponders())) {
        throw new BusRequestError('no-responders', subject, { cause: err });
      }
      if (err instanceof TimeoutError || cause instanceof TimeoutError) throw new BusRequestError('timeout', subject, { cause: err });
      throw err;
    }
  }

  async publishDurable(subject: string, data: Payload): Promise<void> {
    await this.js.publish(subject, data);
  }

  async consumeDurable(stream: string, durable: string, handler: DurableHandler, opts: ConsumeDurableOptions = {}): Promise<DurableConsumer> {
    return this.consumeDurableBatch(stream, durable, (msgs) => handler(msgs[0]!), { ...opts, maxBatch: 1 });
  }

  async consumeDurableBatch(stream: string, durable: string, handler: DurableBatchHandler, opts: ConsumeDurableBatchOptions): Promise<DurableConsumer> {
    await this.ensureConsumer(stream, durable, opts.filterSubject);
    const maxBatch = Math.max(1, opts.maxBatch);
    const inFlight = Math.max(1, opts.inFlight ?? 1);
    const messages = await (await this.js.consumers.get(stream, durable)).consume({ max_messages: Math.max(PREFETCH, maxBatch * (inFlight + 1)) });
    const consumer = runConsumer(messages, handler, maxBatch, inFlight, (err, batch) =>
      this.logger.warn({ err, stream, durable, seq: batch[0]!.seq, size: batch.length, deliveryCount: batch[0]!.info.deliveryCount }, 'durable handler failed; messages will be redelivered'),
    );
    const tracked: DurableConsumer = {
      stop: async () => {
        this.consumers.delete(tracked);
        await consumer.stop();
        // ack() is fire-and-forget; a flush round trip guarantees the server has processed the
        // acks before anyone re-creates this durable, so acked messages are not redelivered.
        if (!this.nc.isClosed()) await this.nc.flush();
      },
    };
    this.consumers.add(tracked);
    return tracked;
  }

  private async ensureConsumer(stream: string, durable: string, filterSubject: string | undefined): Promise<void> {
    try {
      const info = await this.jsm.consumers.info(stream, durable);
      if ((info.config.filter_subject || undefined) !== filterSubject) {
        throw new Error(`durable ${durable} on ${stream} exists with filter ${info.config.filter_subject || '(none)'}`);
      }
    } catch (err) {
      if (!isNotFound(err)) throw err;
      await this.jsm.consumers.add(stream, {
        durable_name: durable,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        ack_wait: nanos(ACK_WAIT_MS),
        ...(filterSubject ? { filter_subject: filterSubject } : {}),
      });
    }
  }

  async kv(bucket: string): Promise<KvBucket> {
    // history 1: only the latest state per vehicle is wanted; create() opens an existing bucket.
    return natsKvBucket(await this.kvm.create(bucket, { history: 1, replicas: this.replicas }), bucket, this.logger, (subject, data) => this.publish(subject, data));
  }

  async drain(): Promise<void> {
    if (this.nc.isClosed()) return;
    // Durable consumers first, so in-flight handlers can still ack over the open connection.
    await Promise.all([...this.consumers].map((c) => c.stop()));
    if (!this.nc.isDraining()) await this.nc.drain();
  }

  async close(): Promise<void> {
    try {
      await this.drain();
    } catch (err) {
      this.logger.warn({ err }, 'nats drain failed; closing');
      if (!this.nc.isClosed()) await this.nc.close();
    }
  }
}

const IDLE = Symbol('idle');
/** Resolves after the messages already received have been handed out (one event-loop turn). */
const turn = () => new Promise<typeof IDLE>((resolve) => setImmediate(() => resolve(IDLE)));

function toDurableMsg(m: JsMsg): DurableMsg {
  return {
    subject: m.subject,
    data: m.data,
    seq: m.seq,
    deliveryCount: m.info.deliveryCount,
    string: () => m.string(),
    json: <T>() => m.json<T>(),
    respond: () => false,
  };
}

function runConsumer(messages: ConsumerMessages, handler: DurableBatchHandler, maxBatch: number, inFlight: number, onError: (err: unknown, batch: JsMsg[]) => void) {
  const working = new Map<Promise<void>, { batch: JsMsg[]; since: number }>();
  let stopping = false;
  // One timer per consumer (not per message) tells the server a slow handler is still working.
  const keepAlive = setInterval(() => {
    for (const w of working.values()) if (Date.now() - w.since > ACK_WAIT_MS / 3) for (const m of w.batch) m.working();
  }, ACK_WAIT_MS / 3);
  keepAlive.unref();

  const handle = async (batch: JsMsg[]) => {
    try {
      await handler(batch.map(toDurableMsg));
      for (const m of batch) m.ack();
    } catch (err) {
      onError(err, batch);
      for (const m of batch) m.nak(redeliveryDelayMs(m.info.deliveryCount));
    }
  };

  const loop = (async () => {
    // Up to inFlight batches at once (1 keeps ordering simple for persisters; more parallelism
    // comes from several durables or queue members). A batch is what the client already holds
    // (what arrives before the event loop turns), never a wait for more, so a quiet stream is
    // written message by message without delay.
    const it = messages[Symbol.asyncIterator]();
    let next = it.next();
    for (;;) {
      const first = await next;
      if (first.done) break;
      next = it.next();
      const batch: JsMsg[] = [first.value];
      let ended = false;
      while (batch.length < maxBatch) {
        const more = await Promise.race([next, turn()]);
        if (more === IDLE) break;
        if (more.done) {
          ended = true;
          break;
        }
        batch.push(more.value);
        next = it.next();
      }
      if (stopping) {
        // Prefetched but never handled: hand back now instead of after ACK_WAIT_MS, so a
        // consumer re-created with the same durable name gets them at once.
        for (const m of batch) m.nak();
      } else {
        const done: Promise<void> = handle(batch).finally(() => working.delete(done));
        working.set(done, { batch, since: Date.now() });
        while (working.size >= inFlight) await Promise.race(working.keys());
      }
      if (ended) break;
    }
    await Promise.all(working.keys());
  })();

  return {
    async stop() {
      stopping = true;
      await messages.close();
      await loop;
      clearInterval(keepAlive);
    },
  };
}
