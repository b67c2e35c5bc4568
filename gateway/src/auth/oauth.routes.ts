import type { Context } from 'hono';
import { TOKEN_HEADER } from '@wdiov/contracts';
import type { Db } from '../db/client.ts';
import { revokedAccessTokens } from '../db/schema/auth.ts';
import { createRouter } from '../lib/create-app.ts';
import { badRequest } from '../lib/api-error.ts';
import { data } from '../lib/envelope.ts';
import type { AppBindings } from '../lib/types.ts';
import type { CaptchaStore } from './captcha.ts';
import type { AccessClaims, TokenSigner } from './jwt.ts';
import { OAuthError } from './oauth-error.ts';
import { authText } from '../lib/texts/auth-text.ts';
import type { TokenService } from './token-service.ts';
import { tokenOf } from './auth-middleware.ts';
import { AuthLookup } from './user-lookup.ts';
import type { Revocations } from './revocations.ts';
import type { AddressLimiter } from './address-limiter.ts';
import { clientAddress } from '../lib/client-address.ts';
import { clearRefreshCookie, refreshCookieOf, setRefreshCookie } from './refresh-cookie.ts';
import { parseWith, readJson } from '../lib/read-input.ts';
import { WebLogs, type WebLogEntry } from '../logs/web-logs.ts';

/** The log body of a sign-out: none, a list of entries, or `{logs: [...]}`. */
async function logsOf(c: Context<AppBindings>): Promise<readonly WebLogEntry[]> {
  if ((await c.req.text()).trim() === '') return [];
  const body = await readJson(c);
  const list = body && typeof body === 'object' && !Array.isArray(body) && 'logs' in body ? (body as { logs: unknown }).logs : body;
  return parseWith(WebLogs, list);
}

export interface OAuthDeps {
  db: Db;
  tokens: TokenService;
  captchas: CaptchaStore;
  signer: TokenSigner;
  clearCaches: () => void;
  revocations: Revocations;
  /** A sign-out, with the runtime errors the console sent along (POST with a log body). */
  onSignOut?: (claims: AccessClaims, logs: readonly WebLogEntry[], userAgent: string) => void;
  /** Failed token calls per client address (429 past the limit, besides the per-account lock). */
  failures: AddressLimiter;
}

/** Token parameters come as query parameters (Saber) or as a form / JSON body (other clients). */
async function tokenParams(c: Context<AppBindings>): Promise<Record<string, string>> {
  const params: Record<string, string> = { ...c.req.query() };
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  const text = await c.req.text();
  if (text.trim() === '') return params;
  if (type.includes('application/x-www-form-urlencoded')) {
    for (const [k, v] of new URLSearchParams(text)) params[k] ??= v;
  } else if (type.includes('application/json')) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new OAuthError(400, authText('bodyNotJson'));
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new OAuthError(400, authText('bodyNotObject'));
    for (const [k, v] of Object.entries(body)) if (typeof v === 'string') params[k] ??= v;
  } else {
    throw new OAuthError(400, authText('mediaType', { type }));
  }
  return params;
}

const oauthFailure = (c: Context, e: OAuthError) =>
  // The bare OAuth error keys, plus the envelope keys a BladeX client also reads.
  c.json({ error_code: e.errorCode, error_description: e.description, code: e.errorCode, success: false, msg: e.description }, e.status as 400);

export function oauthRouter(deps: OAuthDeps) {
  const router = createRouter();

  const token = async (c: Context<AppBindings>) => {
    // In-process calls (no connection, as in unit tests) have no address to limit.
    const address = clientAddress(c);
    const limited = address !== 'local';
    const wait = limited ? deps.failures.retryAfterMs(address) : 0;
    if (wait > 0) {
      c.header('Retry-After', String(Math.ceil(wait / 1000)));
      return oauthFailure(c, new OAuthError(429, authText('tooManyFailures'), 429));
    }
    let fromCookie = false;
    try {
      const p = await tokenParams(c);
      const header = (name: string) => c.req.header(name) || undefined;
      const grantType = p.grant_type ?? p.grantType ?? '';
      // The browser keeps its refresh token in the httpOnly cookie; a token in the call wins.
      let refreshToken: string | undefined = p.refresh_token ?? p.refreshToken;
      if (!refreshToken && grantType === 'refresh_token') {
        refreshToken = refreshCookieOf(c);
        fromCookie = refreshToken !== undefined;
      }
      const result = await deps.tokens.grant({
        grantType,
        authorization: header('authorization'),
        tenantId: header('tenant-id') ?? p.tenantId ?? p.tenant_id,
        username: p.username ?? p.account,
        password: p.password,
        refreshToken,
        deptId: header('dept-id'),
        roleId: header('role-id'),
        captchaKey: header('captcha-key'),
        captchaCode: header('captcha-code'),
        userType: header('user-type'),
        code: p.code,
        source: p.source,
        state: p.state,
        redirectUri: p.redirect_uri ?? p.redirectUri,
      });
      if (result.refresh_token) setRefreshCookie(c, result.refresh_token);
      return c.json(result, 200);
    } catch (e) {
      if (e instanceof OAuthError) {
        if (limited) deps.failures.fail(address);
        // A spent or revoked cookie is of no further use: the browser drops it.
        if (fromCookie) clearRefreshCookie(c);
        return oauthFailure(c, e);
      }
      throw e;
    }
  };
  router.post('/oauth/token', token);
  router.post('/oauth/token/refresh', token);

  router.get('/oauth/captcha', async (c) => c.json(await deps.captchas.create(), 200));

  const logout = async (c: Context<AppBindings>) => {
    const raw = tokenOf(c.req.header(TOKEN_HEADER), (k) => c.req.query(k));
    const claims = raw ? deps.signer.verify<AccessClaims>(raw, 'access_token') : null;
    // The specification's POST carries the console's local logs: checked before anything ends.
    const logs = c.req.method === 'POST' ? await logsOf(c) : [];
    if (claims) {
      await deps.db.insert(revokedAccessTokens).values({ jti: claims.jti, expiresAt: new Date(claims.exp * 1000), reason: 'logout' }).onConflictDoNothing();
      deps.revocations.add(claims.jti);
      await deps.tokens.revokeFamily(claims.fam, 'logout');
      deps.onSignOut?.(claims, logs, c.req.header('user-agent') ?? '');
    }
    clearRefreshCookie(c);
    return c.json({ success: 'true', msg: 'success' }, 200);
  };
  router.get('/oauth/logout', logout);
  router.post('/oauth/logout', logout);

  // Administrators only (the access policy): it drops every cache of the gateway.
  router.get('/oauth/clear-cache', (c) => {
    deps.clearCaches();
    return c.json({ success: 'true', msg: 'success' }, 200);
  });

  router.get('/oauth/user-info', async (c) => {
    const p = c.get('principal');
    const user = await new AuthLookup(deps.db).userById(p.userId);
    if (!user) throw badRequest(authText('userMissing'));
    return data(c, {
      userId: user.id, tenantId: user.tenantId, account: user.account, userName: user.account, realName: user.realName ?? '',
      nickName: user.name ?? '', avatar: user.avatar ?? '', deptId: p.deptIds.join(','), roleId: p.roleIds.join(','),
      roles: p.roleAliases, authorities: p.roleAliases,
    });
  });

  return router;
}
