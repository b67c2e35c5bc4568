/** Tokens live in cookies (spec §4 Session) under an access name and a refresh name. */
export const ACCESS_TOKEN_COOKIE = 'wdiov-access-token';
export const REFRESH_TOKEN_COOKIE = 'wdiov-refresh-token';

function readCookie(name: string): string {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return '';
}

function writeCookie(name: string, value: string): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; SameSite=Lax`;
}

function deleteCookie(name: string): void {
  document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

export const getToken = (): string => readCookie(ACCESS_TOKEN_COOKIE);
export const setToken = (token: string): void => writeCookie(ACCESS_TOKEN_COOKIE, token);
export const removeToken = (): void => deleteCookie(ACCESS_TOKEN_COOKIE);
export const getRefreshToken = (): string => readCookie(REFRESH_TOKEN_COOKIE);
export const setRefreshToken = (token: string): void => writeCookie(REFRESH_TOKEN_COOKIE, token);
export const removeRefreshToken = (): void => deleteCookie(REFRESH_TOKEN_COOKIE);
