import type { MiddlewareHandler } from 'hono';
import { createRouter } from '../../lib/create-app.ts';

/** Leaves `clientSecret` out of each record of a list or page answer. */
export const withoutSecrets: MiddlewareHandler = async (c, next) => {
  await next();
  if (!c.res.headers.get('content-type')?.includes('json')) return;
  const body = (await c.res.clone().json()) as { data?: unknown };
  const data = body.data as { records?: unknown[] } | unknown[] | undefined;
  const rows = Array.isArray(data) ? data : data?.records;
  if (!Array.isArray(rows)) return;
  for (const row of rows) if (row && typeof row === 'object') delete (row as Record<string, unknown>).clientSecret;
  c.res = new Response(JSON.stringify(body), { status: c.res.status, headers: c.res.headers });
};

/**
 * OAuth client secrets are sent only where an administrator edits one (the detail behind the
 * edit form), never in lists: a list screen, an export or a log never carries them.
 */
export function clientSecretRoutes() {
  const router = createRouter();
  router.use('/client/list', withoutSecrets);
  router.use('/client/page', withoutSecrets);
  return router;
}
