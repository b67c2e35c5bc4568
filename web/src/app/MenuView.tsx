import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import { findMenuByRoute, firstScreen } from '../menu/menu-tree';
import { HOME_PATH } from '../layout/tab-rules';
import { isMenuScreen } from '../menu/menu-screens';
import MenuPlaceholderPage from '../pages/MenuPlaceholderPage';
import { useAppActors } from './AppActorsProvider';
import { PageLoading } from './PageLoading';
import { PageErrorBoundary } from './PageErrorBoundary';
import { lazyView } from './view-registry';

/**
 * A path inside the layout: its registered view, else a placeholder for a menu path, else /404.
 * A screen of the menu tree that is not in the user's menu answers /403 (its calls would); the
 * home screen then gives way to the user's first screen.
 */
export default function MenuView() {
  const { session } = useAppActors();
  const menu = useSelector(session, (s) => s.context.menu ?? []);
  const { pathname } = useLocation();
  if (isMenuScreen(pathname) && !findMenuByRoute(menu, pathname)) {
    // Sign-in opens the home screen; a user whose menu lacks it starts at their first screen instead.
    const start = pathname === HOME_PATH ? firstScreen(menu) : undefined;
    return <Navigate to={start ?? '/403'} replace />;
  }
  const View = lazyView(pathname);
  if (View) {
    return (
      <PageErrorBoundary resetKey={pathname}>
        <Suspense fallback={<PageLoading />}>
          <View />
        </Suspense>
      </PageErrorBoundary>
    );
  }
  if (findMenuByRoute(menu, pathname)) return <MenuPlaceholderPage />;
  return <Navigate to="/404" replace />;
}
