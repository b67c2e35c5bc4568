import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { decode } from 'hono/jwt';

/**
 * The browser's refresh token: an httpOnly cookie scripts cannot read, sent only to the token
 * route (sign-in answers set it, refresh answers rotate it, sign-out clears it). The JSON answer
 * still carries `refresh_token` for API clients.
 */
export const REFRESH_COOKIE = 'wdiov-refresh-token';
/** The token route as the browser sees it; `/oauth/token/refresh` lies under it too. */
export const REFRESH_COOKIE_PATH = '/api/wdiov-auth/oauth/token';

/** Under TLS (directly, or a proxy saying so) the cookie is Secure; over plain HTTP it cannot be. */
function overTls(c: Context): boolean {
  const forwarded = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return forwarded === 'https' || new URL(c.req.url).protocol === 'https:';
}

const attributes = (c: Context) => ({ path: REFRESH_COOKIE_PATH, httpOnly: true, sameSite: 'Strict' as const, secure: overTls(c) });

/** Seconds the refresh token stays valid (its `exp`), so the cookie lives exactly as long. */
function lifetimeSeconds(refreshToken: string): number {
  try {
    const exp = Number(decode(refreshToken).payload.exp);
    return Math.max(0, exp - Math.floor(Date.now() / 1000));
  } catch {
    return 0;
  }
}

export function setRefreshCookie(c: Context, refreshToken: string): void {
  setCookie(c, REFRESH_COOKIE, refreshToken, { ...attributes(c), maxAge: lifetimeSeconds(refreshToken) });
}

export function clearRefreshCookie(c: Context): void {
  deleteCookie(c, REFRESH_COOKIE, attributes(c));
}

/**
 * The cookie's refresh token, honoured only on a JSON request: a page of another origin can
 * neither send that content type without a CORS preflight (which the gateway never grants) nor
 * make the browser attach a SameSite=Strict cookie.
 */
export function refreshCookieOf(c: Context): string | undefined {
  // The media type itself, not a substring: `text/plain; x=application/json` is a simple request any page may send.
  const json = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';
  return json ? getCookie(c, REFRESH_COOKIE) || undefined : undefined;
}
