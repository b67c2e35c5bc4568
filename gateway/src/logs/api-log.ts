import type { MiddlewareHandler } from 'hono';
import { clientAddress } from '../lib/client-address.ts';
import type { AppBindings } from '../lib/types.ts';
import type { LogWriter } from './log-writer.ts';

/** Query keys whose values never reach a log. */
const SECRET_KEYS = /^(password|oldPassword|newPassword1?|refresh_token|refreshToken|token|wdiov-auth|secretKey|clientSecret|share)$/i;

export function redactQuery(query: Record<string, string>): string {
  const safe = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, SECRET_KEYS.test(k) ? '******' : v]));
  return JSON.stringify(safe).slice(0, 5000);
}

/** Reads change nothing: like BladeX's @ApiLog, only the calls that write are kept. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Records every API call that writes as an api log (who, what, status, duration) and every
 * failure of the server itself as an error log, with the stack kept here and never sent to the
 * client. Rows only join the writer's buffer; the database sees them in batches, off the request.
 */
export function apiLog(writer: LogWriter): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const err = c.error && c.res.status >= 500 ? c.error : undefined;
    if (READS.has(c.req.method) && !err) return;
    const path = c.req.path;
    const principal = c.get('principal');
    const common = {
      tenantId: principal?.tenantId ?? '000000',
      method: c.req.method,
      requestUri: path.slice(0, 255),
      userAgent: (c.req.header('user-agent') ?? '').slice(0, 1000),
      // The forwarded address only from a trusted proxy (TRUST_PROXY): a client's own header is no address.
      remoteIp: clientAddress(c).slice(0, 255),
      params: redactQuery(c.req.query()),
      createBy: principal?.account ?? '',
    };
    if (!READS.has(c.req.method)) {
      writer.api({ ...common, type: '1', title: `${c.req.method} ${path}`.slice(0, 255), httpStatus: c.res.status, time: Math.round(performance.now() - started) });
    }
    if (err) {
      writer.error({
        ...common, exceptionName: err.name.slice(0, 255), message: (err.message ?? '').slice(0, 4000),
        stackTrace: (err.stack ?? '').slice(0, 20000), source: 'server',
      });
    }
  };
}
