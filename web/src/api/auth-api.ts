import { tenantInfoRoute } from '@wdiov/contracts/api/tenant.route';
import { callRoute } from './call-route';
import { HttpError, type HttpClient } from './http';
import { appConfig, captcha, envelope, tokenResponse, type AppConfig, type TokenResponse } from './wire';

export type GrantType = 'password' | 'captcha' | 'refresh_token' | 'social' | 'authorization_code';

export interface TokenRequest {
  grantType: GrantType;
  tenantId: string;
  username?: string;
  /** Already md5-hashed. */
  password?: string;
  source?: string;
  code?: string;
  state?: string;
  /** The authorization_code grant: the page the identity provider redirected back to. */
  redirectUri?: string;
  deptId?: string;
  roleId?: string;
  captchaKey?: string;
  captchaCode?: string;
}

/**
 * Refresh grants of every tab of this browser, one at a time: each spends the refresh cookie all tabs share, and the
 * gateway reads a spent cookie sent again as a stolen one and ends the sign-in everywhere. Two tabs reloaded at
 * once would do exactly that; queued, the second sends the cookie the first one got back.
 */
function oneTabAtATime<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request('wdiov-token-refresh', work) as Promise<T>) : work();
}

export function createAuthApi(http: HttpClient) {
  return {
    async config(): Promise<AppConfig> {
      const body = await http.get('/config', undefined, { withToken: false, basicAuth: false });
      return envelope(appConfig).parse(body).data;
    },

    async captcha() {
      return captcha.parse(await http.get('/wdiov-auth/oauth/captcha', undefined, { withToken: false }));
    },

    /**
     * The token call. Errors come back quietly (the login form shows them); an answer
     * carrying `error_description` is a failure even with HTTP 200 (bladex-wire §3.3).
     * The parameters go as a JSON body: out of URLs (and their logs), and the only form in which
     * the gateway accepts the refresh cookie (a page of another origin cannot send it).
     */
    async token(req: TokenRequest): Promise<TokenResponse> {
      const send = () => http.post(
        '/wdiov-auth/oauth/token',
        {
          tenantId: req.tenantId,
          username: req.username,
          password: req.password,
          grant_type: req.grantType,
          scope: 'all',
          type: req.grantType === 'refresh_token' ? undefined : 'account',
          source: req.source,
          code: req.code,
          state: req.state,
          redirect_uri: req.redirectUri,
        },
        {
          quiet: true,
          withToken: false,
          headers: {
            'Tenant-Id': req.tenantId,
            'Dept-Id': req.deptId ?? '',
            'Role-Id': req.roleId ?? '',
            'Captcha-Key': req.captchaKey ?? '',
            'Captcha-Code': req.captchaCode ?? '',
          },
        },
      );
      const body = await (req.grantType === 'refresh_token' ? oneTabAtATime(send) : send());
      const token = tokenResponse.parse(body);
      if (token.error_description) throw new HttpError(token.error_description, Number(token.error_code) || 400, body);
      return token;
    },

    /**
     * The tenant a host name belongs to (a tenant's domain), or null: the sign-in page asks for the
     * tenant id only when it cannot be told from the host (spec §2). Quiet: a failure means "ask".
     */
    async tenantOfDomain(domain: string): Promise<string | null> {
      try {
        const { tenantId } = await callRoute(http, tenantInfoRoute, { query: { domain } }, { quiet: true, withToken: false });
        return tenantId || null;
      } catch {
        return null;
      }
    },

    /** Signs out; the console's local runtime errors, if any, go along (the specification's POST with a log body). */
    logout: (logs: readonly unknown[] = []) => (logs.length ? http.post('/wdiov-auth/oauth/logout', logs) : http.get('/wdiov-auth/oauth/logout')),
    clearCache: () => http.get('/wdiov-auth/oauth/clear-cache'),
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;
