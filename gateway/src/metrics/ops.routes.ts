import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { fail } from '@wdiov/contracts';
import type { Database } from '../db/client.ts';
import { fromThisMachine, type TrustedProxies } from '../lib/client-address.ts';
import { createRouter } from '../lib/create-app.ts';
import { data } from '../lib/envelope.ts';
import type { GatewayMetrics } from './gateway-metrics.ts';

/** What readiness depends on. `draining` turns true when the gateway is asked to stop. */
export interface Readiness {
  database: Database;
  draining: () => boolean;
}

const DATABASE_CHECK_MS = 2000;

function tokenMatches(header: string | undefined, token: string): boolean {
  const m = /^bearer\s+(.+)$/i.exec(header?.trim() ?? '');
  if (!m) return false;
  const given = Buffer.from(m[1]!.trim());
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

async function databaseAnswers(database: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), DATABASE_CHECK_MS)));
  try {
    return await Promise.race([database.db.execute(sql`select 1`).then(() => true as const), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `/metrics` for Prometheus (with METRICS_TOKEN as a bearer token, else from this machine only) and `/api/ready`:
 * readiness, unlike `/api/health` (liveness), fails while the database does not answer or the gateway is draining,
 * so a proxy sends no new work to a gateway that cannot take it.
 */
export function opsRoutes(metrics: GatewayMetrics, metricsToken: string | undefined, readiness: Readiness, proxies: TrustedProxies) {
  const router = createRouter();
  router.get('/metrics', async (c) => {
    const allowed = metricsToken ? tokenMatches(c.req.header('authorization'), metricsToken) : fromThisMachine(c, proxies);
    if (!allowed) {
      const why = metricsToken ? 'a bearer token is required' : proxies.any ? 'behind a trusted proxy metrics need METRICS_TOKEN' : 'metrics are served to this machine only; set METRICS_TOKEN';
      return c.text(`${why}\n`, 401);
    }
    return c.body(await metrics.text(), 200, { 'content-type': metrics.contentType });
  });
  router.get('/api/ready', async (c) => {
    if (readiness.draining()) return c.json(fail(503, 'draining: the gateway is stopping'), 503);
    if (!(await databaseAnswers(readiness.database))) return c.json(fail(503, 'the database does not answer'), 503);
    return data(c, { status: 'READY' });
  });
  return router;
}
