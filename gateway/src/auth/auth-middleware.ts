import type { MiddlewareHandler } from 'hono';
import { TOKEN_HEADER } from '@wdiov/contracts';
import type { Revocations } from './revocations.ts';
import type { Principal } from '../crud/principal.ts';
import { ApiError } from '../lib/api-error.ts';
import { answerText } from '../lib/texts/answer-text.ts';
import type { AppBindings } from '../lib/types.ts';
import type { AccessClaims, TokenSigner } from './jwt.ts';
import { TokenCache } from './token-cache.ts';

/** Routes reachable without a token (paths under /api, without the prefix's trailing parts). */
export const PUBLIC_PATHS = [
  /^\/api\/health$/,
  /^\/api\/ready$/,
  /^\/api\/config$/,
  /^\/api\/openapi\.json$/,
  /^\/api\/wdiov-auth\/oauth\/(token|token\/refresh|captcha|logout)$/,
  // The sign-in page's provider buttons and the start of a provider sign-in.
  /^\/api\/wdiov-auth\/sso\/(providers|authorize)$/,
  /^\/api\/wdiov-system\/tenant\/info$/,
  /^\/api\/wdiov-user\/register-guest$/,
  /^\/api\/wdiov-base\/demoFleet\/register$/,
  // The large screen's figures through a share link: the link's own token is checked there.
  /^\/api\/wdiov-base\/largeScreenShare\/board$/,
  // A vehicle's position through its share link: the link's own token is checked there.
  /^\/api\/wdiov-base\/vehicleShare\/position$/,
  /^\/api\/wdiov-resource\/oss\/file\/.+$/,
];

/** Public only to this machine's own requests: behind a trusted proxy they need a token like any call. */
export const LOCAL_ONLY_PATHS = [/^\/api\/wdiov-base\/demoFleet\/register$/];

/** The public paths of a gateway, with the local-only ones while no proxy is trusted. */
export const publicPaths = (proxyTrusted: boolean): RegExp[] =>
  proxyTrusted ? PUBLIC_PATHS.filter((p) => !LOCAL_ONLY_PATHS.some((l) => l.source === p.source)) : PUBLIC_PATHS;

/** The bearer token of a request: the `Wdiov-Auth` header, else the `Wdiov-Auth` or `token` query parameter (websockets). */
export function tokenOf(header: string | undefined, query: (k: string) => string | undefined): string | undefined {
  const raw = header ?? query(TOKEN_HEADER) ?? query(TOKEN_HEADER.toLowerCase()) ?? query('token');
  if (!raw) return undefined;
  const m = /^bearer\s+(.+)$/i.exec(raw.trim());
  return (m ? m[1]! : raw).trim() || undefined;
}

export function principalOf(claims: AccessClaims, exp: number): Principal {
  const split = (v: string) => (v ? v.split(',').filter(Boolean) : []);
  const deptIds = split(claims.dept_id);
  return {
    userId: claims.user_id, tenantId: claims.tenant_id, account: claims.account, deptId: deptIds[0] ?? '',
    deptIds, roleIds: split(claims.role_id), roleAliases: split(claims.role_name), clientId: claims.client_id,
    jti: claims.jti, family: claims.fam, exp,
  };
}

export async function authenticate(signer: TokenSigner, revocations: Revocations, token: string | undefined, cache?: TokenCache): Promise<Principal> {
  if (!token) throw new ApiError(401, answerText('missingToken'));
  const known = cache?.get(token);
  if (known) {
    if (await revocations.isRevoked(known.jti, known.family)) throw new ApiError(401, answerText('unauthorized'));
    return known;
  }
  const claims = signer.verify<AccessClaims>(token, 'access_token');
  // A token is revoked by itself (sign-out) or with its whole sign-in (a kick that ends the user's sessions).
  if (!claims || (await revocations.isRevoked(claims.jti, claims.fam))) throw new ApiError(401, answerText('unauthorized'));
  const principal = principalOf(claims, claims.exp);
  cache?.set(token, principal);
  return principal;
}

/** Every /api route but the public ones needs a valid access token (HTTP 401 in the envelope otherwise). */
export function requireAuth(signer: TokenSigner, revocations: Revocations, cache = new TokenCache(), open = PUBLIC_PATHS): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    if (open.some((p) => p.test(c.req.path))) return next();
    const principal = await authenticate(signer, revocations, tokenOf(c.req.header(TOKEN_HEADER), (k) => c.req.query(k)), cache);
    c.set('principal', principal);
    return next();
  };
}
