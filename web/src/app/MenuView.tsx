import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import { findMenuByRoute } from '../menu/menu-tree';
import { isMenuScreen } from '../menu/menu-screens';
import MenuPlaceholderPage from '../pages/MenuPlaceholderPage';
import { useAppActors } from './AppActorsProvider';
import { PageLoading } from './PageLoading';
import { lazyView } from './view-registry';

/**
 * A path inside the layout: its registered view, else a placeholder for a menu path, else /404.
 * A screen of the menu tree that is not in the user's menu answers /403 (its calls would).
 */
export default function MenuView() {
  const { session } = useAppActors();
  const menu = useSelector(session, (s) => s.context.menu ?? []);
  const { pathname } = useLocation();
  if (isMenuScreen(pathname) && !findMenuByRoute(menu, pathname)) return <Navigate to="/403" replace />;
  const View = lazyView(pathname);
  if (View) {
    return (
      <Suspense fallback={<PageLoading />}>
        <View />
      </Suspense>
    );
  }
  if (findMenuByRoute(menu, pathname)) return <MenuPlaceholderPage />;
  return <Navigate to="/404" replace />;
}
