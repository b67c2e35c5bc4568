// What ends a session ends it at once, over the network: a sign-out closes that sign-in's
// sockets (cards and positions) and leaves the user's other sign-in alone; a password change
// ends every other sign-in's tokens, refresh and sockets, the one that made it stays; an
// administrator taking a role away or moving the user's dept ends the user's sign-ins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { POSITION_SOCKET_PATH, SOCKET_PATH } from '@wdiov/contracts';
import { systemPrincipal } from '../../gateway/src/crud/principal.ts';
import { until } from '../../gateway/src/routes/base/test-support.ts';
import { md5, startSecurityServer, type SecurityServer } from './security-server.ts';

let s: SecurityServer;
interface Session { access: string; refresh: string }

beforeAll(async () => {
  s = await startSecurityServer();
}, 60_000);
afterAll(() => s?.stop());

async function signIn(account: string, password = 'pw'): Promise<Session> {
  const { body } = await s.tokenCall({ username: account, password: md5(password), grant_type: 'password' });
  if (!body?.access_token) throw new Error(JSON.stringify(body));
  return { access: body.access_token, refresh: body.refresh_token };
}
const works = async (session: Session) => (await s.call('GET', '/api/wdiov-user/info', { token: session.access })).status === 200;
const refreshes = async (session: Session) => Boolean((await s.tokenCall({ grant_type: 'refresh_token', refresh_token: session.refresh })).body?.access_token);

async function socket(path: string, session: Session) {
  const ws = new WebSocket(`${s.base.replace('http', 'ws')}${path.replace(/\/$/, '')}?token=${session.access}`);
  const closed: number[] = [];
  ws.on('close', (code) => closed.push(code));
  ws.on('error', () => {});
  await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('unexpected-response', reject)));
  return { closed, isOpen: () => ws.readyState === WebSocket.OPEN };
}
const feeds = async (session: Session) => [await socket(SOCKET_PATH, session), await socket(POSITION_SOCKET_PATH, session)];
/** A moment for a close that should not come. */
const settle = () => new Promise((r) => setTimeout(r, 300));

describe('a sign-out', () => {
  it("closes that sign-in's card and position sockets, not the user's other sign-in", async () => {
    await s.userWithMenus('leaver', ['live_map']);
    const [gone, kept] = [await signIn('leaver'), await signIn('leaver')];
    const goneFeeds = await feeds(gone!);
    const keptFeeds = await feeds(kept!);
    expect((await s.call('GET', '/api/wdiov-auth/oauth/logout', { headers: { 'Wdiov-Auth': `bearer ${gone!.access}` } })).status).toBe(200);
    await until(() => goneFeeds.every((f) => f.closed.length > 0), 5000);
    expect(goneFeeds.map((f) => f.closed[0])).toEqual([4000, 4000]);
    await settle();
    expect(keptFeeds.map((f) => f.isOpen())).toEqual([true, true]);
    expect(await works(kept!)).toBe(true);
    expect(await works(gone!)).toBe(false);
  });
});

describe('a password change', () => {
  it("ends the user's other sign-ins (tokens, refresh, sockets); the one that changed it stays", async () => {
    await s.userWithMenus('changer', ['live_map']);
    const [mine, other] = [await signIn('changer'), await signIn('changer')];
    const mineFeeds = await feeds(mine!);
    const otherFeeds = await feeds(other!);
    const q = new URLSearchParams({ oldPassword: md5('pw'), newPassword: md5('pw2'), newPassword1: md5('pw2') });
    expect((await s.call('POST', `/api/wdiov-user/update-password?${q}`, { token: mine!.access })).body.code).toBe(200);
    expect(await works(other!)).toBe(false);
    expect(await refreshes(other!)).toBe(false);
    await until(() => otherFeeds.every((f) => f.closed.length > 0), 5000);
    expect(otherFeeds.map((f) => f.closed[0])).toEqual([4001, 4001]);
    await settle();
    expect(mineFeeds.map((f) => f.isOpen())).toEqual([true, true]);
    expect(await works(mine!)).toBe(true);
    expect(await refreshes(mine!)).toBe(true);
  });
});

describe("an administrator's change of a user's roles or dept", () => {
  const sys = systemPrincipal('000000');

  it('ends the sign-ins of a user who lost a role, at the next request', async () => {
    const user = await s.userWithMenus('demoted', ['live_map']);
    const spare = await s.gw.repos.get('role').insert(sys, { parentId: '0', roleName: 'spare', roleAlias: 'spare', sort: 1 });
    const session = await signIn('demoted');
    const sockets = await feeds(session);
    // A role added takes nothing away: the session stays.
    const grant = (roleIds: string) => s.call('POST', `/api/wdiov-user/grant?userIds=${user.userId}&roleIds=${roleIds}`, { token: s.admin });
    expect((await grant(`${user.roleId},${spare}`)).body.code).toBe(200);
    expect(await works(session)).toBe(true);
    expect((await grant(spare)).body.code).toBe(200);
    expect(await works(session)).toBe(false);
    expect(await refreshes(session)).toBe(false);
    await until(() => sockets.every((f) => f.closed.length > 0), 5000);
    expect(sockets.map((f) => f.closed[0])).toEqual([4001, 4001]);
  });

  it('ends the sign-ins of a user moved to another dept, through the user form', async () => {
    const user = await s.userWithMenus('mover', ['live_map']);
    const elsewhere = await s.gw.repos.get('dept').insert(sys, { parentId: '0', deptName: '别处', fullName: '别处', sort: 1, deptCategory: 1 });
    const session = await signIn('mover');
    const detail = (await s.call('GET', `/api/wdiov-user/detail?id=${user.userId}`, { token: s.admin })).body.data;
    const moved = await s.call('POST', '/api/wdiov-user/submit', {
      token: s.admin, body: { id: user.userId, account: detail.account, realName: detail.realName, roleId: user.roleId, deptId: elsewhere },
    });
    expect(moved.body.code).toBe(200);
    expect(await works(session)).toBe(false);
    expect(await refreshes(session)).toBe(false);
  });
});
