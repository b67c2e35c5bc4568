import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import { useAppActors } from '../app/AppActorsProvider';
import { findMenuByRoute } from '../menu/menu-tree';
import { buttonSet, type ButtonSet } from './buttons';

/**
 * The buttons of the routed screen: those of the menu item whose path is the current route (its
 * code prefixes the button codes); a route outside the menu falls back to `fallbackCode`.
 */
export function useRouteButtons(fallbackCode?: string): ButtonSet {
  const actors = useAppActors();
  const { pathname } = useLocation();
  const menu = useSelector(actors.session, (s) => s.context.menu);
  const permission = useSelector(actors.session, (s) => s.context.permission);
  const code = findMenuByRoute(menu ?? [], pathname)?.code || fallbackCode;
  return useMemo(() => buttonSet(permission ?? {}, code), [permission, code]);
}
