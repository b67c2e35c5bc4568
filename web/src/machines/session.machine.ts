import { assign, fromPromise, setup } from 'xstate';
import type { TokenRequest } from '../api/auth-api';
import type { GuestRegistration } from '../api/user-api';
import type { MenuNode, TokenResponse } from '../api/wire';
import { needsRegistration, type SessionUser } from '../session/session-user';

/** What was stored by the last session (read at start by the app, so the machine stays pure). */
export interface SessionInput {
  /** The access token in memory: empty after a reload, when the refresh cookie restores it. */
  token: string;
  user: SessionUser | null;
  menu: MenuNode[] | null;
  permission: Record<string, true>;
}

export interface SessionContext extends SessionInput {
  /** The login or switch error to show (error_description or msg). */
  error: string | null;
  /** A token obtained but not yet accepted: being saved, or a social user to register. */
  pending: TokenResponse | null;
  registrationError: string | null;
}

export type SessionEvent =
  | { type: 'LOGIN'; request: TokenRequest }
  | { type: 'LOGOUT' }
  | { type: 'UNAUTHORIZED' }
  /** The route guard reports the access token on each navigation. */
  | { type: 'TOKEN_CHECK'; token: string }
  | { type: 'TOKEN_REFRESHED'; token: TokenResponse }
  | { type: 'SWITCH_IDENTITY'; deptId: string; roleId: string }
  | { type: 'REGISTER'; guest: Omit<GuestRegistration, 'oauthId'> }
  | { type: 'CANCEL_REGISTRATION' }
  | { type: 'REGISTRATION_ACKNOWLEDGED' };

export interface LoadedMenu {
  menu: MenuNode[];
  permission: Record<string, true>;
}

const notProvided = (name: string) => () => Promise.reject(new Error(`session actor ${name} not provided`));

const signedOutContext = {
  token: '',
  user: null,
  menu: null,
  permission: {},
  pending: null,
} satisfies Partial<SessionContext>;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A reload waits this long for its token at most: beyond it the page would stay blank, so the
 * console signs out locally and shows the sign-in form instead.
 */
export const RESTORE_TIMEOUT_MS = 15_000;

export const sessionMachine = setup({
  delays: { RESTORE_TIMEOUT: RESTORE_TIMEOUT_MS },
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    tags: {} as 'authenticated' | 'busy' | 'restoring',
  },
  actors: {
    /** POST oauth/token (any grant). */
    requestToken: fromPromise<TokenResponse, TokenRequest>(notProvided('requestToken')),
    /** Keeps the access token in memory, stores tenant and user info; clears tabs and lock. */
    saveSession: fromPromise<SessionUser, TokenResponse>(notProvided('saveSession')),
    /** As saveSession, for a reload: tabs and lock stay. */
    resumeSession: fromPromise<SessionUser, TokenResponse>(notProvided('resumeSession')),
    /** Fetches and stores menu routes and the button permission map. */
    loadMenu: fromPromise<LoadedMenu, { user: SessionUser | null }>(notProvided('loadMenu')),
    remoteLogout: fromPromise<void, void>(notProvided('remoteLogout')),
    /** Clears tokens, menu, roles, tabs and lock locally. */
    clearLocalSession: fromPromise<void, void>(notProvided('clearLocalSession')),
    registerGuest: fromPromise<void, { guest: GuestRegistration; token: string }>(notProvided('registerGuest')),
  },
  actions: {
    /** The saved token becomes the session's: its user and access token. */
    acceptPending: assign({
      user: ({ event }) => (event as unknown as { output: SessionUser }).output,
      token: ({ context }) => context.pending?.access_token ?? '',
      pending: null,
    }),
  },
  guards: {
    hasStoredSession: ({ context }) => context.token !== '' && context.menu !== null,
    /** A reload: whom to restore is known, the token went with the page (the cookie has its successor). */
    canRestore: ({ context }) => context.token === '' && context.user !== null,
    hasStoredMenu: ({ context }) => context.menu !== null,
    isTokenEmpty: ({ event }) => event.type === 'TOKEN_CHECK' && event.token === '',
    needsRegistration: ({ event }) =>
      'output' in event && needsRegistration(event.output as TokenResponse),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ ...input, error: null, pending: null, registrationError: null }),
  initial: 'booting',
  states: {
    booting: {
      // Nothing to restore: behave as a logout and land on /login.
      always: [{ guard: 'hasStoredSession', target: 'signedIn' }, { guard: 'canRestore', target: 'restoring' }, { target: 'clearing' }],
    },
    restoring: {
      tags: ['busy', 'restoring'],
      invoke: {
        // The refresh grant with no token in the call: the browser sends its httpOnly cookie.
        src: 'requestToken',
        input: ({ context }) => ({ grantType: 'refresh_token' as const, tenantId: context.user?.tenantId ?? '' }),
        onDone: { target: 'resuming', actions: assign({ pending: ({ event }) => event.output }) },
        onError: 'clearing',
      },
      after: { RESTORE_TIMEOUT: 'clearing' },
    },
    resuming: {
      tags: ['busy', 'restoring'],
      invoke: {
        src: 'resumeSession',
        input: ({ context }) => context.pending!,
        onDone: [
          { guard: 'hasStoredMenu', target: 'signedIn', actions: 'acceptPending' },
          { target: 'loadingMenu.afterReload', actions: 'acceptPending' },
        ],
        onError: 'clearing',
      },
    },
    signedOut: {
      on: { LOGIN: { target: 'authenticating', actions: assign({ error: null }) } },
    },
    authenticating: {
      tags: ['busy'],
      invoke: {
        src: 'requestToken',
        input: ({ event }) => {
          if (event.type !== 'LOGIN') throw new Error('authenticating needs a LOGIN event');
          return event.request;
        },
        onDone: [
          { guard: 'needsRegistration', target: 'registration', actions: assign({ pending: ({ event }) => event.output }) },
          { target: 'saving', actions: assign({ pending: ({ event }) => event.output }) },
        ],
        // Nothing is stored on failure: the form shows the message.
        onError: { target: 'signedOut', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'saveSession',
        input: ({ context }) => context.pending!,
        onDone: { target: 'loadingMenu', actions: 'acceptPending' },
        onError: { target: 'clearing', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    loadingMenu: {
      tags: ['busy'],
      initial: 'afterSignIn',
      states: {
        afterSignIn: {},
        // A reload whose menu was not stored: still restoring for the route guard, which would
        // otherwise send the page to /login (and close the live link) until the menu is back.
        afterReload: { tags: ['restoring'] },
      },
      invoke: {
        src: 'loadMenu',
        input: ({ context }) => ({ user: context.user }),
        onDone: {
          target: 'signedIn',
          actions: assign({ menu: ({ event }) => event.output.menu, permission: ({ event }) => event.output.permission }),
        },
        // Signed in with an empty menu: the sidebar shows its tip.
        onError: { target: 'signedIn', actions: assign({ menu: [], permission: {} }) },
      },
    },
    signedIn: {
      tags: ['authenticated'],
      on: {
        LOGOUT: 'loggingOut',
        UNAUTHORIZED: 'clearing',
        TOKEN_CHECK: { guard: 'isTokenEmpty', target: 'clearing' },
        TOKEN_REFRESHED: {
          actions: assign({
            token: ({ context, event }) => event.token.access_token ?? context.token,
          }),
        },
        SWITCH_IDENTITY: 'switching',
      },
    },
    switching: {
      tags: ['authenticated', 'busy'],
      invoke: {
        src: 'requestToken',
        input: ({ context, event }) => {
          if (event.type !== 'SWITCH_IDENTITY') throw new Error('switching needs SWITCH_IDENTITY');
          return {
            grantType: 'refresh_token' as const,
            tenantId: context.user?.tenantId ?? '',
            deptId: event.deptId,
            roleId: event.roleId,
          };
        },
        onDone: { target: 'saving', actions: assign({ pending: ({ event }) => event.output }) },
        onError: { target: 'signedIn', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    loggingOut: {
      invoke: { src: 'remoteLogout', onDone: 'clearing', onError: 'clearing' },
    },
    clearing: {
      invoke: {
        src: 'clearLocalSession',
        onDone: { target: 'signedOut', actions: assign(signedOutContext) },
        onError: { target: 'signedOut', actions: assign(signedOutContext) },
      },
    },
    registration: {
      on: {
        REGISTER: 'registeringGuest',
        CANCEL_REGISTRATION: 'clearing',
      },
    },
    registeringGuest: {
      tags: ['busy'],
      invoke: {
        src: 'registerGuest',
        input: ({ context, event }) => {
          if (event.type !== 'REGISTER') throw new Error('registeringGuest needs REGISTER');
          return {
            guest: { ...event.guest, oauthId: context.pending?.oauth_id ?? '' },
            token: context.pending?.access_token ?? '',
          };
        },
        onDone: { target: 'registrationPending', actions: assign({ registrationError: null }) },
        onError: {
          target: 'registration',
          actions: assign({ registrationError: ({ event }) => messageOf(event.error) || null }),
        },
      },
    },
    // The "wait for admin approval" alert; acknowledging it logs out.
    registrationPending: {
      on: { REGISTRATION_ACKNOWLEDGED: 'clearing' },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
