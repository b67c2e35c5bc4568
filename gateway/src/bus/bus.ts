/**
 * The one message-bus interface the bridge, ingest and persisters are written against.
 * Two implementations: NATS (real server, JetStream, KV) and an in-process bus with the
 * same subject semantics for the single-machine default. Payloads are opaque bytes here;
 * zod validation happens in the consumers.
 */

export type BusKind = 'nats' | 'memory';

export type Payload = Uint8Array | string;

/** A received message. Structurally identical to a NATS `Msg`, so NATS messages pass through unwrapped. */
export interface BusMsg {
  readonly subject: string;
  readonly data: Uint8Array;
  string(): string;
  json<T = unknown>(): T;
  /** Replies to a request; false when the message carried no reply subject. */
  respond(data?: Payload): boolean;
}

/** A message from a durable stream; acked by the bus only after the handler resolves. */
export interface DurableMsg extends BusMsg {
  /** Stream sequence: stable across redeliveries, so handlers can de-duplicate. */
  readonly seq: number;
  /** 1 on first delivery, more when the message is redelivered. */
  readonly deliveryCount: number;
}

export type MsgHandler = (msg: BusMsg) => void;
export type DurableHandler = (msg: DurableMsg) => Promise<void>;
/** All messages of a batch are acked when it resolves, all redelivered when it rejects. */
export type DurableBatchHandler = (msgs: DurableMsg[]) => Promise<void>;

export interface Subscription {
  unsubscribe(): void;
}

export interface SubscribeOptions {
  /** Queue group: each message goes to one member of the group instead of to all of them. */
  queue?: string;
}

export interface RequestOptions {
  timeoutMs: number;
}

export interface ConsumeDurableOptions {
  /** Only messages of the stream matching this subject (wildcards allowed). */
  filterSubject?: string;
}

export interface ConsumeDurableBatchOptions extends ConsumeDurableOptions {
  /** At most this many messages per handler call; a batch holds what is already waiting, never waits to fill up. */
  maxBatch: number;
  /**
   * Batches handed out before the first of them is settled (default 1), so one is prepared while
   * the store takes another. Only for handlers whose batches are independent of each other (they
   * may finish in any order). The in-process bus hands out one at a time regardless.
   */
  inFlight?: number;
}

export interface DurableConsumer {
  /**
   * Stops fetching; resolves after the in-flight handler settled. Unacked messages stay pending.
   * `drain`: first handles what the stream holds already, when the stream lives no longer than
   * this process (the in-process bus); a NATS stream keeps it for the next consumer instead.
   */
  stop(options?: StopOptions): Promise<void>;
}

export interface StopOptions {
  readonly drain?: boolean;
}

export interface KvEntry {
  readonly key: string;
  readonly value: Uint8Array;
  readonly revision: number;
  readonly operation: 'PUT' | 'DEL' | 'PURGE';
  string(): string;
  json<T = unknown>(): T;
}

export interface KvBucket {
  /** Returns the new revision. */
  put(key: string, data: Payload): Promise<number>;
  /**
   * Put without waiting for the store's answer (no revision; a failure goes unseen): for values
   * rewritten every few seconds, where a lost write is replaced by the next one. Costs one publish,
   * not a request with its own reply and timer.
   */
  set(key: string, data: Payload): void;
  /** null when the key never existed or was deleted. */
  get(key: string): Promise<KvEntry | null>;
  delete(key: string): Promise<void>;
  /** Live keys, optionally filtered with subject wildcards (`veh.*`, `>`). */
  keys(filter?: string): Promise<string[]>;
  /** Calls handler with the latest value of every matching key, then with each change. */
  watch(handler: (entry: KvEntry) => void, opts?: { key?: string }): Promise<Subscription>;
}

export interface MessageBus {
  readonly kind: BusKind;
  /** Fire-and-forget (core NATS semantics): no subscriber means the message is dropped. */
  publish(subject: string, data: Payload): void;
  /** `*` matches one token, `>` the remaining tail. Handler errors are logged, never thrown to the publisher. */
  subscribe(subject: string, handler: MsgHandler, opts?: SubscribeOptions): Subscription;
  /** Rejects with BusRequestError ('timeout' | 'no-responders'). */
  request(subject: string, data: Payload, opts: RequestOptions): Promise<BusMsg>;
  /** Appends to the stream owning the subject; resolves once stored (JetStream ack). */
  publishDurable(subject: string, data: Payload): Promise<void>;
  /**
   * At-least-once consumption. A handler that rejects gets the message again later. Re-creating
   * a consumer with the same durable name continues after the last acked message.
   */
  consumeDurable(
    streamName: string,
    durableName: string,
    handler: DurableHandler,
    opts?: ConsumeDurableOptions,
  ): Promise<DurableConsumer>;
  /**
   * consumeDurable for writers that gain by writing many rows at once (raw frames): the handler
   * gets every message already waiting, up to maxBatch, in stream order.
   */
  consumeDurableBatch(
    streamName: string,
    durableName: string,
    handler: DurableBatchHandler,
    opts: ConsumeDurableBatchOptions,
  ): Promise<DurableConsumer>;
  /** Opens (creating if missing) a key-value bucket, e.g. the latest state of each vehicle. */
  kv(bucket: string): Promise<KvBucket>;
  /** Graceful: lets in-flight handlers finish and flushes pending publishes, then closes. */
  drain(): Promise<void>;
  /** Idempotent shutdown (drains when still possible). */
  close(): Promise<void>;
}

/** pino-compatible: `logger.warn({ err }, 'message')`. */
export interface BusLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export type BusRequestFailure = 'timeout' | 'no-responders';

export class BusRequestError extends Error {
  constructor(
    readonly reason: BusRequestFailure,
    readonly subject: string,
    options?: ErrorOptions,
  ) {
    super(`request to ${subject} failed: ${reason}`, options);
    this.name = 'BusRequestError';
  }
}

/** Retry delay after a failed durable handler: quick first retry, capped so poison messages don't spin. */
export const redeliveryDelayMs = (deliveryCount: number): number =>
  Math.min(100 * 2 ** Math.max(0, deliveryCount - 1), 10_000);

const encoder = new TextEncoder();
export const toBytes = (data: Payload | undefined): Uint8Array =>
  data === undefined ? new Uint8Array(0) : typeof data === 'string' ? encoder.encode(data) : data;
