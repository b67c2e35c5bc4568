import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../lib/api-error.ts';
import type { AppBindings } from '../lib/types.ts';
import type { AccessPolicy } from './access-policy.ts';
import { PUBLIC_PATHS } from './auth-middleware.ts';
import { isOwnIdentityRead } from './read-grants.ts';

/** Applies the access policy to every protected /api call (403 in the envelope when refused). */
export function authorize(policy: AccessPolicy, open = PUBLIC_PATHS): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    if (open.some((p) => p.test(c.req.path))) return next();
    const principal = c.get('principal');
    const path = c.req.path.replace(/\/+$/, '');
    if (c.req.method === 'GET' && isOwnIdentityRead(path, c.req.query('userId'), principal.userId)) return next();
    const decision = await policy.check(principal, c.req.method, path);
    if (!decision.allowed) throw new ApiError(403, decision.reason);
    return next();
  };
}
