import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { entityByName } from '@wdiov/contracts/entities/registry';
import type { AnyEntity } from '@wdiov/contracts/entity/define-entity';
import { useAppActors } from '../app/AppActorsProvider';
import { crudServicesOf } from './app-services';
import type { ButtonSet } from './buttons';
import { CrudServicesProvider } from './CrudServices';
import { routeOfEntity } from './entity-routes';
import { useRouteButtons } from './use-route-buttons';

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
  const buttons = useRouteButtons(routeOfEntity(entityName)?.code);
  const entity = entityByName(entityName);
  if (!entity) return <Navigate to="/404" replace />;
  return <CrudServicesProvider services={crudServicesOf(actors)}>{render({ entity, buttons })}</CrudServicesProvider>;
}
