import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import { getToken } from '../util/auth-cookies';
import { useAppActors } from './AppActorsProvider';

const ERROR_PAGES = new Set(['/404', '/403', '/500']);

/**
 * Session and lock decide where the user may be (spec §4): signed-out users go to
 * /login, a signed-in user on /login goes to /, a locked screen is forced to /lock.
 */
export function RouteGuard() {
  const { session, lock, socket } = useAppActors();
  const authenticated = useSelector(session, (s) => s.hasTag('authenticated'));
  const locked = useSelector(lock, (s) => s.hasTag('locked'));
  const { pathname } = useLocation();

  useEffect(() => {
    // An empty token cookie on navigation forces the local logout.
    if (session.getSnapshot().hasTag('authenticated')) session.send({ type: 'TOKEN_CHECK', token: getToken() });
    if (pathname === '/login') socket.send({ type: 'CLOSE' });
  }, [pathname, session, socket]);

  if (pathname === '/login') return authenticated ? <Navigate to="/" replace /> : <Outlet />;
  if (ERROR_PAGES.has(pathname)) return <Outlet />;
  if (!authenticated) return <Navigate to="/login" replace />;
  if (pathname === '/lock') return locked ? <Outlet /> : <Navigate to="/" replace />;
  if (locked) return <Navigate to="/lock" replace />;
  return <Outlet />;
}
