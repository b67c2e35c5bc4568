/**
 * Picks the message bus for this process, in the order ARCHITECTURE.md gives:
 * NATS_URL if configured; else a nats-server child (JetStream in <dataDir>/nats) when the
 * binary is on PATH; else the in-process bus. The caller (env.ts) passes natsUrl in, so
 * this module reads no environment itself.
 */
import { join } from 'node:path';
import type { BusLogger, MessageBus } from './bus.ts';
import { createMemoryBus } from './memory-bus.ts';
import { connectNatsBus, type NatsBusOptions } from './nats-bus.ts';
import { natsServerAvailable, startNatsChild } from './nats-child.ts';

export interface OpenBusOptions {
  natsUrl?: string;
  dataDir: string;
  logger: BusLogger;
  /** false: never start a nats-server child (e.g. tests that want the memory bus). */
  spawnNats?: boolean;
  /** How this process authenticates to NATS (operator mode: the gateway's own user credentials). */
  connectOptions?: NatsBusOptions['connectOptions'];
  /** Config file for a nats-server child (its websocket listener and accounts). */
  childConfigFile?: string;
  /** Stream replicas on a NATS cluster (NATS_URL). */
  replicas?: number;
}

export interface OpenedBus {
  bus: MessageBus;
  /** For the startup log line, e.g. "nats-server child nats://127.0.0.1:40123 (pid 42)". */
  describe: string;
  /** The NATS server's URL (absent for the in-process bus), for connections of other threads. */
  url?: string;
  /** Drains the bus, then stops the nats-server child if one was started. */
  close(): Promise<void>;
}

export async function openBus(opts: OpenBusOptions): Promise<OpenedBus> {
  if (opts.natsUrl) {
    const bus = await connectNatsBus({ url: opts.natsUrl, logger: opts.logger, connectOptions: opts.connectOptions, replicas: opts.replicas });
    return { bus, url: opts.natsUrl, describe: `nats ${redact(opts.natsUrl)}`, close: () => bus.close() };
  }
  if (opts.spawnNats !== false && (await natsServerAvailable())) {
    const child = await startNatsChild({ dataDir: join(opts.dataDir, 'nats'), configFile: opts.childConfigFile });
    try {
      const bus = await connectNatsBus({ url: child.url, logger: opts.logger, connectOptions: opts.connectOptions });
      const close = async () => {
        await bus.close();
        await child.stop();
      };
      return { bus, url: child.url, describe: `nats-server child ${child.url} (pid ${child.pid})`, close };
    } catch (err) {
      await child.stop();
      throw err;
    }
  }
  const bus = createMemoryBus({ logger: opts.logger });
  return { bus, describe: 'in-process bus (no NATS_URL, no nats-server on PATH)', close: () => bus.close() };
}

/** NATS URLs may carry user:password; keep them out of logs. */
function redact(url: string): string {
  return url.replace(/\/\/[^@/]*@/g, '//***@');
}
