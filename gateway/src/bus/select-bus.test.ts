import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusLogger } from './bus.ts';
import { natsServerAvailable, startNatsChild, type NatsChild } from './nats-child.ts';
import { openBus } from './select-bus.ts';

const natsAvailable = await natsServerAvailable();
const requireNats = process.env.CI === 'true';
if (!natsAvailable) console.warn(`nats-server not found on PATH: openBus NATS cases ${requireNats ? 'will FAIL (CI=true)' : 'skipped'}`);

const logger: BusLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('openBus', () => {
  let dataDir = '';
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'wdiov-select-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('falls back to the in-process bus when spawning is off and no URL is given', async () => {
    const opened = await openBus({ dataDir, logger, spawnNats: false });
    expect(opened.bus.kind).toBe('memory');
    expect(opened.describe).toMatch(/in-process/);
    await opened.close();
  });

  it('reports a missing binary as unavailable (the memory-bus fallback path)', async () => {
    expect(await natsServerAvailable('wdiov-no-such-nats-server')).toBe(false);
  });

  describe.runIf(natsAvailable || requireNats)('with nats-server', () => {
    it('starts a nats-server child under <dataDir>/nats and stops it on close', async () => {
      const opened = await openBus({ dataDir, logger });
      expect(opened.bus.kind).toBe('nats');
      const pid = Number(/pid (\d+)/.exec(opened.describe)?.[1]);
      expect(process.kill(pid, 0)).toBe(true);
      await opened.bus.publishDurable('wdiov.t1.alarm.V1', 'stored on disk');
      await opened.close();
      expect(() => process.kill(pid, 0)).toThrow();
    });

    it('connects to the given NATS URL without starting anything', async () => {
      let server: NatsChild | undefined;
      try {
        server = await startNatsChild({ dataDir: join(dataDir, 'external') });
        const opened = await openBus({ natsUrl: server.url, dataDir, logger });
        expect(opened.bus.kind).toBe('nats');
        expect(opened.describe).toBe(`nats ${server.url}`);
        await opened.close();
      } finally {
        await server?.stop();
      }
    });
  });
});
