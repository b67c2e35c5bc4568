import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type AnyMachineSnapshot } from 'xstate';
import type { TokenRequest } from '../api/auth-api';
import type { GuestRegistration } from '../api/user-api';
import type { MenuNode, TokenResponse } from '../api/wire';
import { toSessionUser } from '../session/session-user';
import { flush } from '../test-support/flush';
import { replay, shortestPaths, unreachedStates, withRules, type MachineModel } from '../test-support/model-paths';
import { RESTORE_TIMEOUT_MS, sessionMachine, type LoadedMenu, type SessionContext, type SessionInput } from './session.machine';

const TOKEN: TokenResponse = {
  access_token: 'access-1',
  refresh_token: 'refresh-1',
  tenant_id: '000000',
  user_id: '42',
  dept_id: '7',
  role_id: '9',
  role_name: 'administrator',
  account: 'admin',
  user_name: 'admin',
  oauth_id: '',
};
const MENU: MenuNode[] = [
  { id: '1', parentId: '0', code: 'wel', name: '首页', alias: 'menu', path: '/wel', source: '', sort: 1, category: 1, isOpen: 1 },
];
const EMPTY: SessionInput = { token: '', user: null, menu: null, permission: {} };

function setupSession(input: SessionInput, opts: { tokenFails?: string; tokenHangs?: boolean; token?: TokenResponse; registerFails?: string } = {}) {
  const calls = {
    requestToken: [] as TokenRequest[],
    saveSession: [] as TokenResponse[],
    resumeSession: [] as TokenResponse[],
    loadMenu: 0,
    remoteLogout: 0,
    clearLocalSession: 0,
    registerGuest: [] as unknown[],
  };
  const machine = sessionMachine.provide({
    actors: {
      requestToken: fromPromise(async ({ input: req }: { input: TokenRequest }) => {
        calls.requestToken.push(req);
        if (opts.tokenHangs) await new Promise(() => undefined);
        if (opts.tokenFails) throw new Error(opts.tokenFails);
        return opts.token ?? TOKEN;
      }),
      saveSession: fromPromise(async ({ input: token }: { input: TokenResponse }) => {
        calls.saveSession.push(token);
        return toSessionUser(token);
      }),
      resumeSession: fromPromise(async ({ input: token }: { input: TokenResponse }) => {
        calls.resumeSession.push(token);
        return toSessionUser(token);
      }),
      loadMenu: fromPromise(async (): Promise<LoadedMenu> => {
        calls.loadMenu += 1;
        return { menu: MENU, permission: { notice_add: true } };
      }),
      remoteLogout: fromPromise(async (): Promise<void> => {
        calls.remoteLogout += 1;
        throw new Error('server down: the local logout still happens');
      }),
      clearLocalSession: fromPromise(async () => {
        calls.clearLocalSession += 1;
      }),
      registerGuest: fromPromise(async ({ input: guest }: { input: { guest: GuestRegistration; token: string } }) => {
        calls.registerGuest.push(guest);
        if (opts.registerFails !== undefined) throw new Error(opts.registerFails);
      }),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { input, clock }).start();
  return { actor, calls, clock };
}

const signedInInput: SessionInput = { token: 'stored', user: toSessionUser(TOKEN), menu: MENU, permission: {} };
/** After a reload: the user and menu are stored, the access token went with the old page. */
const reloadedInput: SessionInput = { ...signedInInput, token: '' };
const login = { grantType: 'captcha', tenantId: '000000', username: 'admin', password: 'hash' } as const;

describe('session machine', () => {
  it('with no stored token, logs out locally and waits for a login', async () => {
    const { actor, calls } = setupSession(EMPTY);
    await flush();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(calls.clearLocalSession).toBe(1);
  });

  it('with a token but no stored menu, goes to the login', async () => {
    const { actor } = setupSession({ ...signedInInput, menu: null });
    await flush();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().hasTag('authenticated')).toBe(false);
  });

  it('after a reload, gets a new token through the refresh cookie and keeps tabs and lock', async () => {
    const { actor, calls } = setupSession(reloadedInput);
    // The route guard waits on this tag instead of sending the page to /login.
    expect(actor.getSnapshot().hasTag('restoring')).toBe(true);
    expect(actor.getSnapshot().hasTag('authenticated')).toBe(false);
    await flush();
    // No token in the call: the browser adds its httpOnly cookie.
    expect(calls.requestToken).toEqual([{ grantType: 'refresh_token', tenantId: '000000' }]);
    expect(calls.resumeSession).toEqual([TOKEN]);
    expect(calls.saveSession).toHaveLength(0);
    expect(calls.loadMenu).toBe(0);
    const snap = actor.getSnapshot();
    expect(snap.value).toBe('signedIn');
    expect(snap.context.token).toBe('access-1');
    expect(snap.context).not.toHaveProperty('refreshToken');
  });

  it('after a reload without a stored menu, loads it once the token is back, still restoring meanwhile', async () => {
    const { actor, calls } = setupSession({ ...reloadedInput, menu: null });
    const restoring: boolean[] = [];
    actor.subscribe((s) => restoring.push(s.hasTag('restoring') || s.hasTag('authenticated')));
    await flush();
    // Never a moment that is neither: the route guard would send the page to /login.
    expect(restoring.every(Boolean)).toBe(true);
    expect(restoring.length).toBeGreaterThan(2);
    expect(calls.loadMenu).toBe(1);
    expect(actor.getSnapshot().value).toBe('signedIn');
  });

  it('after a reload whose token call never answers, signs out locally instead of staying blank', async () => {
    const { actor, calls, clock } = setupSession(reloadedInput, { tokenHangs: true });
    await flush();
    clock.increment(RESTORE_TIMEOUT_MS - 1);
    await flush();
    expect(actor.getSnapshot().hasTag('restoring')).toBe(true);
    clock.increment(1);
    await flush();
    expect(calls.clearLocalSession).toBe(1);
    expect(actor.getSnapshot().value).toBe('signedOut');
  });

  it('after a reload whose refresh cookie is refused (or gone), signs out locally', async () => {
    const { actor, calls } = setupSession(reloadedInput, { tokenFails: '令牌已失效' });
    await flush();
    expect(calls.requestToken).toHaveLength(1);
    expect(calls.clearLocalSession).toBe(1);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context).toMatchObject({ token: '', user: null });
  });

  it('with nobody stored, does not try the refresh cookie', async () => {
    const { calls } = setupSession(EMPTY);
    await flush();
    expect(calls.requestToken).toHaveLength(0);
  });

  it('restores a stored session', () => {
    const { actor, calls } = setupSession(signedInInput);
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().hasTag('authenticated')).toBe(true);
    expect(calls.clearLocalSession).toBe(0);
  });

  it('logs in: saves the token, then loads menu and permissions', async () => {
    const { actor, calls } = setupSession(EMPTY);
    await flush();
    actor.send({ type: 'LOGIN', request: login });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await flush();
    const snap = actor.getSnapshot();
    expect(snap.value).toBe('signedIn');
    expect(calls.requestToken).toEqual([login]);
    expect(calls.saveSession).toEqual([TOKEN]);
    expect(snap.context.token).toBe('access-1');
    expect(snap.context.user?.tenantId).toBe('000000');
    expect(snap.context.menu).toEqual(MENU);
    expect(snap.context.permission).toEqual({ notice_add: true });
  });

  it('a failed login stores nothing and keeps the message', async () => {
    const { actor, calls } = setupSession(EMPTY, { tokenFails: '用户名或密码不正确' });
    await flush();
    actor.send({ type: 'LOGIN', request: login });
    await flush();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.error).toBe('用户名或密码不正确');
    expect(calls.saveSession).toHaveLength(0);
  });

  it('logout calls the server, then clears locally even when the server fails', async () => {
    const { actor, calls } = setupSession(signedInInput);
    actor.send({ type: 'LOGOUT' });
    await flush();
    expect(calls.remoteLogout).toBe(1);
    expect(calls.clearLocalSession).toBe(1);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context).toMatchObject({ token: '', user: null, menu: null, permission: {} });
  });

  it('a 401 logs out locally without calling the server', async () => {
    const { actor, calls } = setupSession(signedInInput);
    actor.send({ type: 'UNAUTHORIZED' });
    await flush();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(calls.remoteLogout).toBe(0);
    expect(calls.clearLocalSession).toBe(1);
  });

  it('an empty access token forces a local logout; a present one does not', async () => {
    const { actor } = setupSession(signedInInput);
    actor.send({ type: 'TOKEN_CHECK', token: 'stored' });
    expect(actor.getSnapshot().value).toBe('signedIn');
    actor.send({ type: 'TOKEN_CHECK', token: '' });
    await flush();
    expect(actor.getSnapshot().value).toBe('signedOut');
  });

  it('keeps the refreshed access token, and no refresh token', () => {
    const { actor } = setupSession(signedInInput);
    actor.send({ type: 'TOKEN_REFRESHED', token: { access_token: 'access-2', refresh_token: 'refresh-2' } });
    expect(actor.getSnapshot().context.token).toBe('access-2');
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain('refresh-2');
  });

  it('switching dept/role uses the refresh grant with the chosen ids', async () => {
    const { actor, calls } = setupSession(signedInInput);
    actor.send({ type: 'SWITCH_IDENTITY', deptId: 'd2', roleId: 'r2' });
    await flush();
    expect(calls.requestToken[0]).toEqual({ grantType: 'refresh_token', deptId: 'd2', roleId: 'r2', tenantId: '000000' });
    expect(calls.loadMenu).toBe(1);
    expect(actor.getSnapshot().value).toBe('signedIn');
  });

  describe('social user without a local account', () => {
    const social = { ...TOKEN, user_id: '-1', oauth_id: 'oauth-7' };
    const guest = { tenantId: '000000', name: 'N', account: 'acc', password: 'hash' };

    it('registers, shows the pending-approval step, then logs out', async () => {
      const { actor, calls } = setupSession(EMPTY, { token: social });
      await flush();
      actor.send({ type: 'LOGIN', request: login });
      await flush();
      expect(actor.getSnapshot().value).toBe('registration');
      expect(calls.saveSession).toHaveLength(0);
      actor.send({ type: 'REGISTER', guest });
      await flush();
      expect(calls.registerGuest).toEqual([{ guest: { ...guest, oauthId: 'oauth-7' }, token: 'access-1' }]);
      expect(actor.getSnapshot().value).toBe('registrationPending');
      actor.send({ type: 'REGISTRATION_ACKNOWLEDGED' });
      await flush();
      expect(actor.getSnapshot().value).toBe('signedOut');
    });

    it('keeps the dialog open with the server message on failure', async () => {
      const { actor } = setupSession(EMPTY, { token: social, registerFails: '账号已存在' });
      await flush();
      actor.send({ type: 'LOGIN', request: login });
      await flush();
      actor.send({ type: 'REGISTER', guest });
      await flush();
      expect(actor.getSnapshot().value).toBe('registration');
      expect(actor.getSnapshot().context.registrationError).toBe('账号已存在');
    });
  });
});

const GUEST: TokenResponse = { ...TOKEN, user_id: '-1', oauth_id: 'gh-1' };
/** The ways the console starts: nothing stored, a stored session, a reload (whom to restore known, the token gone), with or without its menu. */
const STARTS = [
  ['nothing stored', EMPTY],
  ['a stored session', signedInInput],
  ['a reload', reloadedInput],
  ['a reload whose menu was not stored', { ...reloadedInput, menu: null }],
] as const;
const modelFrom = (input: SessionInput): MachineModel<typeof sessionMachine> => ({
    machine: sessionMachine,
    input,
    events: [
      { type: 'LOGIN', request: login },
      { type: 'LOGOUT' },
      { type: 'UNAUTHORIZED' },
      { type: 'TOKEN_CHECK', token: '' },
      { type: 'TOKEN_REFRESHED', token: { ...TOKEN, access_token: 'access-2' } },
      { type: 'SWITCH_IDENTITY', deptId: '8', roleId: '10' },
      { type: 'REGISTER', guest: { tenantId: '000000', name: 'guest', account: 'guest', password: 'pw' } as never },
      { type: 'CANCEL_REGISTRATION' },
      { type: 'REGISTRATION_ACKNOWLEDGED' },
    ],
    outputs: {
      requestToken: [TOKEN, GUEST],
      saveSession: [toSessionUser(TOKEN)],
      loadMenu: [{ menu: MENU, permission: { notice_add: true } } satisfies LoadedMenu],
      resumeSession: [undefined],
    },
});

describe('session machine model', () => {
  it('reaches every state from one of the ways it starts', () => {
    // Which states a start reaches depends on what was stored (the boot guards): together they reach all.
    const unreached = STARTS.map(([, input]) => new Set(unreachedStates(modelFrom(input), shortestPaths(modelFrom(input)))));
    expect([...unreached[0]!].filter((id) => unreached.every((u) => u.has(id)))).toEqual([]);
  });
});

/** The session's rules: what the console relies on in each state, however the state was reached. */
function sessionRules(s: AnyMachineSnapshot): void {
  const { token, user, menu, pending } = s.context as SessionContext;
  if (s.hasTag('authenticated')) {
    expect(token, 'an authenticated state has a token').not.toBe('');
    expect(user, 'an authenticated state has a user').not.toBeNull();
  }
  if (s.matches('signedIn')) {
    expect(menu, 'signed in with a menu (empty when it failed to load)').not.toBeNull();
    expect(pending, 'no token left pending once signed in').toBeNull();
  }
  if (s.matches('signedOut')) expect({ token, user, menu }, 'nothing of a session outlives it').toEqual({ token: '', user: null, menu: null });
  if (s.matches('restoring')) expect(token, 'a reload restores from the cookie, not from a stored token').toBe('');
}

describe.each(STARTS)('session machine model, from %s', (_, input) => {
  const model = modelFrom(input);
  const paths = shortestPaths(model);

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    await replay(model, path, withRules(sessionRules));
  });
});
