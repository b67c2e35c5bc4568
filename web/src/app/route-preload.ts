import { hasPersistedUser } from '../session/session-storage';

/** Routes that render outside the signed-in layout. */
const OUTSIDE_LAYOUT = /^\/(login|lock|share\/|largeScreen|40[34]|500)/;

/**
 * A signed-in operator opening a deep link (a bookmarked live map, a reload) waits for the
 * config, the session and the menu before React asks for the layout, the menu view and the
 * page, one chunk after another. Asked for at boot, they download beside those calls: the live
 * map's chunk (MapLibre and deck.gl) is most of its first load. Nothing is loaded for a visitor
 * without a session, so the sign-in page stays as light as it is.
 */
export function preloadRoute(pathname: string): void {
  if (!hasPersistedUser() || OUTSIDE_LAYOUT.test(pathname)) return;
  const ignore = () => undefined;
  import('../layout/MainLayout').catch(ignore);
  import('./MenuView').catch(ignore);
  import('./view-registry').then((m) => m.preloadView(pathname)).catch(ignore);
}
