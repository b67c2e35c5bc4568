import { describe, expect, it } from 'vitest';
import type { BusLogger } from './bus.ts';
import { describeBusBehaviour, waitFor } from './bus-behaviour.ts';
import { createMemoryBus } from './memory-bus.ts';
import { streams, subjects } from '@wdiov/contracts/nats/subjects';

// Handler failures are expected in the redelivery test; keep them out of the test output.
const quiet: BusLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

describeBusBehaviour('memory', async () => createMemoryBus({ logger: quiet }));

describe('memory bus specifics', () => {
  it('never calls a handler inside publish(), like a network bus', async () => {
    const bus = createMemoryBus();
    const got: string[] = [];
    bus.subscribe('wdiov.raw.V1', (m) => got.push(m.string()));
    bus.publish('wdiov.raw.V1', 'x');
    expect(got).toEqual([]);
    await waitFor(() => got.length === 1);
    await bus.close();
  });

  it('copies published buffers, so publishers may reuse theirs', async () => {
    const bus = createMemoryBus();
    const got: number[] = [];
    bus.subscribe('wdiov.raw.V1', (m) => got.push(m.data[0]));
    const buf = new Uint8Array([1]);
    bus.publish('wdiov.raw.V1', buf);
    buf[0] = 2;
    await waitFor(() => got.length === 1);
    expect(got).toEqual([1]);
    await bus.close();
  });

  it('rejects subjects NATS would reject', () => {
    const bus = createMemoryBus();
    expect(() => bus.publish('wdiov.*.tel.V1', 'x')).toThrow();
    expect(() => bus.subscribe('wdiov..tel', () => undefined)).toThrow();
    expect(() => bus.subscribe('wdiov.>.tel', () => undefined)).toThrow();
  });

  it('keeps the event loop responsive while handlers publish in a loop', async () => {
    const bus = createMemoryBus();
    let hops = 0;
    bus.subscribe('ping.pong', (m) => {
      if (++hops < 50_000) bus.publish('ping.pong', m.data);
    });
    bus.publish('ping.pong', 'x');
    let timerRan = false;
    setTimeout(() => (timerRan = true), 0);
    await waitFor(() => hops === 50_000);
    expect(timerRan).toBe(true);
    await bus.close();
  });

  it('a consumer stopped with drain handles what the log holds first, one stopped without leaves it', async () => {
    const bus = createMemoryBus({ logger: quiet });
    for (let i = 1; i <= 30; i++) await bus.publishDurable(subjects.fence('000000', 'V1'), String(i));
    const run = async (durable: string, drain: boolean) => {
      const handled: number[] = [];
      let failedOnce = false;
      const consumer = await bus.consumeDurableBatch(streams.events.name, durable, async (msgs) => {
        // One rejected batch: draining waits for its redelivery too.
        if (drain && !failedOnce) {
          failedOnce = true;
          throw new Error('simulated write failure');
        }
        await new Promise((r) => setTimeout(r, 5));
        handled.push(...msgs.map((m) => Number(m.string())));
      }, { maxBatch: 4 });
      await waitFor(() => handled.length > 0 || failedOnce);
      await consumer.stop({ drain });
      return handled;
    };
    expect((await run('drained', true)).sort((a, b) => a - b)).toEqual([...Array(30).keys()].map((i) => i + 1));
    expect((await run('stopped', false)).length).toBeLessThan(30);
    await bus.close();
  });
});
