/**
 * Browser credentials against a real nats-server in operator mode with its websocket listener,
 * set up as the gateway sets up its child: nats-server itself refuses what they do not grant.
 * Without nats-server on PATH the tests skip with a printed reason, except under CI=true.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { connect, jwtAuthenticator, wsconnect, type NatsConnection, type Status } from '@nats-io/transport-node';
import { createUser } from '@nats-io/nkeys';
import { decodePositionMessage, encodePositionMessage, subjects, wildcards, type LivePosition } from '@wdiov/contracts';
import { testEnv } from '../env.ts';
import { natsServerAvailable, startNatsChild, type NatsChild } from '../bus/nats-child.ts';
import { CredentialMinter, subjectsFor } from './credential-minter.ts';
import { setUpLiveFeed, type LiveFeedSetup } from './live-feed.ts';
import { readNatsAuth } from './nats-auth.ts';

const natsAvailable = await natsServerAvailable();
const requireNats = process.env.CI === 'true';
if (!natsAvailable) console.warn(`nats-server not found on PATH: nats.ws credential tests ${requireNats ? 'will FAIL (CI=true)' : 'skipped'}`);
// Node 20 has no WebSocket global; browsers and Node 22 do.
(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;

const utf8 = new TextEncoder();
const position = (vin: string): LivePosition => ({ vin, lng: 114.06, lat: 22.54, speed: 42, heading: 90, soc: 80, state: 1, alarmLevel: 0, ts: 1_760_000_000_000 });

describe.runIf(requireNats)('CI requirement', () => {
  it('has nats-server on PATH', () => expect(natsAvailable).toBe(true));
});

describe.runIf(natsAvailable || requireNats)('nats.ws credentials', () => {
  let dir = '';
  let child: NatsChild;
  let setup: LiveFeedSetup;
  let gateway: NatsConnection;
  const browsers: NatsConnection[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wdiov-natsws-'));
    setup = await setUpLiveFeed(testEnv({ NATS_SPAWN: 'on', HOST: '127.0.0.1' }), dir);
    child = await startNatsChild({ dataDir: join(dir, 'nats'), configFile: setup.childConfigFile });
    gateway = await connect({ servers: child.url, ...setup.connectOptions });
  });
  afterAll(async () => {
    for (const nc of browsers) await nc.close().catch(() => undefined);
    await gateway?.close();
    await child?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** A browser: its own user key, credentials minted for tenant `tenant`'s whole fleet or `vins`. */
  async function browser(tenant: string, vins?: string[], minter = setup.feed!.minter) {
    const user = createUser();
    const allowed = subjectsFor(tenant, vins ? new Set(vins) : 'tenant')!;
    const creds = await minter.mint(user.getPublicKey(), `${tenant}/operator`, allowed);
    const [server] = setup.feed!.servers(new URL('http://127.0.0.1/'));
    const errors: Error[] = [];
    const nc = await wsconnect({ servers: server, authenticator: jwtAuthenticator(creds.jwt, user.getSeed()), reconnect: false });
    browsers.push(nc);
    void (async () => {
      for await (const s of nc.status() as AsyncIterable<Status>) if (s.type === 'error') errors.push(s.error);
    })();
    return { nc, creds, errors, user };
  }

  const received = (nc: NatsConnection, subject: string) => {
    const got: LivePosition[] = [];
    nc.subscribe(subject, { callback: (err, m) => { if (!err) got.push(decodePositionMessage(m.subject, m.data)!); } });
    return got;
  };
  const until = async (check: () => boolean, ms = 5000) => {
    for (const end = Date.now() + ms; !check() && Date.now() < end; ) await new Promise((r) => setTimeout(r, 20));
  };

  it('lets a tenant\'s browser read its tenant\'s positions over the websocket', async () => {
    const a = await browser('100001');
    const got = received(a.nc, wildcards.tenantPositions('100001'));
    await a.nc.flush();
    gateway.publish(subjects.position('100001', 'VINA0000000000001'), encodePositionMessage(position('VINA0000000000001')));
    await until(() => got.length > 0);
    expect(got).toEqual([position('VINA0000000000001')]);
    expect(a.errors).toEqual([]);
  });

  it('refuses, at nats-server, a subscription to another tenant\'s subjects', async () => {
    const a = await browser('100001');
    const stolen = received(a.nc, wildcards.tenantPositions('100002'));
    const broad = received(a.nc, 'wdiov.>');
    await a.nc.flush();
    gateway.publish(subjects.position('100002', 'VINB0000000000001'), encodePositionMessage(position('VINB0000000000001')));
    await until(() => a.errors.length >= 2);
    const refused = a.errors.map((e) => e.message);
    expect(refused).toHaveLength(2);
    expect(refused).toEqual(expect.arrayContaining([
      expect.stringMatching(/permissions violation for subscription to "wdiov\.100002\.pos\.\*"/i),
      expect.stringMatching(/permissions violation for subscription to "wdiov\.>"/i),
    ]));
    await a.nc.flush();
    expect([...stolen, ...broad]).toEqual([]);
  });

  it('refuses every publish', async () => {
    const a = await browser('100001');
    const seen = received(gateway, '>');
    await gateway.flush();
    a.nc.publish(subjects.position('100001', 'VINA0000000000001'), utf8.encode('[0,0,0,0,null,1,0,0]'));
    a.nc.publish('wdiov.session.kick.1', utf8.encode('{}'));
    await until(() => a.errors.length >= 2);
    expect(a.errors.every((e) => /permissions violation for publish/i.test(e.message))).toBe(true);
    expect(a.errors).toHaveLength(2);
    expect(seen).toEqual([]);
  });

  it('grants a user scoped to some vehicles those vehicles only', async () => {
    const a = await browser('100001', ['VINA0000000000001']);
    expect(a.creds.subjects).toEqual([subjects.position('100001', 'VINA0000000000001')]);
    const mine = received(a.nc, subjects.position('100001', 'VINA0000000000001'));
    received(a.nc, subjects.position('100001', 'VINA0000000000002'));
    await until(() => a.errors.length >= 1);
    expect(a.errors[0]?.message).toMatch(/permissions violation for subscription to "wdiov\.100001\.pos\.VINA0000000000002"/i);
    gateway.publish(subjects.position('100001', 'VINA0000000000001'), encodePositionMessage(position('VINA0000000000001')));
    await until(() => mine.length > 0);
    expect(mine).toHaveLength(1);
  });

  it('refuses browser credentials on the TCP port (websocket only) and expired ones', async () => {
    const user = createUser();
    const creds = await setup.feed!.minter.mint(user.getPublicKey(), 'x', subjectsFor('100001', 'tenant')!);
    await expect(connect({ servers: child.url, authenticator: jwtAuthenticator(creds.jwt, user.getSeed()), reconnect: false })).rejects.toThrow(/authorization/i);
    const past = new CredentialMinter((await readNatsAuth(join(dir, 'nats-auth'))).accountSeed, 1000, () => Date.now() - 60_000);
    await expect(browser('100001', undefined, past)).rejects.toThrow(/authorization|expired/i);
  });
});
