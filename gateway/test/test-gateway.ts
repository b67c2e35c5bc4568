import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../src/db/client.ts';
import { testEnv } from '../src/env.ts';
import { createLogger } from '../src/lib/logger.ts';
import { buildGateway, type Gateway } from '../src/build-app.ts';
import { prepareData } from '../src/seed/seed.ts';
import { serve, type ServerType } from '@hono/node-server';
import { createMemoryBus } from '../src/bus/memory-bus.ts';
import type { MessageBus } from '../src/bus/bus.ts';
import { startStreaming, type Streaming } from '../src/live/streaming.ts';
import type { LiveFeed } from '../src/scale/live-feed.ts';
import { createFromTemplate, pgliteFromTemplate } from './database-template.ts';

export const md5 = (s: string) => createHash('md5').update(s).digest('hex');
export const BASIC = 'Basic ' + Buffer.from('saber:saber_secret').toString('base64');

/**
 * Tests run on PGlite in memory; with TEST_DATABASE_URL they run on that Postgres server, in a
 * database of their own created for the file and dropped afterwards.
 */
const SERVER_URL = process.env.TEST_DATABASE_URL;

/**
 * A new database: PGlite in memory, or a new database on TEST_DATABASE_URL's server (its URL
 * given). `seeded`: a copy of the run's template, holding the first-start data already
 * (database-template.ts); otherwise only migrated.
 */
export async function freshDatabase(options: { seeded?: boolean } = {}): Promise<{ database: Database; url?: string; seeded: boolean; dispose: () => Promise<void> }> {
  if (!SERVER_URL) {
    const copy = options.seeded ? await pgliteFromTemplate() : undefined;
    const database = copy ?? (await openDatabase({}));
    return { database, seeded: copy !== undefined, dispose: () => database.close() };
  }
  const name = `wdiov_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  const seeded = options.seeded ? await createFromTemplate(admin, name) : false;
  if (!seeded) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    database,
    url: url.toString(),
    seeded,
    dispose: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: SERVER_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestGateway extends Gateway {
  database: Database;
  dataDir: string;
  streaming?: Streaming;
  bus?: MessageBus;
  /** Port of the real HTTP server (streaming gateways only; websockets need one). */
  httpPort: number;
  request(path: string, init?: RequestInit & { token?: string }): Promise<Response>;
  json<T = any>(path: string, init?: RequestInit & { token?: string }): Promise<{ status: number; body: T }>;
  signIn(account?: string, password?: string, tenantId?: string): Promise<string>;
  dispose(): Promise<void>;
}

export interface TestGatewayOptions {
  /** Start the live half (bus consumers, socket fan-out, TCP ingest on a free port). */
  streaming?: boolean;
  /** The bus to use (default: a fresh in-process bus). */
  bus?: MessageBus;
  /** Positions over nats.ws: the credentials the gateway hands browsers. */
  liveFeed?: LiveFeed;
}

export async function createTestGateway(envOverrides: Record<string, string> = {}, options: TestGatewayOptions = {}): Promise<TestGateway> {
  // Tests forward to simulator platforms on this machine.
  const env = testEnv({ OUTBOUND_ALLOW: '127.0.0.1', ...envOverrides });
  const { database, seeded, dispose } = await freshDatabase({ seeded: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'wdiov-test-'));
  // The gateway announces master-data changes on the same bus its streaming half listens to.
  const bus: MessageBus | undefined = options.streaming ? options.bus ?? createMemoryBus() : undefined;
  const gateway = buildGateway({ env, database, logger: createLogger('silent'), jwtSecret: randomBytes(32).toString('hex'), dataDir, bus: bus && { bus, describe: bus.kind }, liveFeed: options.liveFeed });
  if (!seeded) await prepareData(database.db, gateway.repos);
  const request = (path: string, init: RequestInit & { token?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('Wdiov-Auth', `bearer ${init.token}`);
    return Promise.resolve(gateway.app.request(path, { ...init, headers }));
  };
  const json = async (path: string, init: RequestInit & { token?: string } = {}) => {
    const res = await request(path, init);
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  const signIn = async (account = 'admin', password = 'admin', tenantId = '000000') => {
    const q = new URLSearchParams({ tenantId, username: account, password: md5(password), grant_type: 'password', scope: 'all', type: 'account' });
    const { body } = await json(`/api/wdiov-auth/oauth/token?${q}`, { method: 'POST', headers: { Authorization: BASIC, 'Tenant-Id': tenantId } });
    if (!body?.access_token) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
    return body.access_token as string;
  };
  let streaming: Streaming | undefined;
  let server: ServerType | undefined;
  if (bus) {
    streaming = await startStreaming({
      env: { ...env, INGEST_PORT: 0 }, db: database.db, bus, repos: gateway.repos, logger: createLogger('silent'),
      logs: gateway.logs, latest: gateway.latest, hub: gateway.hub, geocoder: gateway.geocoder,
    });
    server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: gateway.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    gateway.injectWebSocket(server);
  }
  const disposeAll = async () => {
    await streaming?.close();
    server?.close();
    if (bus && !options.bus) await bus.close();
    await gateway.logs.close();
    await dispose();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const address = server?.address();
  const httpPort = address && typeof address === 'object' ? address.port : 0;
  return { ...gateway, database, dataDir, request, json, signIn, dispose: disposeAll, streaming, bus, httpPort };
}

export const postJson = (body: unknown, token?: string): RequestInit & { token?: string } => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
  token,
});
