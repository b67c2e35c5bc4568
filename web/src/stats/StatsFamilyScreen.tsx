import type { ComponentType } from 'react';
import { statsFamily } from '@wdiov/contracts';
import { useAppActors } from '../app/AppActorsProvider';
import { StatsFamilyPage } from './StatsFamilyPage';

const screens = new Map<string, ComponentType>();

/** The screen of a statistics family (one component per family, made once, so React keeps its state). */
export function familyScreen(path: string): ComponentType {
  let screen = screens.get(path);
  if (!screen) {
    const family = statsFamily(path);
    if (!family) throw new Error(`no statistics family ${path}`);
    screen = function FamilyScreen() {
      const { http } = useAppActors();
      return <StatsFamilyPage family={family} http={http} />;
    };
    screens.set(path, screen);
  }
  return screen;
}
