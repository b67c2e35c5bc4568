// Forced logouts (cmd 8860) over the real socket, one per cause, and what each revokes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SOCKET_PATH, SocketCmd } from '@wdiov/contracts';
import { systemPrincipal } from '../crud/principal.ts';
import { BASIC, createTestGateway, md5, type TestGateway } from '../../test/test-gateway.ts';
import { until } from '../../test/terminal-client.ts';
import { KickReason, SINGLE_SESSION_PARAM } from './session-kicks.ts';

let gw: TestGateway;
let admin: string;
let roleId: string;
let deptId: string;

interface Session { access: string; refresh: string }
const token = async (params: Record<string, string>) =>
  (await gw.json(`/api/wdiov-auth/oauth/token?${new URLSearchParams({ tenantId: '000000', scope: 'all', ...params })}`, { method: 'POST', headers: { Authorization: BASIC } })).body;
async function signIn(account: string, password = 'pw'): Promise<Session> {
  const body = await token({ grant_type: 'password', username: account, password: md5(password) });
  if (!body.access_token) throw new Error(JSON.stringify(body));
  return { access: body.access_token, refresh: body.refresh_token };
}
const works = async (s: Session) => (await gw.json('/api/wdiov-user/info', { token: s.access })).body.code === 200;
const refreshes = async (s: Session) => Boolean((await token({ grant_type: 'refresh_token', refresh_token: s.refresh })).access_token);

function socket(s: Session) {
  const frames: { cmd: number; msg: string }[] = [];
  const closed: number[] = [];
  const ws = new WebSocket(`ws://127.0.0.1:${gw.httpPort}${SOCKET_PATH}?token=${s.access}`);
  ws.on('message', (m) => frames.push(JSON.parse(String(m))));
  ws.on('close', (code) => closed.push(code));
  const open = new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
  return { frames, closed, open, kicks: () => frames.filter((f) => f.cmd === SocketCmd.forcedLogout).map((f) => f.msg) };
}

const user = (account: string) => gw.repos.get('user').insert(systemPrincipal('000000'), { account, realName: account, password: md5('pw'), roleId, deptId });

beforeAll(async () => {
  gw = await createTestGateway({}, { streaming: true });
  admin = await gw.signIn();
  const sys = systemPrincipal('000000');
  roleId = await gw.repos.get('role').insert(sys, { parentId: '0', roleName: '监控员', roleAlias: 'monitor', sort: 2 });
  deptId = String((await gw.repos.get('dept').all(sys, { filters: [], ascs: [], descs: [] }))[0]!.id);
});
afterAll(() => gw.dispose());

describe('forced logout (cmd 8860)', () => {
  it('when the account is removed: the reason in msg, the socket closed, the tokens dead', async () => {
    const id = await user('gone');
    const session = await signIn('gone');
    const s = socket(session);
    await s.open;
    expect((await gw.json(`/api/wdiov-user/remove?ids=${id}`, { method: 'POST', token: admin })).body.code).toBe(200);
    await until(() => s.kicks().length > 0);
    expect(s.kicks()).toEqual([KickReason.removed]);
    expect(await works(session)).toBe(false);
    await until(() => s.closed.length > 0);
  });

  it('when an administrator resets the password', async () => {
    const id = await user('reset');
    const session = await signIn('reset');
    const s = socket(session);
    await s.open;
    expect((await gw.json(`/api/wdiov-user/reset-password?userIds=${id}`, { method: 'POST', token: admin })).body.code).toBe(200);
    await until(() => s.kicks().length > 0);
    expect(s.kicks()).toEqual([KickReason.passwordReset]);
    expect(await works(session)).toBe(false);
    expect(await refreshes(session)).toBe(false);
  });

  it('when five failed sign-ins lock the account', async () => {
    await user('locked');
    const session = await signIn('locked');
    const s = socket(session);
    await s.open;
    for (let i = 0; i < 4; i++) await token({ grant_type: 'password', username: 'locked', password: md5('wrong') });
    expect(await works(session)).toBe(true);
    expect(s.kicks()).toEqual([]);
    await token({ grant_type: 'password', username: 'locked', password: md5('wrong') });
    await until(() => s.kicks().length > 0);
    expect(s.kicks()).toEqual([KickReason.locked]);
    expect(await works(session)).toBe(false);
    expect(await refreshes(session)).toBe(false);
  });

  it('when the account signs in elsewhere with account.singleSession on: the older sessions go, the new one stays', async () => {
    await user('single');
    const first = await signIn('single');
    // Off (absent): sessions live side by side.
    const second = await signIn('single');
    expect([await works(first), await works(second)]).toEqual([true, true]);
    await gw.repos.get('param').insert(systemPrincipal('000000'), { paramName: '单会话登录', paramKey: SINGLE_SESSION_PARAM, paramValue: 'true' });
    const old = socket(second);
    await old.open;
    const third = await signIn('single');
    const fresh = socket(third);
    await fresh.open;
    await until(() => old.kicks().length > 0);
    expect(old.kicks()).toEqual([KickReason.signedInElsewhere]);
    expect([await works(first), await works(second), await works(third)]).toEqual([false, false, true]);
    expect(await refreshes(second)).toBe(false);
    expect(fresh.kicks()).toEqual([]);
    expect(await refreshes(third)).toBe(true);
  });
});
