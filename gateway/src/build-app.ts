import type { Logger } from 'pino';
import { entityTables } from './db/entity-tables.ts';
import type { Database } from './db/client.ts';
import type { Env } from './env.ts';
import { createApp } from './lib/create-app.ts';
import { CaptchaStore } from './auth/captcha.ts';
import { TokenSigner } from './auth/jwt.ts';
import { LoginGuard } from './auth/login-guard.ts';
import { TokenService } from './auth/token-service.ts';
import { requireAuth } from './auth/auth-middleware.ts';
import { oauthRouter } from './auth/oauth.routes.ts';
import { Dictionaries } from './crud/dictionaries.ts';
import { Labels } from './crud/labels.ts';
import { Repositories } from './crud/repositories.ts';
import { crudRouter } from './crud/crud-router.ts';
import { systemRoutes } from './routes/system-routes.ts';
import type { MessageBus } from './bus/bus.ts';

export interface GatewayDeps {
  env: Env;
  database: Database;
  logger: Logger;
  jwtSecret: string;
  bus?: { bus: MessageBus; describe: string };
}

/** Wires every service of the gateway into one Hono app (no I/O besides what the deps hold). */
export function buildGateway({ env, database, logger, jwtSecret, bus }: GatewayDeps) {
  const { db } = database;
  const dictionaries = new Dictionaries(db);
  const labels = new Labels(db, entityTables, dictionaries);
  const repos = new Repositories(entityTables, { db, labels, utcOffsetMin: env.UTC_OFFSET_MIN });
  const signer = new TokenSigner(jwtSecret);
  const captchas = new CaptchaStore(db);
  const tokens = new TokenService({
    db, signer, captchas, guard: new LoginGuard(db), captchaMode: env.CAPTCHA_MODE, tenantMode: env.TENANT_MODE,
  });

  const app = createApp({ logger, bodyLimitBytes: env.BODY_LIMIT });
  app.use('/api/*', requireAuth(signer, db));
  app.route('/api', systemRoutes(env, { database, bus: bus ? { kind: bus.bus.kind, describe: bus.describe } : undefined, startedAt: Date.now() }));
  app.route('/api/wdiov-auth', oauthRouter({ db, tokens, captchas, signer, clearCaches: () => dictionaries.invalidate() }));
  const afterWrite = (e: { name: string }) => {
    if (e.name === 'dict' || e.name === 'dictBiz') dictionaries.invalidate();
  };
  for (const repo of repos.all()) app.route(repo.entity.basePath, crudRouter(repo, { afterWrite }));
  return { app, repos, signer, tokens, dictionaries };
}

export type Gateway = ReturnType<typeof buildGateway>;
