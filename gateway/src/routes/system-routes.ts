import type { ConsoleConfig } from '@wdiov/contracts';
import type { Database } from '../db/client.ts';
import { DEFAULT_PRODUCT_TITLE, type Env } from '../env.ts';
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
    // '' leaves the title to the console, which shows its own in the user's language.
    productTitle: env.PRODUCT_TITLE === DEFAULT_PRODUCT_TITLE ? '' : env.PRODUCT_TITLE,
    productTitleEn: env.PRODUCT_TITLE_EN ?? '',
    // The zone of every 'yyyy-MM-dd HH:mm:ss' the gateway reads and writes.
    utcOffsetMin: env.UTC_OFFSET_MIN,
    mapStyleUrl: env.MAP_STYLE_URL ?? '',
    mapStyleDatum: env.MAP_STYLE_DATUM,
  };
  router.get('/config', (c) => data(c, config));
  return router;
}
