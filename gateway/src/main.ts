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
import { closeHttp, drainWithin } from './lib/drain.ts';
import { errorChain } from './lib/error-chain.ts';

/** The stop's parts, within SHUTDOWN_GRACE_MS: not-ready notice (at most), requests in flight (at most), the bus and database's tail. */
const NOTICE_MAX_MS = 1000;
const HTTP_CLOSE_MAX_MS = 3000;
const CLOSE_TAIL_MS = 1500;
/**
 * An idle keep-alive connection is kept longer than the proxies and clients in front of it keep
 * theirs (60 s is the usual load balancer's): when the server closes one first, a request the
 * client sent on it at that moment is reset (ECONNRESET), Node's 5 s default makes that common.
 */
const KEEP_ALIVE_MS = 65_000;
/** Past the budget by this much, the process ends whatever it is doing. */
const HARD_STOP_SLACK_MS = 500;

/** `npm start`: the whole system on embedded defaults, or on the engines the environment names. */
async function main() {
  const env = loadEnv();
  const logger = createLogger(env.LOG_LEVEL);
  const dataDir = resolve(env.DATA_DIR);
  const pgDir = env.DATABASE_URL ? undefined : resolve(dataDir, 'pg');
  const database = await openDatabase({ url: env.DATABASE_URL, dir: pgDir, thread: env.PGLITE_THREAD }).catch((err: unknown) => {
    throw new Error(pgDir ? `the embedded database in ${pgDir} did not open` : 'the database at DATABASE_URL did not open', { cause: err });
  });
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
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    server.headersTimeout = KEEP_ALIVE_MS + 1000;
  }
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
    // Gone by the budget whatever happens below (a step that never settles, a starved event loop).
    setTimeout(() => process.exit(1), env.SHUTDOWN_GRACE_MS + HARD_STOP_SLACK_MS).unref();
    // Not ready at once, so proxies send new work elsewhere; a moment later the doors close: terminals
    // are handed over (their links ended, what they had sent read and passed on), console sockets closed
    // (they reconnect to another gateway), requests in flight finish, batches in hand are stored.
    logger.info({ signal, graceMs: env.SHUTDOWN_GRACE_MS }, 'draining');
    gateway.drain();
    const doors = await drainWithin([
      [{ name: 'notice', run: () => delay(Math.min(NOTICE_MAX_MS, env.SHUTDOWN_GRACE_MS / 8)) }],
      [
        { name: 'http', run: () => closeHttp(server, HTTP_CLOSE_MAX_MS) },
        { name: 'streaming', run: () => streaming.close() },
        { name: 'rollup', run: () => rollup.stop() },
        { name: 'retention', run: () => retention.stop() },
        { name: 'reports', run: () => reports.stop() },
        { name: 'forwarding', run: () => forwarding.close() },
      ],
      [{ name: 'logs', run: () => gateway.logs.close() }, { name: 'lag', run: () => lag?.close() }, { name: 'revocation', run: () => revocation?.close() }],
    ], env.SHUTDOWN_GRACE_MS - CLOSE_TAIL_MS, logger);
    logger.info({ elapsedMs: doors.elapsedMs }, 'stopped taking work');
    // The bus and the database last, with the budget's tail kept for them: a clean close of the embedded database.
    const tail = await drainWithin([[{ name: 'bus', run: () => bus.close() }], [{ name: 'database', run: () => database.close() }]], CLOSE_TAIL_MS, logger);
    process.exit(doors.overran.length + tail.overran.length > 0 ? 1 : 0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error(errorChain(err));
  process.exit(1);
});
