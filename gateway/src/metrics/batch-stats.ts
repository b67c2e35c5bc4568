import type { DurableBatchHandler, DurableHandler, MessageBus } from '../bus/bus.ts';

/** One durable consumer's writes: batches handled, messages in them, seconds spent (failed ones included). */
export interface ConsumerBatches {
  batches: number;
  messages: number;
  seconds: number;
  failed: number;
}

/** Plain numbers, so a persistence thread can post them with its counts. */
export type BatchSnapshot = Record<string, ConsumerBatches>;

/** Sums two snapshots (a restarted persistence thread counts from zero again). */
export function addBatches(a: BatchSnapshot, b: BatchSnapshot): BatchSnapshot {
  const out: BatchSnapshot = structuredClone(a);
  for (const [name, c] of Object.entries(b)) {
    const o = (out[name] ??= { batches: 0, messages: 0, seconds: 0, failed: 0 });
    o.batches += c.batches;
    o.messages += c.messages;
    o.seconds += c.seconds;
    o.failed += c.failed;
  }
  return out;
}

/**
 * Batch sizes and write latency of the persisters, measured around their durable handlers: the
 * bus they are given is this one, which times each handler call and counts its messages.
 * Nothing in the persisters changes; the metrics read snapshot().
 */
export class BatchStats {
  private readonly byConsumer: BatchSnapshot = {};

  observe(consumer: string, messages: number, seconds: number, failed: boolean): void {
    const c = (this.byConsumer[consumer] ??= { batches: 0, messages: 0, seconds: 0, failed: 0 });
    c.batches++;
    c.messages += messages;
    c.seconds += seconds;
    if (failed) c.failed++;
  }

  snapshot(): BatchSnapshot {
    return structuredClone(this.byConsumer);
  }

  /** The bus with its durable handlers timed; every other call goes straight through. */
  observing(bus: MessageBus): MessageBus {
    const timed = async (consumer: string, messages: number, run: () => Promise<void>) => {
      const start = performance.now();
      let failed = true;
      try {
        await run();
        failed = false;
      } finally {
        this.observe(consumer, messages, (performance.now() - start) / 1000, failed);
      }
    };
    return new Proxy(bus, {
      get: (target, key, receiver) => {
        if (key === 'consumeDurable') {
          return (stream: string, durable: string, handler: DurableHandler, opts?: unknown) =>
            target.consumeDurable(stream, durable, (m) => timed(durable, 1, () => handler(m)), opts as never);
        }
        if (key === 'consumeDurableBatch') {
          return (stream: string, durable: string, handler: DurableBatchHandler, opts: unknown) =>
            target.consumeDurableBatch(stream, durable, (msgs) => timed(durable, msgs.length, () => handler(msgs)), opts as never);
        }
        const value = Reflect.get(target, key, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }
}
