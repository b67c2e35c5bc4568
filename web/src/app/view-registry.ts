import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type ViewModule = { default: ComponentType };
export type ViewLoader = () => Promise<ViewModule>;

/**
 * Menu path → lazily loaded view (one chunk each). A path of the user's menu tree
 * without an entry here shows the generic placeholder page.
 * To plug in a screen, add one line: `'/system/param': () => import('../views/system/ParamPage'),`
 */
export const viewRegistry: Record<string, ViewLoader> = {
  '/wel/index': () => import('../pages/WelcomePage'),
  '/info/index': () => import('../pages/profile/ProfilePage'),
};

export function hasView(path: string): boolean {
  return path in viewRegistry;
}

const cache = new Map<string, LazyExoticComponent<ComponentType>>();

/** One lazy component per path, created once so React keeps its state across renders. */
export function lazyView(path: string): LazyExoticComponent<ComponentType> | undefined {
  const loader = viewRegistry[path];
  if (!loader) return undefined;
  let view = cache.get(path);
  if (!view) {
    view = lazy(loader);
    cache.set(path, view);
  }
  return view;
}
