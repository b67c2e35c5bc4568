import { menuTree, type MenuSeed } from '@wdiov/contracts/menu/menu-tree';

let screens: Set<string> | undefined;

/** The console routes of every screen of the seeded menu tree (not the buttons' API paths). */
function menuScreens(): Set<string> {
  if (screens) return screens;
  const out = new Set<string>();
  const walk = (items: MenuSeed[]) => {
    for (const m of items) {
      if (!m.children?.length) out.add(m.path);
      walk(m.children ?? []);
    }
  };
  walk(menuTree());
  return (screens = out);
}

/** A screen that only a menu grant opens (pages such as the profile are everyone's). */
export const isMenuScreen = (path: string): boolean => menuScreens().has(path);
