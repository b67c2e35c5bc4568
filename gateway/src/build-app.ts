import type { Logger } from 'pino';
import { entityTables } from './db/entity-tables.ts';
import type { Database } from './db/client.ts';
import type { Env } from './env.ts';
import { gatewayOutbound } from './outbound/gateway-outbound.ts';
import { createApp } from './lib/create-app.ts';
import { MapSources } from './lib/map-sources.ts';
import { Geocoder } from './geocode/geocoder.ts';
import { RegeoSettings } from './geocode/regeo-settings.ts';
import { TenantPlaces } from './geocode/tenant-places.ts';
import { readBasemapConfig } from './routes/system/basemap.routes.ts';
import { CaptchaStore } from './auth/captcha.ts';
import { TokenSigner } from './auth/jwt.ts';
import { LoginGuard } from './auth/login-guard.ts';
import { TokenService } from './auth/token-service.ts';
import { authenticate, publicPaths, requireAuth, tokenOf } from './auth/auth-middleware.ts';
import { resolveClientAddress, TrustedProxies } from './lib/client-address.ts';
import { Revocations } from './auth/revocations.ts';
import { KickReason, SessionKicks, signInKicks, SINGLE_SESSION_PARAM } from './auth/session-kicks.ts';
import { SwitchParams } from './auth/params.ts';
import { AuthLookup } from './auth/user-lookup.ts';
import { AddressLimiter } from './auth/address-limiter.ts';
import { oauthRouter } from './auth/oauth.routes.ts';
import { SsoFlows } from './auth/sso-flow.ts';
import { SsoHttp } from './auth/sso-http.ts';
import { SsoProviders } from './auth/sso-providers.ts';
import { ssoRouter } from './auth/sso-routes.ts';
import { SsoSignIn } from './auth/sso-sign-in.ts';
import { Dictionaries } from './crud/dictionaries.ts';
import { Labels } from './crud/labels.ts';
import { Repositories } from './crud/repositories.ts';
import { crudRouter } from './crud/crud-router.ts';
import { importRouter } from './crud/import/import.routes.ts';
import { systemRoutes } from './routes/system-routes.ts';
import { AccessPolicy } from './auth/access-policy.ts';
import { authorize } from './auth/authorize.ts';
import { DataScopes } from './auth/data-scope.ts';
import { BEHAVIOURS } from './crud/behaviours.ts';
import { workflowBehaviours } from './workflows/behaviours.ts';
import { workflowRoutes } from './workflows/workflow.routes.ts';
import { expireRemindRoutes } from './workflows/expire-remind.routes.ts';
import { stockRoutes } from './workflows/stock.routes.ts';
import { workflowDeps } from './workflows/stock-moves.ts';
import type { BespokeDeps } from './routes/bespoke-deps.ts';
import { resourceRoutes } from './routes/resource/index.ts';
import { developRoutes } from './routes/develop/index.ts';
import { systemRoutes as systemBespokeRoutes } from './routes/system/index.ts';
import { userRoutes } from './routes/user/index.ts';
import { baseRoutes, businessRoutes, vehteamCallRoutes, vehteamTreeRoutes } from './routes/base/index.ts';
import { forwardRoutes } from './forward/forward.routes.ts';
import type { MessageBus } from './bus/bus.ts';
import { LogWriter } from './logs/log-writer.ts';
import { buildOpenApi } from './openapi/openapi.ts';
import { entityByName, entityList, importable, POSITION_SOCKET_PATH, SOCKET_PATH, subjects, type EntityCache } from '@wdiov/contracts';
import { dropCachesOnChange, type Invalidates } from './live/cache-invalidation.ts';
import { createNodeWebSocket } from '@hono/node-ws';
import { LatestState } from './live/latest-state.ts';
import { SocketHub, type SocketChannel } from './live/socket-hub.ts';
import { VehicleScopes } from './live/vehicle-scope.ts';
import { apiLog } from './logs/api-log.ts';
import { operationRecorder } from './logs/operation-log.ts';
import { Inbox } from './notify/inbox.ts';
import { inboxRoutes } from './notify/inbox.routes.ts';
import { CLOSE_POLICY, MessageRate } from './lib/message-rate.ts';
import { GatewayMetrics } from './metrics/gateway-metrics.ts';
import { opsRoutes } from './metrics/ops.routes.ts';
import { serveOtherReadings } from './routes/path-readings.ts';
import { storeWebLogs } from './logs/web-logs.ts';
import { largeScreenRoutes } from './routes/base/large-screen.routes.ts';
import { ShareLinks } from './stats/share-links.ts';
import { VehicleShares } from './share/vehicle-shares.ts';
import { vehicleShareRoutes } from './share/vehicle-share.routes.ts';
import { liveCredentialRoutes } from './scale/live-credentials.routes.ts';
import type { LiveFeed } from './scale/live-feed.ts';
import { SecretBox } from './notify/secret-box.ts';
import { channelSettings } from './notify/channel-settings.ts';
import { Notifications } from './notify/notifications.ts';
import { notifyRoutes } from './notify/notify.routes.ts';
import { ossSettings } from './storage/oss-config.ts';
import { ObjectStores } from './storage/object-stores.ts';
import { TOKEN_HEADER } from '@wdiov/contracts';
import type { Ctx } from './lib/types.ts';

const EMPTY = new Uint8Array(0);

export interface GatewayDeps {
  env: Env;
  database: Database;
  logger: Logger;
  jwtSecret: string;
  /** Absolute data directory (uploaded files …). */
  dataDir: string;
  bus?: { bus: MessageBus; describe: string };
  /** Positions over nats.ws: the credentials browsers ask for (scale/live-feed.ts). */
  liveFeed?: LiveFeed;
  /**
   * Key of the tenants' stored secrets (SECRET_KEY or the one kept in the data directory); without it
   * the JWT secret is the key material (the secret box derives its own key from it, for another use).
   */
  secretKey?: string;
}

/** Wires every service of the gateway into one Hono app (no I/O besides what the deps hold). */
export function buildGateway({ env, database, logger, jwtSecret, bus, dataDir, liveFeed, secretKey }: GatewayDeps) {
  const { db } = database;
  const dictionaries = new Dictionaries(db);
  const labels = new Labels(db, entityTables, dictionaries);
  const dataScopes = new DataScopes(db);
  const policy = new AccessPolicy(db);
  const signInReads = new AuthLookup(db);
  // Caches of this gateway drop what a write (generic or bespoke) may have changed, at once.
  // Which of them hold the entity, its definition says (`caches`).
  const afterWrite = (e: { name: string }) => {
    labels.invalidate();
    for (const name of entityByName(e.name)?.caches ?? []) requestCaches[name]?.invalidate();
  };
  const secrets = new SecretBox(env.SECRET_KEY ?? secretKey ?? jwtSecret);
  const logs = new LogWriter(db, logger);
  const repos: Repositories = new Repositories(entityTables, {
    db, labels, utcOffsetMin: env.UTC_OFFSET_MIN, prepare: { ...workflowBehaviours(BEHAVIOURS), notifyChannel: channelSettings(secrets), oss: ossSettings(secrets) },
    rowScope: (entity, columns, principal) => dataScopes.condition(entity, columns, principal),
    other: (name) => repos.get(name),
    // Every gateway (this one included, through its own subscription) drops what it cached of the entity.
    onWrite: (entity, tenantId) => {
      afterWrite(entity);
      bus?.bus.publish(subjects.changed(tenantId, entity.name), EMPTY);
    },
    onRecord: operationRecorder(logs, env.UTC_OFFSET_MIN),
  });
  const switches = new SwitchParams(repos);
  const outbound = gatewayOutbound(env, repos);
  const regeo = new RegeoSettings(repos, outbound);
  const places = new TenantPlaces(repos, (err, tenantId) => logger.warn({ err, tenantId }, 'places not loaded'));
  const geocoder = new Geocoder({ places, service: () => regeo.current(), logger });
  const mapSources = new MapSources(env.MAP_STYLE_URL);
  const readMapSources = () => void mapSources.refresh(async () => (await readBasemapConfig(repos)).tileOrigin)
    .catch((err: unknown) => logger.warn({ err }, 'map tile origin not read'));
  /** The request path's caches an entity's definition may name; the live path's are streaming.ts's. */
  const requestCaches: Partial<Record<EntityCache, Invalidates>> = {
    signIn: signInReads, params: { invalidate: () => (switches.invalidate(), regeo.invalidate(), readMapSources()) }, dictionaries, places,
    access: { invalidate: () => (policy.invalidate(), dataScopes.invalidate()) },
  };
  // Writes taken by other gateways reach these through the change subject, as the live caches' do.
  if (bus) dropCachesOnChange(bus.bus, requestCaches, entityByName, (entity) => repos.of(entity).readsChanged());
  const signer = new TokenSigner(jwtSecret);
  const captchas = new CaptchaStore(db);
  const revocations = new Revocations(db);
  const kicks = new SessionKicks(db, revocations, bus?.bus);
  const ssoHttp = new SsoHttp(outbound, (err, url) => logger.warn({ err, url }, 'identity provider not reached'));
  const ssoProviders = new SsoProviders(db, secrets, ssoHttp);
  const ssoFlows = new SsoFlows(db, ssoProviders, ssoHttp);
  const tokens = new TokenService({
    sso: new SsoSignIn(db, ssoFlows, ssoProviders),
    db, signer, captchas, guard: new LoginGuard(db, env.LOGIN_LOCK_MINUTES * 60_000), lookup: signInReads, revocations, captchaMode: env.CAPTCHA_MODE, tenantMode: env.TENANT_MODE,
    sessions: signInKicks(kicks, () => switches.isOn(SINGLE_SESSION_PARAM)),
    onSignIn: (user, grant) => logs.usual({ tenantId: user.tenantId, logId: 'sign-in', logData: `${user.account} 登录 (${grant})`, createBy: user.account }),
  });

  const app = createApp({ logger, bodyLimitBytes: env.BODY_LIMIT, mapSources: () => mapSources.list() });
  readMapSources();
  const metrics = new GatewayMetrics();
  let draining = false;
  const proxies = new TrustedProxies(env.TRUST_PROXY);
  const open = publicPaths(proxies.any);
  app.use('*', resolveClientAddress(proxies));
  app.use('*', metrics.http());
  app.route('/', opsRoutes(metrics, env.METRICS_TOKEN, { database, draining: () => draining }, proxies));
  app.use('/api/*', serveOtherReadings(app));
  app.use('/api/*', apiLog(logs));
  app.use('/api/*', requireAuth(signer, revocations, undefined, open));
  app.use('/api/*', authorize(policy, open));
  app.route('/api', systemRoutes(env, { database, bus: bus ? { kind: bus.bus.kind, describe: bus.describe } : undefined, startedAt: Date.now() }));
  const failures = new AddressLimiter(env.SIGNIN_FAILURES_PER_ADDRESS, env.SIGNIN_FAILURE_WINDOW_SECONDS * 1000);
  app.route('/api/wdiov-auth', oauthRouter({ db, tokens, captchas, signer, revocations, failures, clearCaches: () => {
    dictionaries.invalidate();
    signInReads.invalidate();
    switches.invalidate();
  },
    onSignOut: (claims, webLogs, userAgent) => {
      // The sign-in's open sockets and nats.ws keys end with it, on every gateway.
      if (claims.fam) void kicks.kick(claims.user_id, KickReason.signedOut, { revoke: false, family: claims.fam }).catch((err: unknown) => logger.warn({ err }, 'sign-out feeds not ended'));
      logs.usual({ tenantId: claims.tenant_id, logId: 'sign-out', logData: `${claims.account} 退出`, createBy: claims.account });
      storeWebLogs(logs, { tenantId: claims.tenant_id, account: claims.account }, webLogs, userAgent);
    } }));
  app.route('/api/wdiov-auth', ssoRouter({
    providers: ssoProviders, flows: ssoFlows, starts: new AddressLimiter(env.SIGNIN_FAILURES_PER_ADDRESS, env.SIGNIN_FAILURE_WINDOW_SECONDS * 1000),
    offsetMin: env.UTC_OFFSET_MIN,
  }));
  const latest = new LatestState();
  const hub = new SocketHub((tenantId) => latest.ofTenant(tenantId), new VehicleScopes(repos, dataScopes));
  metrics.watch({ sockets: () => hub.clientCounts(), vehicles: () => latest.size, natsWsSubscribers: liveFeed && (() => liveFeed.issued.count()) });
  app.route('/', liveCredentialRoutes(liveFeed, hub.scopes));
  // Bespoke routes first: where they share a path with a generic one (a tree `list`), they win.
  const objects = new ObjectStores({ env, repos, box: secrets, outbound, dataDir, logger });
  // Public paths that still tell a signed-in caller apart (a stored file is served to its own tenant only).
  const identify = (c: Ctx) => {
    const token = tokenOf(c.req.header(TOKEN_HEADER), (k) => c.req.query(k));
    return token ? authenticate(signer, revocations, token) : Promise.resolve(undefined);
  };
  const bespoke: BespokeDeps = { env, db, repos, dictionaries, policy, dataScopes, logger, logs, dataDir, kicks, mapSources, geocoder, objects, identify };
  app.route('/api/wdiov-system', systemBespokeRoutes(bespoke));
  app.route('/api/wdiov-user', userRoutes(bespoke));
  app.route('/api/wdiov-resource', resourceRoutes(bespoke));
  app.route('/api/wdiov-develop', developRoutes(bespoke));
  app.route('/api/wdiov-base', largeScreenRoutes(bespoke, latest, new ShareLinks(db, jwtSecret, (t) => signInReads.tenantUsable(t))));
  app.route('/api/wdiov-base', vehicleShareRoutes({ repos, utcOffsetMin: env.UTC_OFFSET_MIN }, latest, new VehicleShares(db, jwtSecret, (t) => signInReads.tenantUsable(t))));
  app.route('/api/wdiov-base', baseRoutes(bespoke, latest, bus?.bus));
  app.route('/api/wdiov-base', forwardRoutes(bespoke));
  const notifications = new Notifications({ env, repos, box: secrets, outbound, logger });
  requestCaches.channels = notifications.channels;
  app.route('/api/wdiov-desk', inboxRoutes(new Inbox(repos, env.UTC_OFFSET_MIN)));
  app.route('/api/wdiov-base', notifyRoutes(repos, notifications.channels, { utcOffsetMin: env.UTC_OFFSET_MIN, consoleUrl: env.CONSOLE_URL }));
  app.route('/api/wdiov-vehteam', vehteamTreeRoutes(bespoke, latest));
  app.route('/api/wdiov-vehteam', vehteamCallRoutes(bespoke));
  app.route('/api/wdiov-business', businessRoutes(bespoke));
  const transitions = workflowDeps({ db, repos, utcOffsetMin: env.UTC_OFFSET_MIN, holdsButton: (p, path, button) => policy.holdsButton(p, path, button) });
  app.route('/', workflowRoutes(transitions));
  app.route('/', stockRoutes(transitions));
  app.route('/', expireRemindRoutes({ repos, utcOffsetMin: env.UTC_OFFSET_MIN, mileageOf: (vin, tenantId) => {
    const t = latest.get(vin);
    return t?.tenantId === tenantId && typeof t.mileageKm === 'number' ? t.mileageKm : undefined;
  } }));
  for (const repo of repos.all()) {
    if (importable(repo.entity)) app.route(repo.entity.basePath, importRouter(repo, { repos, dictionaries, utcOffsetMin: env.UTC_OFFSET_MIN }));
    app.route(repo.entity.basePath, crudRouter(repo, { afterWrite }));
  }
  // The online-user socket (cards, kicks) and the position socket: the token arrives as a query
  // parameter (browsers cannot set headers on a websocket) and is checked by the same middleware as every other call.
  // Browsers send small, rare messages: a larger one closes the socket (1009, by ws itself), a flood too (1008).
  const { upgradeWebSocket, injectWebSocket, wss } = createNodeWebSocket({ app });
  wss.options.maxPayload = env.WS_MAX_MESSAGE_BYTES;
  const socket = (path: string, channel: SocketChannel) => app.get(path.replace(/\/$/, ''), upgradeWebSocket((c) => {
    const principal = c.get('principal');
    const rate = new MessageRate(env.WS_MAX_MESSAGES_PER_S);
    return {
      onOpen: (_e, ws) => {
        // A script looping on new sockets holds no more than the cap; the console needs two per tab.
        if (hub.socketsOf(principal.userId) >= env.WS_MAX_SOCKETS_PER_USER) return ws.close(CLOSE_POLICY, `too many sockets: at most ${env.WS_MAX_SOCKETS_PER_USER} per user`);
        hub.open(ws, principal, channel);
      },
      onMessage: (e, ws) => (rate.allow() ? hub.message(ws, typeof e.data === 'string' ? e.data : '') : ws.close(CLOSE_POLICY, 'too many messages')),
      onClose: (_e, ws) => hub.close(ws),
    };
  }));
  socket(SOCKET_PATH, 'online-user');
  socket(POSITION_SOCKET_PATH, 'positions');
  let openApi: unknown;
  app.get('/api/openapi.json', (c) => c.json((openApi ??= buildOpenApi(entityList, app.routes, env.PRODUCT_TITLE,
    app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: env.PRODUCT_TITLE, version: '1.0.0' } })))));
  /** From now on /api/ready answers 503, so proxies send new work elsewhere. */
  const drain = () => void (draining = true);
  return { app, repos, outbound, objects, notifications, geocoder, signer, tokens, dictionaries, policy, dataScopes, logs, latest, hub, metrics, drain, injectWebSocket };
}

export type Gateway = ReturnType<typeof buildGateway>;
