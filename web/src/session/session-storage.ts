import type { MenuNode, TokenResponse } from '../api/wire';
import type { SessionInput } from '../machines/session.machine';
import { getStore, removeStore, setStore } from '../util/storage';
import { accessToken } from './access-token';
import { tabStore } from '../layout/tab-store';
import { clearStoredLock } from './lock-storage';
import { rolesOf, toSessionUser, type SessionUser } from './session-user';

/** Storage names of the session (all prefixed `wdiov-`). */
const NAMES = {
  tenantId: 'tenantId',
  userInfo: 'userInfo',
  roles: 'roles',
  menu: 'menu',
  permission: 'permission',
} as const;

/**
 * The access token to memory; tenant and user info to storage (they say whom a reload restores).
 * The refresh token is kept by the browser in its httpOnly cookie, never here.
 */
export function persistTokens(token: TokenResponse): SessionUser {
  const user = toSessionUser(token);
  accessToken.set(token.access_token ?? '');
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
  accessToken.clear();
  Object.values(NAMES).forEach(removeStore);
  tabStore.clear();
  clearStoredLock();
}

/** Where earlier versions kept tokens readable by scripts: removed on start. */
const LEGACY_TOKEN_COOKIES = ['wdiov-access-token', 'wdiov-refresh-token'];

function dropLegacyTokens(): void {
  for (const name of LEGACY_TOKEN_COOKIES) document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  removeStore('token');
}

export function readPersistedSession(): SessionInput {
  dropLegacyTokens();
  return {
    token: accessToken.get(),
    user: getStore<SessionUser>(NAMES.userInfo) ?? null,
    menu: getStore<MenuNode[]>(NAMES.menu) ?? null,
    permission: getStore<Record<string, true>>(NAMES.permission) ?? {},
  };
}

/** Whether a signed-in user was kept from an earlier visit (the session itself is restored later). */
export function hasPersistedUser(): boolean {
  return getStore<SessionUser>(NAMES.userInfo) != null;
}

export function storedTenantId(): string {
  return getStore<string>(NAMES.tenantId) ?? '';
}
