import { useMemo, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import { entityByName } from '@wdiov/contracts/entities/registry';
import type { AnyEntity } from '@wdiov/contracts/entity/define-entity';
import { useAppActors } from '../app/AppActorsProvider';
import { findMenuByRoute } from '../menu/menu-tree';
import { crudServicesOf } from './app-services';
import { buttonSet, type ButtonSet } from './buttons';
import { CrudServicesProvider } from './CrudServices';
import { routeOfEntity } from './entity-routes';

export interface ScreenProps {
  entity: AnyEntity;
  buttons: ButtonSet;
}

/**
 * A routed entity screen: the buttons come from the menu item whose path is the current route
 * (its code prefixes the button codes); a route outside the menu falls back to the seeded code.
 */
export function CrudScreen({ entityName, render }: { entityName: string; render: (props: ScreenProps) => ReactNode }) {
  const actors = useAppActors();
  const { pathname } = useLocation();
  const menu = useSelector(actors.session, (s) => s.context.menu);
  const permission = useSelector(actors.session, (s) => s.context.permission);
  const code = findMenuByRoute(menu ?? [], pathname)?.code || routeOfEntity(entityName)?.code;
  const buttons = useMemo(() => buttonSet(permission ?? {}, code), [permission, code]);
  const entity = entityByName(entityName);
  if (!entity) return <Navigate to="/404" replace />;
  return <CrudServicesProvider services={crudServicesOf(actors)}>{render({ entity, buttons })}</CrudServicesProvider>;
}
