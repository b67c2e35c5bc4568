/**
 * The in-process stand-in for JetStream: one append-only log per stream and one cursor per
 * durable consumer, kept for the life of the process. Mirrors the JetStream rules the rest of
 * the gateway relies on: a message is acked only after its handler resolves, a rejected one is
 * redelivered after a delay, and unacked messages of a stopped consumer are redelivered first
 * when a consumer with the same durable name comes back.
 */
import { redeliveryDelayMs, type StopOptions, type ConsumeDurableBatchOptions, type DurableBatchHandler, type DurableConsumer, type DurableMsg } from './bus.ts';
import { subjectMatcher } from './subject-trie.ts';

export interface StreamDefinition {
  readonly name: string;
  readonly subjects: readonly string[];
  /** JetStream max_age; the in-process log is bounded by count instead. */
  readonly maxAgeHours?: number;
  /** JetStream retention: 'workqueue' drops a message once acked (the in-process log keeps its count bound). */
  readonly retention?: 'limits' | 'workqueue';
  /** JetStream max_bytes (oldest discarded beyond it); the in-process log is bounded by count. */
  readonly maxGiB?: number;
}

interface StoredMsg {
  readonly seq: number;
  readonly subject: string;
  readonly data: Uint8Array;
}

interface Pending {
  deliveryCount: number;
  /** When it may be delivered again; Infinity while a handler holds it. */
  dueAt: number;
}

interface DurableCursor {
  readonly filter: string | undefined;
  readonly matches: (subject: string) => boolean;
  nextSeq: number;
  readonly pending: Map<number, Pending>;
}

const decoder = new TextDecoder();

class StreamLog {
  readonly matchers: Array<(subject: string) => boolean>;
  private messages: StoredMsg[] = [];
  firstSeq = 1;
  lastSeq = 0;
  private readonly waiters = new Set<() => void>();

  constructor(
    readonly def: StreamDefinition,
    private readonly maxMessages: number,
  ) {
    this.matchers = def.subjects.map(subjectMatcher);
  }

  append(subject: string, data: Uint8Array): void {
    this.messages.push({ seq: ++this.lastSeq, subject, data });
    // Limits policy (discard old) like a JetStream stream with max_msgs; trimming in chunks
    // keeps the splice cost amortised.
    const overflow = this.messages.length - this.maxMessages;
    if (overflow > Math.max(1, this.maxMessages >> 4)) {
      this.messages.splice(0, overflow);
      this.firstSeq = this.messages[0].seq;
    }
    if (this.waiters.size > 0) {
      for (const wake of this.waiters) wake();
      this.waiters.clear();
    }
  }

  at(seq: number): StoredMsg | undefined {
    return seq < this.firstSeq ? undefined : this.messages[seq - this.firstSeq];
  }

  /** Returns the cancel function, so idle consumers woken by a timer don't pile up here. */
  waitForAppend(wake: () => void): () => void {
    this.waiters.add(wake);
    return () => this.waiters.delete(wake);
  }
}

export type DurableErrorReporter = (err: unknown, info: { stream: string; durable: string; seq: number }) => void;

export class MemoryStreams {
  private readonly logs = new Map<string, StreamLog>();
  private readonly cursors = new Map<string, DurableCursor>();
  private readonly running = new Set<{ stop(): Promise<void> }>();

  constructor(
    definitions: readonly StreamDefinition[],
    private readonly reportError: DurableErrorReporter,
    maxMessagesPerStream = 100_000,
  ) {
    for (const def of definitions) this.logs.set(def.name, new StreamLog(def, maxMessagesPerStream));
  }

  /** The stream that stores this subject, like JetStream's subject → stream mapping. */
  streamFor(subject: string): StreamLog | undefined {
    for (const log of this.logs.values()) if (log.matchers.some((m) => m(subject))) return log;
    return undefined;
  }

  consume(stream: string, durable: string, handler: DurableBatchHandler, opts: ConsumeDurableBatchOptions): DurableConsumer {
    const log = this.logs.get(stream);
    if (!log) throw new Error(`stream not found: ${stream}`);
    const key = `${stream}\u0000${durable}`;
    let cursor = this.cursors.get(key);
    if (!cursor) {
      const filter = opts.filterSubject;
      cursor = { filter, matches: filter ? subjectMatcher(filter) : () => true, nextSeq: 1, pending: new Map() };
      this.cursors.set(key, cursor);
    } else if (cursor.filter !== opts.filterSubject) {
      throw new Error(`durable ${durable} on ${stream} exists with filter ${cursor.filter ?? '(none)'}`);
    } else {
      // A returning consumer: what the last one left unacked is due now (JetStream's ack_wait expiry).
      for (const p of cursor.pending.values()) if (p.dueAt !== Infinity) p.dueAt = 0;
    }
    const onError = (err: unknown, seq: number) => this.reportError(err, { stream, durable, seq });
    const consumer = runConsumer(log, cursor, handler, Math.max(1, opts.maxBatch), onError, () => this.running.delete(consumer));
    this.running.add(consumer);
    return consumer;
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.running].map((c) => c.stop()));
  }
}

function takeNext(log: StreamLog, cursor: DurableCursor): { stored: StoredMsg; pending: Pending } | 'wait' {
  const now = Date.now();
  let redeliverSeq = 0;
  for (const [seq, p] of cursor.pending) {
    if (p.dueAt <= now && (redeliverSeq === 0 || seq < redeliverSeq)) redeliverSeq = seq;
  }
  if (redeliverSeq !== 0) {
    const pending = cursor.pending.get(redeliverSeq)!;
    const stored = log.at(redeliverSeq);
    if (!stored) {
      cursor.pending.delete(redeliverSeq); // trimmed away by the stream limit
      return takeNext(log, cursor);
    }
    pending.deliveryCount++;
    pending.dueAt = Infinity;
    return { stored, pending };
  }
  if (cursor.nextSeq < log.firstSeq) cursor.nextSeq = log.firstSeq;
  while (cursor.nextSeq <= log.lastSeq) {
    const stored = log.at(cursor.nextSeq++)!;
    if (!cursor.matches(stored.subject)) continue;
    const pending: Pending = { deliveryCount: 1, dueAt: Infinity };
    cursor.pending.set(stored.seq, pending);
    return { stored, pending };
  }
  return 'wait';
}

function runConsumer(
  log: StreamLog,
  cursor: DurableCursor,
  handler: DurableBatchHandler,
  maxBatch: number,
  onError: (err: unknown, seq: number) => void,
  onStopped: () => void,
): DurableConsumer {
  let stopped = false;
  /** Stopping once the log is handled: the log is gone with the process. */
  let draining = false;
  let wakeIdle: (() => void) | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let cancelWait: (() => void) | undefined;

  const idle = () =>
    new Promise<void>((resolve) => {
      wakeIdle = resolve;
      cancelWait = log.waitForAppend(resolve);
      let earliest = Infinity;
      for (const p of cursor.pending.values()) earliest = Math.min(earliest, p.dueAt);
      if (earliest !== Infinity) retryTimer = setTimeout(resolve, Math.max(0, earliest - Date.now()));
    });

  const toMsg = ({ stored, pending }: { stored: StoredMsg; pending: Pending }): DurableMsg => ({
    subject: stored.subject,
    data: stored.data,
    seq: stored.seq,
    deliveryCount: pending.deliveryCount,
    string: () => decoder.decode(stored.data),
    json: <T>() => JSON.parse(decoder.decode(stored.data)) as T,
    respond: () => false,
  });

  const loop = (async () => {
    while (!stopped) {
      // What is waiting now, up to maxBatch: never wait for a batch to fill.
      const batch: { stored: StoredMsg; pending: Pending }[] = [];
      while (batch.length < maxBatch) {
        const next = takeNext(log, cursor);
        if (next === 'wait') break;
        batch.push(next);
      }
      if (batch.length === 0) {
        if (draining && cursor.pending.size === 0) break;
        await idle();
        clearTimeout(retryTimer);
        cancelWait?.();
        continue;
      }
      try {
        await handler(batch.map(toMsg));
        for (const { stored } of batch) cursor.pending.delete(stored.seq); // the acks
      } catch (err) {
        onError(err, batch[0]!.stored.seq);
        for (const { pending } of batch) pending.dueAt = Date.now() + redeliveryDelayMs(pending.deliveryCount); // the naks
      }
    }
  })();

  return {
    async stop(options?: StopOptions) {
      if (options?.drain) draining = true;
      else {
        stopped = true;
        clearTimeout(retryTimer);
      }
      wakeIdle?.();
      await loop;
      onStopped();
    },
  };
}
