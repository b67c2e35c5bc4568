import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { MenuNode } from '../api/wire';
import { useAppActors } from '../app/AppActorsProvider';
import { useI18n } from '../i18n/i18n';
import { filterMenuByRoles } from '../menu/menu-tree';
import { rolesOf } from '../session/session-user';
import { useSelector } from '@xstate/react';

/** The top menu the sidebar is narrowed to (none: every menu), kept for the next visit. */
const STORE_KEY = 'wdiov-top-menu';
const listeners = new Set<() => void>();
export const chosenTopMenu = {
  get: (): string => window.localStorage.getItem(STORE_KEY) ?? '',
  set(id: string): void {
    if (id) window.localStorage.setItem(STORE_KEY, id);
    else window.localStorage.removeItem(STORE_KEY);
    listeners.forEach((l) => l());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
const useChosenTopMenu = () => useSyncExternalStore(chosenTopMenu.subscribe, chosenTopMenu.get);

function useTopMenus() {
  const { api } = useAppActors();
  return useQuery({ queryKey: ['topMenu', 'visible'], queryFn: () => api.system.topMenus() }).data ?? [];
}

/**
 * The sidebar's menu: with a top menu chosen, the menus granted to it (menu/routes?topMenuId,
 * as the specification routes by topMenuId), else the whole menu of the session.
 */
export function useSidebarMenu(full: MenuNode[]): MenuNode[] {
  const { api, session } = useAppActors();
  const user = useSelector(session, (s) => s.context.user);
  const menus = useTopMenus();
  const chosen = useChosenTopMenu();
  const active = menus.some((m) => m.id === chosen) ? chosen : '';
  const narrowed = useQuery({
    queryKey: ['menu', 'routes', { topMenuId: active }],
    queryFn: () => api.system.menuRoutes(active),
    enabled: active !== '',
  }).data;
  return active && narrowed ? filterMenuByRoles(narrowed, rolesOf(user)) : full;
}

/** The top bar's menus: "all" and each top menu of the tenant, the chosen one pressed. */
export function TopMenuNav() {
  const { t } = useI18n();
  const menus = useTopMenus();
  const chosen = useChosenTopMenu();
  if (menus.length === 0) return null;
  const active = menus.some((m) => m.id === chosen) ? chosen : '';
  const item = (id: string, name: string, icon: string) => (
    <button key={id || 'all'} type="button" className={`wd-top-menu-item${active === id ? ' is-active' : ''}`} aria-pressed={active === id} onClick={() => chosenTopMenu.set(id)}>
      {icon.startsWith('pi') && <i className={`pi ${icon}`} aria-hidden="true" />}
      {name}
    </button>
  );
  return (
    <div className="wd-top-menu-items" role="group" aria-label={t('layoutTopMenu')}>
      {item('', t('layoutAllMenus'), 'pi-th-large')}
      {menus.map((m) => item(m.id, m.name, m.source))}
    </div>
  );
}
