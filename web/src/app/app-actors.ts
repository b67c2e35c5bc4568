import { createActor, fromPromise, type Actor } from 'xstate';
import { createAuthApi } from '../api/auth-api';
import type { HttpClient } from '../api/http';
import type { Notifier } from '../api/notifier';
import { createSystemApi, SOCKET_SWITCH_PARAM } from '../api/system-api';
import { createUserApi } from '../api/user-api';
import type { AppConfig } from '../api/wire';
import { createSocketConnection, type SocketFactory } from '../live/socket-connection';
import { socketMessages } from '../live/socket-stream';
import { shellNatsLink } from '../live/shell-nats-link';
import { fetchMissedCards } from '../live/missed-cards';
import { lockMachine } from '../machines/lock.machine';
import { refreshMachine } from '../machines/refresh.machine';
import { sessionMachine } from '../machines/session.machine';
import { liveLinkMachine } from '../machines/live-link.machine';
import { clearStoredLock, readStoredLockPassword, storeLock } from '../session/lock-storage';
import { createSessionActors } from '../session/session-services';
import { accessToken } from '../session/access-token';
import { persistTokens, readPersistedSession } from '../session/session-storage';

export interface AppDeps {
  http: HttpClient;
  notifier: Notifier;
  config: AppConfig;
  createSocket?: SocketFactory;
}

/**
 * Creates and wires the app's long-lived actors: session, lock, token refresh and
 * the live link (nats.ws or the online-user socket). Wiring lives here so each machine stays independent.
 */
export function createAppActors({ http, notifier, config, createSocket }: AppDeps) {
  const api = { auth: createAuthApi(http), system: createSystemApi(http), user: createUserApi(http) };

  const session = createActor(sessionMachine.provide({ actors: createSessionActors(api) }), {
    input: readPersistedSession(),
  });

  const lock = createActor(
    lockMachine.provide({
      actors: {
        persistLock: fromPromise<void, { password: string }>(async ({ input }) => storeLock(input.password)),
        clearLock: fromPromise<void, void>(async () => clearStoredLock()),
      },
    }),
    { input: { password: readStoredLockPassword() } },
  );

  const refresh = createActor(
    refreshMachine.provide({
      actors: {
        readTokenAge: fromPromise<number, void>(async () => accessToken.ageSeconds()),
        refreshToken: fromPromise<void, void>(async () => {
          const user = session.getSnapshot().context.user;
          // No token in the call: the browser sends the httpOnly refresh cookie.
          const token = await api.auth.token({
            grantType: 'refresh_token',
            tenantId: user?.tenantId ?? config.defaultTenantId,
            deptId: user?.deptId,
            roleId: user?.roleId,
          });
          persistTokens(token);
          session.send({ type: 'TOKEN_REFRESHED', token });
        }),
      },
    }),
    { input: { tokenTime: config.tokenTime } },
  );

  const socket = createActor(
    liveLinkMachine.provide({
      actors: {
        fetchSocketSwitch: fromPromise<string, void>(() => api.system.paramValue(SOCKET_SWITCH_PARAM)),
        socketLink: createSocketConnection(createSocket),
        ...shellNatsLink(http),
        fetchMissedCards: fromPromise(({ input }: { input: { since: number } }) => fetchMissedCards(http, input.since)),
        warnUser: fromPromise<void, { message: string }>(async ({ input }) => notifier.warning(input.message)),
        forceLogout: fromPromise<void, void>(async () => {
          session.send({ type: 'LOGOUT' });
        }),
      },
    }),
    // Cards and forced logouts over nats.ws (the console's one nats.ws connection, shared with the
    // map) where the gateway's credentials name a cards subject; on the gateway's socket otherwise.
    { input: { transport: 'nats', shell: true } },
  );

  http.setUnauthorizedHandler(() => session.send({ type: 'UNAUTHORIZED' }));

  let wasAuthenticated = false;
  let previousState: unknown;
  session.subscribe((snapshot) => {
    // Login (saving) and logout (clearing) both clear the lock.
    if (snapshot.value !== previousState && (snapshot.matches('saving') || snapshot.matches('clearing'))) {
      lock.send({ type: 'CLEAR' });
    }
    previousState = snapshot.value;
    const authenticated = snapshot.hasTag('authenticated');
    if (authenticated === wasAuthenticated) return;
    wasAuthenticated = authenticated;
    if (authenticated) {
      refresh.send({ type: 'START' });
      socket.send({ type: 'OPEN', token: snapshot.context.token });
    } else {
      refresh.send({ type: 'STOP' });
      socket.send({ type: 'CLOSE' });
    }
  });

  const socketMessage$ = socketMessages(socket);

  return {
    api,
    /** The one client of the app (token, error catalogue, 401 → logout), shared by every screen. */
    http,
    config,
    notifier,
    session,
    lock,
    refresh,
    socket,
    socketMessage$,
    start(): void {
      lock.start();
      refresh.start();
      socket.start();
      session.start();
    },
    stop(): void {
      session.stop();
      socket.stop();
      refresh.stop();
      lock.stop();
    },
  };
}

export type AppActors = ReturnType<typeof createAppActors>;
export type SessionActor = Actor<typeof sessionMachine>;
