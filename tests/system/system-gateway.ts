import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startNatsChild, type NatsChild } from '../../gateway/src/bus/nats-child.ts';
import { serve, type ServerType } from '@hono/node-server';
import type { Database } from '../../gateway/src/db/client.ts';
import type { MessageBus } from '../../gateway/src/bus/bus.ts';
import { buildGateway } from '../../gateway/src/build-app.ts';
import { testEnv } from '../../gateway/src/env.ts';
import { createLogger } from '../../gateway/src/lib/logger.ts';
import { startStreaming } from '../../gateway/src/live/streaming.ts';
import type { PersistenceTarget } from '../../gateway/src/live/persistence.ts';
import type { IngestSink } from '../../gateway/src/ingest/ingest-sink.ts';

/**
 * One gateway replica over a shared database and bus, with a real HTTP server (websockets)
 * and the TCP ingest on a fixed port, so it can be stopped and started again as a unit.
 */
export async function startReplica(database: Database, bus: MessageBus, ingestPort: number, jwtSecret: string, persistTo?: PersistenceTarget, positions?: IngestSink, envOverrides: Record<string, string> = {}) {
  const env = { ...testEnv({ OUTBOUND_ALLOW: '127.0.0.1', ...envOverrides }), INGEST_PORT: ingestPort };
  const logger = createLogger('silent');
  const gateway = buildGateway({ env, database, logger, jwtSecret, dataDir: '/tmp' });
  const streaming = await startStreaming({
    env, db: database.db, bus, repos: gateway.repos, logger, logs: gateway.logs, latest: gateway.latest, hub: gateway.hub, persistTo, positions, notifications: gateway.notifications,
  });
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: gateway.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  gateway.injectWebSocket(server);
  const address = server.address();
  const httpPort = address && typeof address === 'object' ? address.port : 0;
  return {
    gateway, streaming, httpPort,
    async stop() {
      await streaming.close();
      await new Promise<void>((r) => server.close(() => r()));
      await gateway.logs.close();
    },
  };
}

export const newSecret = () => randomBytes(32).toString('hex');

/** An access token of `account` on the replica, signed in as the console does (md5 of the password, the console's client). */
export async function signInAs(r: Replica, account: string, password: string, tenantId = '000000'): Promise<string> {
  const md5 = createHash('md5').update(password).digest('hex');
  const res = await r.gateway.app.request(`/api/wdiov-auth/oauth/token?grant_type=password&username=${account}&password=${md5}&tenantId=${tenantId}`, {
    method: 'POST', headers: { Authorization: 'Basic ' + Buffer.from('saber:saber_secret').toString('base64') },
  });
  return ((await res.json()) as { access_token: string }).access_token;
}
export type Replica = Awaited<ReturnType<typeof startReplica>>;

/** A nats-server child with its store in a temporary folder; the cleanups stop it and remove the folder. */
export async function natsChildFor(cleanups: (() => Promise<void>)[]): Promise<NatsChild> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wdiov-nats-'));
  const child = await startNatsChild({ dataDir });
  cleanups.push(async () => {
    await child.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return child;
}
