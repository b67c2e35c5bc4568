import { fromPromise } from 'xstate';
import type { AuthApi, TokenRequest } from '../api/auth-api';
import type { SystemApi } from '../api/system-api';
import type { GuestRegistration, UserApi } from '../api/user-api';
import type { TokenResponse } from '../api/wire';
import type { LoadedMenu } from '../machines/session.machine';
import { flattenButtonCodes } from '../menu/menu-tree';
import { clearPersistedSession, persistLogin, persistMenu, persistTokens } from './session-storage';
import { errorLog } from '../util/error-log';
import type { SessionUser } from './session-user';

/** The real side effects of the session machine. */
export function createSessionActors(api: { auth: AuthApi; system: SystemApi; user: UserApi }) {
  return {
    requestToken: fromPromise<TokenResponse, TokenRequest>(({ input }) => api.auth.token(input)),
    saveSession: fromPromise<SessionUser, TokenResponse>(async ({ input }) => persistLogin(input)),
    resumeSession: fromPromise<SessionUser, TokenResponse>(async ({ input }) => persistTokens(input)),
    loadMenu: fromPromise<LoadedMenu, { user: SessionUser | null }>(async () => {
      const [menu, buttons] = await Promise.all([api.system.menuRoutes(), api.system.menuButtons()]);
      const permission = flattenButtonCodes(buttons);
      persistMenu(menu, permission);
      return { menu, permission };
    }),
    remoteLogout: fromPromise<void, void>(async () => {
      const logs = errorLog.list();
      await api.auth.logout(logs);
      // Stored on the server with the sign-out: the next user of this browser starts with none.
      if (logs.length) errorLog.clear();
    }),
    clearLocalSession: fromPromise<void, void>(async () => clearPersistedSession()),
    registerGuest: fromPromise<void, { guest: GuestRegistration; token: string }>(async ({ input }) => {
      await api.user.registerGuest(input.guest, input.token);
    }),
  };
}
