import type { MiddlewareHandler } from 'hono';
import type { AppBindings } from '../lib/types.ts';

/**
 * Calls the specification names without saying which parent they hang under: it lists
 * `operateStream/page` beside `operateRecord`, `transferRecord` under `logisticsRecord`, the logs
 * as BladeX's `blade-log` service does, and "app-pm storage idle list". Clients are written from
 * either reading, so both are served: each other reading (prefix) is answered by the call it
 * means, through the whole app (token, grants, api log) as if asked there.
 */
export const OTHER_READINGS: readonly (readonly [other: string, served: string])[] = [
  ['/api/wdiov-pm/operateStream/', '/api/wdiov-pm/operateRecord/operateStream/'],
  ['/api/wdiov-pm/operateDetail/', '/api/wdiov-pm/operateRecord/operateDetail/'],
  ['/api/wdiov-pm/inventorySale/', '/api/wdiov-pm/operateRecord/inventorySale/'],
  ['/api/wdiov-pm/operateRecord/storage/idleList', '/api/wdiov-pm/storage/idleList'],
  ['/api/wdiov-pm/app-pm/storage/idleList', '/api/wdiov-pm/storage/idleList'],
  ['/api/app-pm/storage/idleList', '/api/wdiov-pm/storage/idleList'],
  ['/api/wdiov-pm/transferRecord/', '/api/wdiov-pm/logisticsRecord/transferRecord/'],
  ['/api/wdiov-log/usual/', '/api/wdiov-system/log-usual/'],
  ['/api/wdiov-log/api/', '/api/wdiov-system/log-api/'],
  ['/api/wdiov-log/error/', '/api/wdiov-system/log-error/'],
];

/** The path a request means, when it is asked under another reading; undefined otherwise. */
export function servedPathOf(path: string): string | undefined {
  for (const [other, served] of OTHER_READINGS) {
    const exact = !other.endsWith('/');
    if (exact ? path === other : path.startsWith(other)) return served + path.slice(other.length);
  }
  return undefined;
}

/** Answers a request asked under another reading by asking `app` again at the path it means. */
export function serveOtherReadings(app: { fetch: (req: Request, env?: AppBindings['Bindings']) => Response | Promise<Response> }): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    const served = servedPathOf(c.req.path);
    if (served === undefined) return next();
    const url = new URL(c.req.url);
    url.pathname = served;
    const { method, headers } = c.req.raw;
    // Through Hono's body cache: the request guard before this may have read the stream already.
    const body = method === 'GET' || method === 'HEAD' ? undefined : await c.req.arrayBuffer();
    return app.fetch(new Request(url, { method, headers, body }), c.env);
  };
}
