/**
 * In-process MessageBus: the single-machine default when no NATS server is around. Same
 * subject semantics as NATS (`*`, `>`, queue groups, request/reply, streams, KV); never the
 * scale-out story.
 *
 * Delivery is asynchronous, batched through one queueMicrotask per burst: publish() only
 * appends (subscription, message) to a queue, and the queue is drained in a microtask.
 * - Like NATS, a handler never runs inside publish(), so code that accidentally depends on
 *   synchronous delivery (or recursion through publish inside a handler) fails here first.
 * - No promise or closure per message: one microtask drains everything published meanwhile.
 * - Long bursts yield to the event loop every DRAIN_SLICE messages (setImmediate), so
 *   handlers that publish in a loop cannot starve I/O.
 */
import { streams as contractStreams } from '@wdiov/contracts/nats/subjects';
import {
  BusRequestError,
  toBytes,
  type BusLogger,
  type BusMsg,
  type ConsumeDurableOptions,
  type DurableConsumer,
  type DurableHandler,
  type DurableBatchHandler,
  type ConsumeDurableBatchOptions,
  type KvBucket,
  type MessageBus,
  type MsgHandler,
  type Payload,
  type SubscribeOptions,
  type Subscription,
} from './bus.ts';
import { MemoryKvBucket } from './memory-kv.ts';
import { MemoryStreams, type StreamDefinition } from './memory-durable.ts';
import { assertSubject, SubjectTrie } from './subject-trie.ts';

const DRAIN_SLICE = 10_000;
const ROUTE_CACHE_MAX = 10_000;
const decoder = new TextDecoder();

class MemoryMsg implements BusMsg {
  constructor(
    readonly subject: string,
    readonly data: Uint8Array,
    private readonly reply: string | undefined,
    private readonly bus: MemoryBus,
  ) {}
  string(): string {
    return decoder.decode(this.data);
  }
  json<T = unknown>(): T {
    return JSON.parse(this.string()) as T;
  }
  respond(data?: Payload): boolean {
    if (this.reply === undefined) return false;
    this.bus.publish(this.reply, data ?? new Uint8Array(0));
    return true;
  }
}

interface MemorySub {
  readonly subject: string;
  readonly queue: string | undefined;
  readonly handler: MsgHandler;
  active: boolean;
}

interface QueueGroup {
  readonly members: MemorySub[];
  next: number;
}

/** Everything publish() needs for one literal subject, cached until subscriptions change. */
interface Route {
  readonly plain: MemorySub[];
  readonly groups: QueueGroup[];
  /** The stream that stores this subject, as JetStream also stores core publishes to it. */
  readonly stream: { append(subject: string, data: Uint8Array): void } | undefined;
}

export interface MemoryBusOptions {
  logger?: BusLogger;
  streams?: readonly StreamDefinition[];
  maxMessagesPerStream?: number;
}

const consoleLogger: BusLogger = {
  info: (obj, msg) => console.info(msg, obj),
  warn: (obj, msg) => console.warn(msg, obj),
  error: (obj, msg) => console.error(msg, obj),
};

export class MemoryBus implements MessageBus {
  readonly kind = 'memory' as const;
  private readonly logger: BusLogger;
  private readonly trie = new SubjectTrie<MemorySub>();
  private readonly routes = new Map<string, Route>();
  private readonly inboxes = new Map<string, MemorySub>();
  private readonly streams: MemoryStreams;
  private readonly buckets = new Map<string, MemoryKvBucket>();
  // The delivery queue as two parallel arrays: no per-message wrapper object.
  private queueSubs: MemorySub[] = [];
  private queueMsgs: MemoryMsg[] = [];
  private queueHead = 0;
  private flushScheduled = false;
  private idleWaiters: Array<() => void> = [];
  private inboxSeq = 0;
  private closed = false;

  constructor(opts: MemoryBusOptions = {}) {
    this.logger = opts.logger ?? consoleLogger;
    const reportDurable = (err: unknown, info: object) =>
      this.logger.warn({ err, ...info }, 'durable handler failed; message will be redelivered');
    this.streams = new MemoryStreams(opts.streams ?? Object.values(contractStreams), reportDurable, opts.maxMessagesPerStream);
  }

  publish(subject: string, data: Payload): void {
    this.publishWithReply(subject, data, undefined);
  }

  subscribe(subject: string, handler: MsgHandler, opts: SubscribeOptions = {}): Subscription {
    this.assertOpen();
    const sub: MemorySub = { subject, queue: opts.queue, handler, active: true };
    this.trie.insert(subject, sub);
    this.routes.clear();
    return {
      unsubscribe: () => {
        if (!sub.active) return;
        sub.active = false; // also drops messages already queued for it, as NATS does
        this.trie.remove(subject, sub);
        this.routes.clear();
      },
    };
  }

  request(subject: string, data: Payload, opts: { timeoutMs: number }): Promise<BusMsg> {
    this.assertOpen();
    const route = this.route(subject);
    if (route.plain.length === 0 && route.groups.length === 0) {
      return Promise.reject(new BusRequestError('no-responders', subject));
    }
    const inbox = `_INBOX.${++this.inboxSeq}`;
    return new Promise<BusMsg>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.inboxes.delete(inbox);
        reject(new BusRequestError('timeout', subject));
      }, opts.timeoutMs);
      const handler = (msg: BusMsg) => {
        clearTimeout(timer);
        this.inboxes.delete(inbox);
        resolve(msg);
      };
      this.inboxes.set(inbox, { subject: inbox, queue: undefined, handler, active: true });
      this.publishWithReply(subject, data, inbox);
    });
  }

  async publishDurable(subject: string, data: Payload): Promise<void> {
    this.assertOpen();
    // Check the route before publishing: like JetStream, a subject no stream stores is an error.
    if (!this.route(subject).stream) throw new Error(`no stream stores subject ${subject}`);
    this.publish(subject, data);
  }

  async consumeDurable(stream: string, durable: string, handler: DurableHandler, opts?: ConsumeDurableOptions): Promise<DurableConsumer> {
    return this.consumeDurableBatch(stream, durable, (msgs) => handler(msgs[0]!), { ...opts, maxBatch: 1 });
  }

  async consumeDurableBatch(stream: string, durable: string, handler: DurableBatchHandler, opts: ConsumeDurableBatchOptions): Promise<DurableConsumer> {
    this.assertOpen();
    return this.streams.consume(stream, durable, handler, opts);
  }

  async kv(bucket: string): Promise<KvBucket> {
    this.assertOpen();
    let b = this.buckets.get(bucket);
    if (!b) {
      const reportWatch = (err: unknown, info: object) => this.logger.error({ err, ...info }, 'kv watcher failed');
      b = new MemoryKvBucket(bucket, reportWatch);
      this.buckets.set(bucket, b);
    }
    return b;
  }

  async drain(): Promise<void> {
    if (this.closed) return;
    await this.streams.stopAll();
    await this.whenIdle();
    this.closed = true;
  }

  async close(): Promise<void> {
    await this.drain();
  }

  private publishWithReply(subject: string, data: Payload, reply: string | undefined): void {
    this.assertOpen();
    // Copy caller buffers: NATS copies on the wire, so publishers may reuse theirs.
    const bytes = typeof data === 'string' ? toBytes(data) : data.slice();
    const msg = new MemoryMsg(subject, bytes, reply, this);
    const inbox = this.inboxes.get(subject);
    if (inbox) {
      this.enqueue(inbox, msg);
      return;
    }
    const route = this.route(subject);
    route.stream?.append(subject, bytes);
    for (let i = 0; i < route.plain.length; i++) this.enqueue(route.plain[i], msg);
    for (let i = 0; i < route.groups.length; i++) {
      const g = route.groups[i];
      this.enqueue(g.members[g.next++ % g.members.length], msg); // round robin within the group
    }
  }

  private route(subject: string): Route {
    let route = this.routes.get(subject);
    if (route) return route;
    const tokens = assertSubject(subject, false);
    const plain: MemorySub[] = [];
    const byQueue = new Map<string, MemorySub[]>();
    for (const sub of this.trie.match(tokens)) {
      if (sub.queue === undefined) plain.push(sub);
      else byQueue.set(sub.queue, [...(byQueue.get(sub.queue) ?? []), sub]);
    }
    const groups = [...byQueue.values()].map((members) => ({ members, next: 0 }));
    route = { plain, groups, stream: this.streams.streamFor(subject) };
    // Subjects embed vehicle ids, so the set is open-ended: bound the cache instead of an LRU.
    if (this.routes.size >= ROUTE_CACHE_MAX) this.routes.clear();
    this.routes.set(subject, route);
    return route;
  }

  private enqueue(sub: MemorySub, msg: MemoryMsg): void {
    this.queueSubs.push(sub);
    this.queueMsgs.push(msg);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      queueMicrotask(this.flush);
    }
  }

  private readonly flush = (): void => {
    const end = Math.min(this.queueSubs.length, this.queueHead + DRAIN_SLICE);
    // Handlers may publish while we drain; their messages are appended and picked up below.
    while (this.queueHead < this.queueSubs.length) {
      if (this.queueHead >= end) {
        this.queueSubs = this.queueSubs.slice(this.queueHead);
        this.queueMsgs = this.queueMsgs.slice(this.queueHead);
        this.queueHead = 0;
        setImmediate(this.flush);
        return;
      }
      const sub = this.queueSubs[this.queueHead];
      const msg = this.queueMsgs[this.queueHead];
      this.queueHead++;
      if (!sub.active) continue;
      try {
        sub.handler(msg);
      } catch (err) {
        this.logger.error({ err, subject: msg.subject }, 'bus handler failed');
      }
    }
    this.queueSubs = [];
    this.queueMsgs = [];
    this.queueHead = 0;
    this.flushScheduled = false;
    for (const wake of this.idleWaiters.splice(0)) wake();
  };

  private whenIdle(): Promise<void> {
    if (!this.flushScheduled) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('message bus is closed');
  }
}

export const createMemoryBus = (opts?: MemoryBusOptions): MessageBus => new MemoryBus(opts);
