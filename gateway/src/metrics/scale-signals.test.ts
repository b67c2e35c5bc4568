/**
 * The signals for running a cluster, read from /metrics: batch sizes and write times of the
 * persisters' consumers, consumer lag from JetStream, nats.ws subscribers, event-loop lag.
 * The lag case needs nats-server on PATH (skipped with a printed reason, except under CI=true).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { streams, subjects } from '@wdiov/contracts';
import { createMemoryBus } from '../bus/memory-bus.ts';
import { connectNatsBus } from '../bus/nats-bus.ts';
import { natsServerAvailable, startNatsChild } from '../bus/nats-child.ts';
import { BatchStats } from './batch-stats.ts';
import { ConsumerLag } from './consumer-lag.ts';
import { GatewayMetrics } from './gateway-metrics.ts';

const natsAvailable = await natsServerAvailable();
const requireNats = process.env.CI === 'true';
if (!natsAvailable) console.warn(`nats-server not found on PATH: the consumer lag test ${requireNats ? 'will FAIL (CI=true)' : 'is skipped'}`);
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const quiet = { info() {}, warn() {}, error() {} };
const sample = (text: string, line: string) => {
  const hit = text.split('\n').find((l) => l.startsWith(line + ' '));
  return hit === undefined ? undefined : Number(hit.slice(line.length + 1));
};
const until = async (check: () => boolean, ms = 5000) => {
  for (const end = Date.now() + ms; !check() && Date.now() < end; ) await new Promise((r) => setTimeout(r, 20));
};

describe('scale-out signals', () => {
  it('reports the persisters\' batches per durable consumer: count, messages, seconds, failures', async () => {
    const bus = createMemoryBus({ logger: quiet });
    cleanups.push(() => bus.close());
    const stats = new BatchStats();
    const observed = stats.observing(bus);
    let calls = 0;
    await observed.consumeDurableBatch(streams.raw.name, 'wdiov-persist-raw', async () => {
      if (++calls === 2) throw new Error('database away');
    }, { maxBatch: 100 });
    for (let i = 0; i < 5; i++) await observed.publishDurable(subjects.raw(`VIN0000000000000${i}`), new Uint8Array([i]));
    await until(() => (stats.snapshot()['wdiov-persist-raw']?.messages ?? 0) >= 6);
    const metrics = new GatewayMetrics();
    metrics.watch({ persistBatches: () => stats.snapshot() });
    const text = await metrics.text();
    const c = stats.snapshot()['wdiov-persist-raw']!;
    expect(c.failed).toBe(1);
    expect(sample(text, 'wdiov_persist_batches_total{consumer="wdiov-persist-raw"}')).toBe(c.batches);
    expect(sample(text, 'wdiov_persist_batch_messages_total{consumer="wdiov-persist-raw"}')).toBe(c.messages);
    expect(sample(text, 'wdiov_persist_batch_failures_total{consumer="wdiov-persist-raw"}')).toBe(1);
    expect(sample(text, 'wdiov_persist_batch_seconds_total{consumer="wdiov-persist-raw"}')).toBeGreaterThan(0);
    // The event loop's lag and the nats.ws subscribers are there too.
    expect(text).toMatch(/^wdiov_nodejs_eventloop_lag_seconds \d/m);
    expect(sample(text, 'wdiov_nats_ws_subscribers')).toBe(0);
  });

  it.runIf(natsAvailable || requireNats)('reports each durable consumer\'s pending messages from JetStream', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wdiov-lag-'));
    const child = await startNatsChild({ dataDir: dir });
    cleanups.push(async () => {
      await child.stop();
      await rm(dir, { recursive: true, force: true });
    });
    const held: (() => void)[] = [];
    const bus = await connectNatsBus({ url: child.url, logger: quiet });
    cleanups.push(async () => {
      held.forEach((release) => release());
      await bus.close();
    });
    // A consumer that never finishes its first message: the rest wait for it.
    let handed = 0;
    await bus.consumeDurable(streams.events.name, 'wdiov-persist-events', () => {
      handed++;
      return new Promise<void>((resolve) => held.push(resolve));
    });
    for (let i = 0; i < 7; i++) await bus.publishDurable(subjects.alarm('000000', `VIN000000000000${i}`), new TextEncoder().encode('{}'));
    await until(() => handed >= 1);
    const lag = new ConsumerLag(child.url);
    cleanups.push(() => lag.close());
    const metrics = new GatewayMetrics();
    metrics.watch({ consumerLag: () => lag.read() });
    const text = await metrics.text();
    const labels = `{stream="${streams.events.name}",consumer="wdiov-persist-events"}`;
    const pending = sample(text, `wdiov_jetstream_consumer_pending${labels}`)!;
    const ackPending = sample(text, `wdiov_jetstream_consumer_ack_pending${labels}`)!;
    expect(ackPending).toBeGreaterThanOrEqual(1);
    expect(pending + ackPending).toBe(7);
  });
});
