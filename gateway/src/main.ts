import { resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { existsSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { loadEnv } from './env.ts';
import { createLogger } from './lib/logger.ts';
import { openDatabase } from './db/client.ts';
import { openBus } from './bus/select-bus.ts';
import { loadOrCreateSecret } from './lib/secret.ts';
import { buildGateway } from './build-app.ts';
import { prepareData } from './seed/seed.ts';
import { startStreaming } from './live/streaming.ts';
import { StatsRollup, ROLLUP_INTERVAL_MS } from './stats/rollup-job.ts';
import { startForwarding } from './forward/forward-service.ts';
import { setUpLiveFeed } from './scale/live-feed.ts';
import { positionPublisher } from './scale/position-publisher.ts';
import { startCredentialRevocation } from './scale/credential-revoker.ts';
import { natsCardPublisher } from './scale/card-publisher.ts';
import { ConsumerLag } from './metrics/consumer-lag.ts';
import { RetentionJob, retentionTargets, RETENTION_INTERVAL_MS } from './retention/retention-job.ts';
import { localLease, postgresLease } from './forward/platform-lease.ts';
import { ReportJob, REPORT_INTERVAL_MS } from './reports/report-job.ts';

/** `npm start`: the whole system on embedded defaults, or on the engines the environment names. */
async function main() {
  const env = loadEnv();
  const logger = createLogger(env.LOG_LEVEL);
  const dataDir = resolve(env.DATA_DIR);
  const database = await openDatabase({ url: env.DATABASE_URL, dir: env.DATABASE_URL ? undefined : resolve(dataDir, 'pg'), thread: env.PGLITE_THREAD });
  logger.info({ database: database.describe }, 'database ready');
  const live = await setUpLiveFeed(env, dataDir);
  const bus = await openBus({ natsUrl: env.NATS_URL, dataDir, logger, spawnNats: env.NATS_SPAWN, connectOptions: live.connectOptions, childConfigFile: live.childConfigFile, replicas: env.NATS_STREAM_REPLICAS });
  logger.info({ bus: bus.describe, natsWs: live.feed ? 'on' : 'off' }, 'message bus ready');
  const liveFeed = bus.url ? live.feed : undefined;
  const gateway = buildGateway({ env, database, logger, jwtSecret: loadOrCreateSecret(env.JWT_SECRET, dataDir), secretKey: loadOrCreateSecret(env.SECRET_KEY, dataDir, 'secret-key'), bus, dataDir, liveFeed });
  // Without it a kicked user's nats.ws feed ends only when the credentials expire: worth a log line, not a failed start.
  const revocation = liveFeed && live.auth && bus.url
    ? await startCredentialRevocation({ bus: bus.bus, natsUrl: bus.url, feed: liveFeed, auth: live.auth, logger })
      .catch((err) => void logger.error({ err }, 'nats.ws credential revocation not started'))
    : undefined;
  const prepared = await prepareData(database.db, gateway.repos, env.DEMO_FLEET ? { dictionaries: gateway.dictionaries } : undefined);
  if (prepared.seeded) logger.info({ demoVehicles: prepared.demoVehicles }, 'seeded tenant 000000 with the admin account');
  if (prepared.menusAdded) logger.info({ menus: prepared.menusAdded }, 'added menus');

  const webDist = resolve(env.WEB_DIST);
  if (existsSync(webDist)) {
    const root = webDist;
    // Precompressed .gz beside large assets (the basemap) go to browsers that accept gzip.
    const assets = serveStatic({ root, precompressed: true });
    const shell = serveStatic({ root, path: 'index.html' });
    // Files of the built console; client-side routes (/login, /wel/index …) all load the app
    // shell. /api paths never do: an unknown call answers 404 in the envelope.
    gateway.app.get('*', (c, next) => (c.req.path.startsWith('/api') ? next() : assets(c, next)));
    gateway.app.get('*', (c, next) => (c.req.path.startsWith('/api') ? next() : shell(c, next)));
  } else {
    logger.warn({ webDist }, 'web console not built: only the API is served (npm run build -w web)');
  }

  // Cards go out on nats.ws wherever credential revocation runs (the card publisher needs it): the
  // credentials say so from the first sign-in on, though the publisher starts with streaming below
  // (no card is raised before that), so no console keeps the socket for a whole sign-in.
  if (revocation && liveFeed) liveFeed.cardsPublished = true;
  const server = serve({ fetch: gateway.app.fetch, port: env.PORT, hostname: env.HOST }, (info) =>
    logger.info(`console at http://localhost:${info.port}`),
  );
  gateway.injectWebSocket(server);
  const streaming = await startStreaming({
    env, db: database.db, bus: bus.bus, repos: gateway.repos, logger, logs: gateway.logs, latest: gateway.latest, hub: gateway.hub, geocoder: gateway.geocoder,
    persistTo: env.PERSIST_THREAD && bus.url && env.DATABASE_URL ? { natsUrl: bus.url, natsCreds: live.creds, databaseUrl: env.DATABASE_URL } : undefined,
    positions: liveFeed && positionPublisher(bus.bus), notifications: gateway.notifications,
  });
  logger.info({ persistence: streaming.persistence.where }, 'persisters started');
  // Cards for browsers on nats.ws, to the holders of credentials any gateway minted.
  if (revocation && liveFeed) streaming.cards.sendAlsoTo(natsCardPublisher(bus.bus, revocation.minted, gateway.hub.scopes, logger));
  const rollup = new StatsRollup(database.db, { utcOffsetMin: env.UTC_OFFSET_MIN }, logger);
  rollup.start(ROLLUP_INTERVAL_MS);
  // Old raw frames and positions go, on one gateway at a time (RETENTION_*_DAYS).
  const retention = new RetentionJob(database.db, env.DATABASE_URL ? postgresLease(env.DATABASE_URL) : localLease(), retentionTargets(env), logger);
  retention.start(RETENTION_INTERVAL_MS);
  // Scheduled reports (reportAutoSend), mailed and kept as export records, on one gateway at a time.
  const reports = new ReportJob({
    db: database.db, repos: gateway.repos, lease: env.DATABASE_URL ? postgresLease(env.DATABASE_URL) : localLease(), store: gateway.objects,
    mail: gateway.notifications.channels.senderDeps, logger, utcOffsetMin: env.UTC_OFFSET_MIN, maxAttempts: env.REPORT_MAX_ATTEMPTS,
  });
  reports.start(REPORT_INTERVAL_MS);
  // Forwarding to superior platforms: links of the enabled platforms whose lease this gateway holds.
  const forwarding = await startForwarding({
    db: database.db, bus: bus.bus, logger, databaseUrl: env.DATABASE_URL, outbound: gateway.outbound,
    options: { frameRate: env.FORWARD_FRAME_RATE, backlogShare: env.FORWARD_BACKLOG_SHARE },
  });
  const lag = bus.url ? new ConsumerLag(bus.url, live.connectOptions) : undefined;
  gateway.metrics.watch({
    ingest: () => streaming.ingest?.stats, persisting: () => streaming.persistence.running(),
    persistBatches: () => streaming.persistence.counts().batches, consumerLag: lag && (() => lag.read()),
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Not ready first, so proxies send new work elsewhere; then the doors close: terminals and sockets are
    // closed (they reconnect to another gateway), batches in hand are stored, in-flight requests finish.
    logger.info({ signal, graceMs: env.SHUTDOWN_GRACE_MS }, 'draining');
    gateway.drain();
    await delay(env.SHUTDOWN_GRACE_MS);
    const httpClosed = new Promise<void>((done) => server.close(() => done()));
    await rollup.stop();
    await retention.stop();
    await reports.stop();
    await forwarding.close();
    await streaming.close();
    if ('closeIdleConnections' in server) server.closeIdleConnections();
    await Promise.race([httpClosed, delay(5000)]);
    logger.info('stopped taking work');
    await gateway.logs.close();
    await lag?.close();
    await revocation?.close();
    await bus.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
