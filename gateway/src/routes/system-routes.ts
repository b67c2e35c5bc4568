import type { ConsoleConfig } from '@wdiov/contracts';
import type { Database } from '../db/client.ts';
import type { Env } from '../env.ts';
import { createRouter } from '../lib/create-app.ts';
import { data } from '../lib/envelope.ts';

export interface HealthInfo {
  database: Database;
  bus?: { kind: string; describe: string };
  startedAt: number;
}

/** `/api/health` (liveness with the engines in use) and `/api/config` (what the console reads before sign-in). */
export function systemRoutes(env: Env, health: HealthInfo) {
  const router = createRouter();
  router.get('/health', (c) =>
    data(c, {
      status: 'UP',
      database: health.database.kind,
      bus: health.bus?.kind ?? 'none',
      uptimeS: Math.round((Date.now() - health.startedAt) / 1000),
    }),
  );
  const config: ConsoleConfig = {
    captchaMode: env.CAPTCHA_MODE,
    tenantMode: env.TENANT_MODE,
    switchMode: env.SWITCH_MODE,
    defaultTenantId: '000000',
    tokenTime: 3000,
    productTitle: env.PRODUCT_TITLE,
  };
  router.get('/config', (c) => data(c, config));
  return router;
}
