import { lazy, Suspense } from 'react';
import { Navigate, Outlet, Route, Routes, useSearchParams } from 'react-router-dom';
import { HOME_PATH } from '../layout/tab-rules';
import { PageLoading } from './PageLoading';
import { PageErrorBoundary } from './PageErrorBoundary';
import { RouteGuard } from './RouteGuard';

// Every page is its own chunk: the login route loads only the entry and the login chunk.
const LoginPage = lazy(() => import('../pages/login/LoginPage'));
const LockPage = lazy(() => import('../pages/LockPage'));
const ErrorPage = lazy(() => import('../pages/ErrorPage'));
const MainLayout = lazy(() => import('../layout/MainLayout'));
const IframeView = lazy(() => import('../pages/IframeView'));
const MenuView = lazy(() => import('./MenuView'));
const LargeScreenPage = lazy(() => import('../stats/LargeScreenPage'));
const SharedVehiclePage = lazy(() => import('../share/SharedVehiclePage'));

/** The large screen opens through a share link without a session; otherwise the guard applies. */
function ShareOrGuard() {
  const [params] = useSearchParams();
  return params.get('share') ? <Outlet /> : <RouteGuard />;
}

export function AppRoutes() {
  return (
    <PageErrorBoundary>
      <Suspense fallback={<PageLoading />}>
        <Routes>
          {/* A vehicle's shared position: only ever through its link, never signed in. */}
          <Route path="/share/vehicle" element={<SharedVehiclePage />} />
          <Route element={<ShareOrGuard />}>
            <Route path="/largeScreen" element={<LargeScreenPage />} />
          </Route>
          <Route element={<RouteGuard />}>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/lock" element={<LockPage />} />
            <Route path="/404" element={<ErrorPage code={404} />} />
            <Route path="/403" element={<ErrorPage code={403} />} />
            <Route path="/500" element={<ErrorPage code={500} />} />
            <Route path="/" element={<Navigate to="/wel" replace />} />
            <Route path="/wel" element={<Navigate to={HOME_PATH} replace />} />
            <Route path="/statistical/dataBoard" element={<Navigate to={HOME_PATH} replace />} />
            <Route element={<MainLayout />}>
              <Route path="/myiframe/*" element={<IframeView />} />
              {/* Menu paths, registered views, or /404 for anything else. */}
              <Route path="*" element={<MenuView />} />
            </Route>
          </Route>
        </Routes>
      </Suspense>
    </PageErrorBoundary>
  );
}
