/**
 * The shared behaviour suite against a real nats-server on a random free port in a temp dir,
 * plus surviving a server restart. Without nats-server on PATH these tests are skipped with a
 * printed reason, except on CI (CI=true), where a missing server is a failure.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { subjects, streams } from '@wdiov/contracts/nats/subjects';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusLogger, MessageBus } from './bus.ts';
import { describeBusBehaviour, settle, uniqueName, waitFor } from './bus-behaviour.ts';
import { connectNatsBus } from './nats-bus.ts';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { natsServerAvailable, startNatsChild, type NatsChild } from './nats-child.ts';

const natsAvailable = await natsServerAvailable();
const requireNats = process.env.CI === 'true';
const runNats = natsAvailable || requireNats;
if (!natsAvailable) {
  console.warn(`nats-server not found on PATH: NATS bus tests ${requireNats ? 'will FAIL (CI=true)' : 'skipped'}`);
}

const logged: Array<{ level: string; msg?: string }> = [];
const logger: BusLogger = {
  info: (_obj, msg) => logged.push({ level: 'info', msg }),
  warn: (_obj, msg) => logged.push({ level: 'warn', msg }),
  error: (_obj, msg) => logged.push({ level: 'error', msg }),
};

describe.runIf(requireNats)('CI requirement', () => {
  it('has nats-server on PATH', () => expect(natsAvailable).toBe(true));
});

describe.runIf(runNats)('nats bus', () => {
  let dir = '';
  let server: NatsChild | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wdiov-nats-'));
    server = await startNatsChild({ dataDir: join(dir, 'shared') });
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  describeBusBehaviour('nats', () => connectNatsBus({ url: server!.url, logger }));

  it('creates the streams with their retention, and gives an existing stream the current one', async () => {
    const child = await startNatsChild({ dataDir: join(dir, 'retention') });
    try {
      const nc = await connect({ servers: child.url });
      const jsm = await jetstreamManager(nc);
      await jsm.streams.add({ name: streams.raw.name, subjects: [...streams.raw.subjects] });
      const bus = await connectNatsBus({ url: child.url, logger });
      for (const def of Object.values(streams)) {
        expect((await jsm.streams.info(def.name)).config.max_age).toBe(def.maxAgeHours * 3_600_000_000_000);
      }
      await bus.close();
      await nc.close();
    } finally {
      await child.stop();
    }
  });

  it('hands out a second batch while the first is still handled (inFlight 2), and a stop waits for both', async () => {
    const bus = await connectNatsBus({ url: server!.url, logger });
    try {
      const tenant = uniqueName('t');
      const filterSubject = `wdiov.${tenant}.alarm.*`;
      const releases: Array<() => void> = [];
      const handled: number[] = [];
      let busy = 0;
      let most = 0;
      const consumer = await bus.consumeDurableBatch(streams.events.name, uniqueName('two'), async (msgs) => {
        most = Math.max(most, ++busy);
        await new Promise<void>((r) => releases.push(r));
        for (const m of msgs) handled.push(Number(m.string()));
        busy--;
      }, { filterSubject, maxBatch: 1, inFlight: 2 });
      for (let i = 1; i <= 3; i++) await bus.publishDurable(subjects.alarm(tenant, 'V1'), String(i));
      await waitFor(() => releases.length === 2, 5_000, 'two batches in flight');
      await settle(100);
      expect(releases.length).toBe(2); // not a third while two are unsettled
      releases.shift()!();
      await waitFor(() => releases.length === 2, 5_000, 'the third batch after one settled');
      const stopped = consumer.stop();
      let done = false;
      void stopped.then(() => (done = true));
      await settle(100);
      expect(done).toBe(false);
      for (const r of releases.splice(0)) r();
      await stopped;
      expect(most).toBe(2);
      expect(handled.sort()).toEqual([1, 2, 3]);
    } finally {
      await bus.close();
    }
  });

  it('survives a server restart: reconnects, and durable messages from before the restart are consumed', async () => {
    const dataDir = join(dir, 'restart');
    let child = await startNatsChild({ dataDir });
    const bus: MessageBus = await connectNatsBus({ url: child.url, logger, connectOptions: { reconnectTimeWait: 100 } });
    try {
      const tenant = uniqueName('t');
      const filterSubject = `wdiov.${tenant}.alarm.*`;
      const publish = async (from: number, to: number) => {
        for (let i = from; i <= to; i++) await bus.publishDurable(subjects.alarm(tenant, 'V1'), String(i));
      };
      const live: number[] = [];
      const running: number[] = [];
      bus.subscribe(filterSubject, (m) => live.push(Number(m.string())));
      const c1 = await bus.consumeDurable(streams.events.name, 'running', async (m) => void running.push(Number(m.string())), { filterSubject });
      await publish(1, 10);
      await waitFor(() => running.length === 10, 5_000, 'consumption before restart');

      await child.stop();
      child = await startNatsChild({ dataDir, port: child.port });
      // The client reconnects on its own; publishing fails until it has.
      await waitFor(() => logged.some((l) => l.msg === 'nats reconnect'), 10_000, 'reconnect');
      await publish(11, 20);

      // A durable never started before the restart still finds everything in the file store.
      const late: number[] = [];
      const c2 = await bus.consumeDurable(streams.events.name, 'late', async (m) => void late.push(Number(m.string())), { filterSubject });
      await waitFor(() => late.length === 20 && running.length >= 20, 10_000, 'consumption after restart');
      await settle(100);
      await Promise.all([c1.stop(), c2.stop()]);
      const oneToTwenty = [...Array(20).keys()].map((i) => i + 1);
      expect(late).toEqual(oneToTwenty);
      expect([...new Set(running)].sort((a, b) => a - b)).toEqual(oneToTwenty);
      expect(live.slice(-10)).toEqual(oneToTwenty.slice(10)); // core subscriptions are re-established too
      expect(logged.some((l) => l.msg === 'nats disconnect')).toBe(true);
    } finally {
      await bus.close();
      await child.stop();
    }
  }, 20_000);
});
