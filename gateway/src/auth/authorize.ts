import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../lib/api-error.ts';
import type { AppBindings } from '../lib/types.ts';
import type { AccessPolicy } from './access-policy.ts';
import { PUBLIC_PATHS } from './auth-middleware.ts';

/** Applies the access policy to every protected /api call (403 in the envelope when refused). */
export function authorize(policy: AccessPolicy): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    if (PUBLIC_PATHS.some((p) => p.test(c.req.path))) return next();
    const decision = await policy.check(c.get('principal'), c.req.method, c.req.path.replace(/\/+$/, ''));
    if (!decision.allowed) throw new ApiError(403, decision.reason);
    return next();
  };
}
