import type { MenuNode, TokenResponse } from '../api/wire';
import type { SessionInput } from '../machines/session.machine';
import {
  getRefreshToken,
  getToken,
  removeRefreshToken,
  removeToken,
  setRefreshToken,
  setToken,
} from '../util/auth-cookies';
import { getStore, getStoreEntry, removeStore, setStore } from '../util/storage';
import { tabStore } from '../layout/tab-store';
import { clearStoredLock } from './lock-storage';
import { rolesOf, toSessionUser, type SessionUser } from './session-user';

/** Storage names of the session (all prefixed `wdiov-`). */
const NAMES = {
  token: 'token',
  tenantId: 'tenantId',
  userInfo: 'userInfo',
  roles: 'roles',
  menu: 'menu',
  permission: 'permission',
} as const;

/** Tokens to the cookies, plus a `token` entry whose datetime drives the refresh timer. */
export function persistTokens(token: TokenResponse): SessionUser {
  const user = toSessionUser(token);
  setToken(token.access_token ?? '');
  setRefreshToken(token.refresh_token ?? '');
  setStore({ name: NAMES.token, content: token.access_token ?? '' });
  setStore({ name: NAMES.tenantId, content: user.tenantId });
  setStore({ name: NAMES.userInfo, content: user });
  setStore({ name: NAMES.roles, content: rolesOf(user) });
  return user;
}

/** A login: tokens, tenant and user info are stored; tabs and lock start clean. */
export function persistLogin(token: TokenResponse): SessionUser {
  const user = persistTokens(token);
  tabStore.clear();
  clearStoredLock();
  return user;
}

export function persistMenu(menu: MenuNode[], permission: Record<string, true>): void {
  setStore({ name: NAMES.menu, content: menu });
  setStore({ name: NAMES.permission, content: permission });
}

/** A logout: tokens, menu, roles, tabs and lock are removed. */
export function clearPersistedSession(): void {
  removeToken();
  removeRefreshToken();
  Object.values(NAMES).forEach(removeStore);
  tabStore.clear();
  clearStoredLock();
}

export function readPersistedSession(): SessionInput {
  return {
    token: getToken(),
    refreshToken: getRefreshToken(),
    user: getStore<SessionUser>(NAMES.userInfo) ?? null,
    menu: getStore<MenuNode[]>(NAMES.menu) ?? null,
    permission: getStore<Record<string, true>>(NAMES.permission) ?? {},
  };
}

/** Seconds since the token entry was saved; 0 when there is none (nothing to refresh). */
export function tokenAgeSeconds(now: number = Date.now()): number {
  const entry = getStoreEntry<string>(NAMES.token);
  return entry ? (now - entry.datetime) / 1000 : 0;
}

export function storedTenantId(): string {
  return getStore<string>(NAMES.tenantId) ?? '';
}
