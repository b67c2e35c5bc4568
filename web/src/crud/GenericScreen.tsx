import type { ComponentType } from 'react';
import { CrudPage } from './CrudPage';
import { CrudScreen } from './CrudScreen';

const screens = new Map<string, ComponentType>();

/** The generic list page of one entity as a routed view (one component per entity, kept stable). */
export function screenFor(entityName: string): ComponentType {
  let screen = screens.get(entityName);
  if (!screen) {
    screen = function EntityScreen() {
      return <CrudScreen entityName={entityName} render={(props) => <CrudPage key={props.entity.name} {...props} />} />;
    };
    screens.set(entityName, screen);
  }
  return screen;
}
