// The simulated superior platform: logins, records, refusal, dropped links, HTTP control.
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buildPlatformHeartbeat, buildPlatformLogin, buildPlatformLogout, Command, createFramer, parsePlatformResponse, reframeForPlatform,
  type PlatformIdentity, type PlatformResponse,
} from '@wdiov/contracts/protocol/index';
import { SuperiorPlatform } from '../src/superior-platform.ts';
import { startControlServer } from '../src/platform-control.ts';
import { parseCli } from '../src/options.ts';
import { V1 } from '../../contracts/test/protocol/vectors.ts';

const me: PlatformIdentity = { edition: '2016', platformCode: 'ENTERPRISE0000001', username: 'user', password: 'pw', encryptionRule: 1 };
const time = { year: 2026, month: 11, day: 26, hour: 8, minute: 0, second: 0 };
const realtime = Uint8Array.from(Buffer.from(V1, 'hex'));

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A client link that collects the platform's answers. */
async function link(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  cleanups.push(() => socket.destroy());
  const answers: PlatformResponse[] = [];
  const waiters: (() => void)[] = [];
  const framer = createFramer();
  socket.on('data', (c) => {
    for (const f of framer.push(c)) {
      const r = parsePlatformResponse(f);
      if (r) answers.push(r);
    }
    waiters.splice(0).forEach((w) => w());
  });
  const closed = new Promise<void>((r) => socket.on('close', () => r()));
  await new Promise((r) => socket.once('connect', r));
  const answer = async (n: number) => {
    while (answers.length < n) await new Promise<void>((r) => waiters.push(r));
    return answers[n - 1]!;
  };
  return { socket, answer, closed };
}

async function platform(options = {}) {
  const p = new SuperiorPlatform(options);
  const port = await p.listen(0);
  cleanups.push(() => p.stop());
  return { p, port };
}

describe('simulated superior platform', () => {
  it('accepts a login, records realtime and reissue per VIN, counts a frame received twice', async () => {
    const { p, port } = await platform({ username: 'user', password: 'pw' });
    const l = await link(port);
    l.socket.write(buildPlatformLogin(me, 1, time));
    expect(await l.answer(1)).toMatchObject({ command: Command.platformLogin, ok: true, time });
    l.socket.write(realtime);
    l.socket.write(reframeForPlatform(realtime, '2016', Command.reissue));
    l.socket.write(buildPlatformHeartbeat(me));
    expect(await l.answer(2)).toMatchObject({ command: Command.heartbeat, ok: true });
    expect(p.records.vehicles.LSJE24066JG229589).toMatchObject({ realtime: 1, reissue: 1, duplicates: 1, first: Date.UTC(2020, 8, 8, 10, 17, 12) });
    expect(p.received.map((r) => r.command)).toEqual([2, 3]);
    l.socket.write(buildPlatformLogout(me, 1, time));
    expect(await l.answer(3)).toMatchObject({ command: Command.platformLogout, ok: true });
    expect(p.records).toMatchObject({ logins: 1, logouts: 1, frames: 2 });
  });

  it('answers frames before a login with an error and does not record them', async () => {
    const { p, port } = await platform();
    const l = await link(port);
    l.socket.write(realtime);
    expect(await l.answer(1)).toMatchObject({ command: Command.realtime, ok: false });
    expect(p.records).toMatchObject({ unauthenticated: 1, frames: 0 });
  });

  it('refuses wrong credentials and, on command, every login; closes the link', async () => {
    const { p, port } = await platform({ username: 'user', password: 'pw' });
    const wrong = await link(port);
    wrong.socket.write(buildPlatformLogin({ ...me, password: 'nope' }, 1, time));
    expect(await wrong.answer(1)).toMatchObject({ ok: false, flag: 2 });
    await wrong.closed;
    p.refuse(true);
    const refused = await link(port);
    refused.socket.write(buildPlatformLogin(me, 2, time));
    expect(await refused.answer(1)).toMatchObject({ ok: false });
    expect(p.records).toMatchObject({ logins: 0, refusedLogins: 2 });
  });

  it('drops links and stops listening on HTTP command, and listens again on the same port', async () => {
    const { p, port } = await platform();
    const control = await startControlServer(p, 0);
    cleanups.push(() => control.close());
    const address = control.address();
    const base = `http://127.0.0.1:${address && typeof address === 'object' ? address.port : 0}`;
    const l = await link(port);
    l.socket.write(buildPlatformLogin(me, 1, time));
    await l.answer(1);
    expect(await (await fetch(`${base}/drop`, { method: 'POST' })).json()).toMatchObject({ logins: 1, listening: true });
    await l.closed;
    expect(((await (await fetch(`${base}/stop`, { method: 'POST' })).json()) as { listening: boolean }).listening).toBe(false);
    await expect(new Promise((resolve, reject) => connect(port, '127.0.0.1').once('connect', resolve).once('error', reject))).rejects.toThrow();
    expect(((await (await fetch(`${base}/start`, { method: 'POST' })).json()) as { listening: boolean }).listening).toBe(true);
    expect(p.linkCount).toBe(0);
    await link(port);
    expect((await fetch(`${base}/nothing`, { method: 'POST' })).status).toBe(404);
  });

  it('takes --platform-listen and its control options', () => {
    const r = parseCli(['--platform-listen', '32961', '--platform-control', '32962', '--platform-user', 'u']);
    expect(r.kind === 'run' && [r.options.platformListen, r.options.platformControl, r.options.platformUser]).toEqual([32961, 32962, 'u']);
    expect(parseCli(['--platform-control', '1'])).toMatchObject({ kind: 'error', message: '--platform-control needs --platform-listen' });
    expect(parseCli(['--platform-listen', '0'])).toMatchObject({ kind: 'error' });
    const sm = parseCli(['--platform-listen', '32961', '--platform-sm4-key', '0123456789abcdeffedcba9876543210', '--platform-sm2-key', 'ab'.repeat(32)]);
    expect(sm.kind === 'run' && [sm.options.platformSm4Key, sm.options.platformSm2Key]).toEqual(['0123456789abcdeffedcba9876543210', 'ab'.repeat(32)]);
    expect(parseCli(['--platform-listen', '1', '--platform-sm4-key', 'abc'])).toMatchObject({ kind: 'error', message: '--platform-sm4-key: 32 hex digits' });
  });
});
