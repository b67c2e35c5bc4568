import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import { accessToken } from '../session/access-token';
import { useAppActors } from './AppActorsProvider';
import { PageLoading } from './PageLoading';

const ERROR_PAGES = new Set(['/404', '/403', '/500']);

/**
 * Session and lock decide where the user may be (spec §4): signed-out users go to
 * /login, a signed-in user on /login goes to /, a locked screen is forced to /lock.
 */
export function RouteGuard() {
  const { session, lock, socket } = useAppActors();
  const authenticated = useSelector(session, (s) => s.hasTag('authenticated'));
  const restoring = useSelector(session, (s) => s.hasTag('restoring'));
  const locked = useSelector(lock, (s) => s.hasTag('locked'));
  const { pathname } = useLocation();

  useEffect(() => {
    // A signed-in page without an access token forces the local logout.
    const authenticated = session.getSnapshot().hasTag('authenticated');
    if (authenticated) session.send({ type: 'TOKEN_CHECK', token: accessToken.get() });
    // A signed-in user passing /login on the way in keeps the link the sign-in just opened.
    else if (pathname === '/login') socket.send({ type: 'CLOSE' });
  }, [pathname, session, socket]);

  // A reload is getting its access token back: stay on the page asked for until it is known.
  if (restoring) return <PageLoading />;
  if (pathname === '/login') return authenticated ? <Navigate to="/" replace /> : <Outlet />;
  if (ERROR_PAGES.has(pathname)) return <Outlet />;
  if (!authenticated) return <Navigate to="/login" replace />;
  if (pathname === '/lock') return locked ? <Outlet /> : <Navigate to="/" replace />;
  if (locked) return <Navigate to="/lock" replace />;
  return <Outlet />;
}
