/**
 * A forced logout revokes the kicked user's nats.ws credentials at a real nats-server (operator
 * mode, websocket listener, set up as the gateway sets up its child): the open connection is
 * closed and the old JWT refused at once, long before it expires. Without nats-server on PATH the
 * tests skip with a printed reason, except under CI=true.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { jwtAuthenticator, wsconnect } from '@nats-io/transport-node';
import { createUser } from '@nats-io/nkeys';
import { encodePositionMessage, subjects, wildcards, type KickMessage } from '@wdiov/contracts';
import { testEnv } from '../env.ts';
import { natsServerAvailable, startNatsChild, type NatsChild } from '../bus/nats-child.ts';
import { connectNatsBus } from '../bus/nats-bus.ts';
import type { MessageBus } from '../bus/bus.ts';
import { createLogger } from '../lib/logger.ts';
import { systemPrincipal } from '../crud/principal.ts';
import { subjectsFor } from './credential-minter.ts';
import { startCredentialRevocation } from './credential-revoker.ts';
import { ActiveCredentials, setUpLiveFeed, type LiveFeed, type LiveFeedSetup } from './live-feed.ts';

const natsAvailable = await natsServerAvailable();
const requireNats = process.env.CI === 'true';
if (!natsAvailable) console.warn(`nats-server not found on PATH: credential revocation tests ${requireNats ? 'will FAIL (CI=true)' : 'skipped'}`);
(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;
const logger = createLogger('silent');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Polls until `check` holds or a generous deadline passes (the assertion after it says what is wrong). */
const until = async (check: () => boolean, ms = 20_000) => {
  for (const end = Date.now() + ms; !check() && Date.now() < end; ) await sleep(20);
};

describe.runIf(natsAvailable || requireNats)('nats.ws credentials on a forced logout', () => {
  let dir = '';
  let child: NatsChild;
  let setup: LiveFeedSetup;
  const buses: MessageBus[] = [];
  const closers: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wdiov-revoke-'));
    setup = await setUpLiveFeed(testEnv({ NATS_SPAWN: 'on', HOST: '127.0.0.1' }), dir);
    child = await startNatsChild({ dataDir: join(dir, 'nats'), configFile: setup.childConfigFile });
  });
  afterAll(async () => {
    for (const c of closers.reverse()) await c().catch(() => undefined);
    for (const b of buses) await b.close().catch(() => undefined);
    await child?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** A gateway: its bus, the credentials it issued, and its revocation (every gateway runs one). */
  async function gateway() {
    const bus = await connectNatsBus({ url: child.url, logger, connectOptions: setup.connectOptions });
    buses.push(bus);
    const feed: LiveFeed = { ...setup.feed!, issued: new ActiveCredentials() };
    const revocation = (await startCredentialRevocation({ bus, natsUrl: child.url, feed, auth: setup.auth!, logger }))!;
    closers.push(() => revocation.close());
    /** Stops this gateway as a crash would leave the others: its revocation and connections gone. */
    const stop = async () => {
      await revocation.close();
      await bus.close();
    };
    return { bus, feed, stop, minted: revocation.minted };
  }

  /** A signed-in user's browser: its own key, credentials minted by `at` for `userId`, subscribed to its tenant's positions. */
  async function browser(at: { feed: LiveFeed }, userId: string, family?: string) {
    const user = createUser();
    const cards = subjects.userMessages('000000', userId);
    const creds = await at.feed.minter.mint(user.getPublicKey(), `000000/${userId}`, [...subjectsFor('000000', 'tenant')!, cards]);
    expect(await at.feed.issued.note(user.getPublicKey(), creds.expiresAt, { ...systemPrincipal('000000'), userId, account: `user${userId}`, ...(family ? { family } : {}) })).toBe(true);
    const [server] = setup.feed!.servers(new URL('http://127.0.0.1/'));
    const connectWith = () => wsconnect({ servers: server, authenticator: jwtAuthenticator(creds.jwt, user.getSeed()), reconnect: false });
    const nc = await connectWith();
    closers.push(() => nc.close());
    let got = 0;
    nc.subscribe(wildcards.tenantPositions('000000'), { callback: () => void got++ });
    const messages: { cmd: number; msg: string; data?: { keys: string[] } | null }[] = [];
    nc.subscribe(cards, { callback: (err, m) => void (!err && messages.push(m.json())) });
    await nc.flush();
    let closed = false;
    void nc.closed().then(() => void (closed = true));
    return { publicKey: user.getPublicKey(), nc, connectWith, got: () => got, closed: () => closed, messages };
  }

  const kick = (bus: MessageBus, message: KickMessage) => bus.publish(subjects.kick(message.userId), JSON.stringify(message));
  const position = encodePositionMessage({ vin: 'VINA0000000000001', lng: 114.06, lat: 22.54, speed: 42, heading: 90, soc: 80, state: 1, alarmLevel: 0, ts: 1_760_000_000_000 });

  it('closes the kicked user\'s connection and refuses the old credentials; others keep theirs', async () => {
    const a = await gateway();
    const kicked = await browser(a, '101');
    const other = await browser(a, '102');
    a.bus.publish(subjects.position('000000', 'VINA0000000000001'), position);
    await until(() => kicked.got() > 0 && other.got() > 0);
    expect(kicked.got()).toBe(1);

    kick(a.bus, { userId: '101', msg: 'removed' });
    await until(() => kicked.closed());
    expect(kicked.closed(), 'the kicked browser is disconnected by nats-server').toBe(true);
    expect(kicked.messages.map((m) => [m.cmd, m.msg]), 'the forced logout arrived before the connection closed').toEqual([[8860, 'removed']]);
    await expect(kicked.connectWith(), 'its credentials no longer subscribe').rejects.toThrow(/authorization|revoked/i);

    // The other user keeps the feed, and the kicked user may sign in again with new credentials.
    a.bus.publish(subjects.position('000000', 'VINA0000000000001'), position);
    await until(() => other.got() > 1);
    expect(other.got()).toBe(2);
    expect(other.closed()).toBe(false);
    const again = await browser(a, '101');
    a.bus.publish(subjects.position('000000', 'VINA0000000000001'), position);
    await until(() => again.got() > 0);
    expect(again.got()).toBe(1);
  });

  it('on a sign-in elsewhere revokes only the older sessions; a later revocation on another gateway keeps the earlier one', async () => {
    const a = await gateway();
    const b = await gateway();
    const older = await browser(a, '201');
    await sleep(5);
    const signedInAt = Date.now();
    await sleep(5);
    const newer = await browser(a, '201');
    kick(a.bus, { userId: '201', msg: 'elsewhere', openedBefore: signedInAt });
    await until(() => older.closed());
    expect(older.closed()).toBe(true);
    // The newer session still receives after the account update that closed the older one.
    const seen = newer.got();
    a.bus.publish(subjects.position('000000', 'VINA0000000000001'), position);
    await until(() => newer.got() > seen);
    expect(newer.got()).toBeGreaterThan(seen);
    expect(newer.closed()).toBe(false);
    // Both sessions read the user's subject: the forced logout names the older key only, so the newer console stays.
    expect(older.messages.map((m) => [m.cmd, m.data])).toEqual([[8860, { keys: [older.publicKey] }]]);
    expect(newer.messages.map((m) => [m.cmd, m.data])).toEqual([[8860, { keys: [older.publicKey] }]]);

    // Another gateway revokes the key it issued: the account JWT it pushes still holds gateway A's revocation.
    const third = await browser(b, '202');
    kick(b.bus, { userId: '202', msg: 'locked' });
    await until(() => third.closed());
    expect(third.closed()).toBe(true);
    await expect(older.connectWith()).rejects.toThrow(/authorization|revoked/i);
    a.bus.publish(subjects.position('000000', 'VINA0000000000001'), position);
    await until(() => newer.got() > 0);
    expect(newer.got()).toBe(1);
  });

  it('on a sign-out revokes that sign-in\'s credentials only, without the warning; a password change spares the sign-in that made it', async () => {
    const a = await gateway();
    const out = await browser(a, '301', 'fam-out');
    const stays = await browser(a, '301', 'fam-stays');
    kick(a.bus, { userId: '301', msg: 'signed out', family: 'fam-out', quiet: true });
    await until(() => out.closed());
    expect(out.closed(), 'the signed-out browser is disconnected').toBe(true);
    await expect(out.connectWith()).rejects.toThrow(/authorization|revoked/i);
    const seen = stays.got();
    a.bus.publish(subjects.position('000000', 'VINA0000000000001'), position);
    await until(() => stays.got() > seen);
    expect(stays.closed()).toBe(false);
    expect([...out.messages, ...stays.messages].filter((m) => m.cmd === 8860)).toEqual([]);

    const other = await browser(a, '301', 'fam-other');
    kick(a.bus, { userId: '301', msg: 'password changed', keepFamily: 'fam-stays', openedBefore: Date.now() });
    await until(() => other.closed());
    expect(other.closed()).toBe(true);
    const later = stays.got();
    a.bus.publish(subjects.position('000000', 'VINA0000000000001'), position);
    await until(() => stays.got() > later);
    expect(stays.closed(), 'the session that changed the password keeps its feed').toBe(false);
  });

  it('revokes credentials minted by a gateway that has since stopped, on a kick through another', async () => {
    const a = await gateway();
    const b = await gateway();
    const browserOfA = await browser(a, '301');
    // The key is shared through KV: once the other gateway holds it, this one may die.
    await until(() => b.minted.holders('000000').has('301'));
    await a.stop();
    kick(b.bus, { userId: '301', msg: 'removed' });
    await until(() => browserOfA.closed());
    expect(browserOfA.closed(), 'the browser holding the stopped gateway\'s credentials is disconnected').toBe(true);
    await expect(browserOfA.connectWith()).rejects.toThrow(/authorization|revoked/i);
  });

  it('revokes a key minted moments before its gateway stopped, on a kick through another right after the sign-in', async () => {
    const a = await gateway();
    const b = await gateway();
    // The credentials were handed out once the bucket took the key; the gateway dies at once, before B is known to mirror it.
    const browserOfA = await browser(a, '401');
    await a.stop();
    kick(b.bus, { userId: '401', msg: 'removed' });
    await until(() => browserOfA.closed());
    expect(browserOfA.closed(), 'the browser holding the dead gateway\'s newest credentials is disconnected').toBe(true);
    await expect(browserOfA.connectWith()).rejects.toThrow(/authorization|revoked/i);
  });
});
