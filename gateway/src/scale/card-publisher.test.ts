/**
 * Alarm cards over nats.ws at a real nats-server (operator mode, websocket listener, set up as the
 * gateway sets up its child): a card raised reaches the browser of a recipient holding credentials,
 * on that user's own subject, which no other user's credentials may read. Without nats-server on
 * PATH the tests skip with a printed reason, except under CI=true.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { jwtAuthenticator, wsconnect, type NatsConnection, type Status } from '@nats-io/transport-node';
import { createUser } from '@nats-io/nkeys';
import { alarmCardMessage, buckets, subjects, type AlarmEvent } from '@wdiov/contracts';
import { testEnv } from '../env.ts';
import { natsServerAvailable, startNatsChild, type NatsChild } from '../bus/nats-child.ts';
import { connectNatsBus } from '../bus/nats-bus.ts';
import type { MessageBus } from '../bus/bus.ts';
import { systemPrincipal } from '../crud/principal.ts';
import { createLogger } from '../lib/logger.ts';
import { CardDispatcher } from '../live/card-dispatcher.ts';
import type { SocketHub } from '../live/socket-hub.ts';
import type { VinScope, VinScopes } from '../live/vehicle-scope.ts';
import { subjectsFor } from './credential-minter.ts';
import { natsCardPublisher } from './card-publisher.ts';
import { setUpLiveFeed, type LiveFeedSetup } from './live-feed.ts';
import { mintedEntryOf, MintedKeys } from './minted-keys.ts';

const natsAvailable = await natsServerAvailable();
const requireNats = process.env.CI === 'true';
if (!natsAvailable) console.warn(`nats-server not found on PATH: nats.ws card tests ${requireNats ? 'will FAIL (CI=true)' : 'skipped'}`);
(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;
const logger = createLogger('silent');
const TENANT = '000000';
const until = async (check: () => boolean, ms = 20_000) => {
  for (const end = Date.now() + ms; !check() && Date.now() < end; ) await new Promise((r) => setTimeout(r, 20));
};

describe.runIf(natsAvailable || requireNats)('alarm cards over nats.ws', () => {
  let dir = '';
  let child: NatsChild;
  let setup: LiveFeedSetup;
  let bus: MessageBus;
  let keys: MintedKeys;
  const browsers: NatsConnection[] = [];
  /** Users and the vehicles they may see. */
  const scopes: Record<string, VinScope> = { '401': 'tenant', '402': new Set(['LVIN0000000000002']) };
  const vinScopes: VinScopes = { vinsOf: async (p) => scopes[p.userId] ?? new Set(), onChange: () => () => undefined, invalidate: () => undefined };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wdiov-cards-'));
    setup = await setUpLiveFeed(testEnv({ NATS_SPAWN: 'on', HOST: '127.0.0.1' }), dir);
    child = await startNatsChild({ dataDir: join(dir, 'nats'), configFile: setup.childConfigFile });
    bus = await connectNatsBus({ url: child.url, logger, connectOptions: setup.connectOptions });
    keys = new MintedKeys(await bus.kv(buckets.mintedCredentials), logger);
    await keys.start();
  });
  afterAll(async () => {
    for (const nc of browsers) await nc.close().catch(() => undefined);
    keys?.stop();
    await bus?.close();
    await child?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** A signed-in user's browser with credentials as the credentials call mints them: positions and the user's own cards. */
  async function browser(userId: string) {
    const user = createUser();
    const cards = subjects.userMessages(TENANT, userId);
    const creds = await setup.feed!.minter.mint(user.getPublicKey(), `${TENANT}/${userId}`, [...subjectsFor(TENANT, 'tenant')!, cards]);
    await keys.note(user.getPublicKey(), mintedEntryOf({ ...systemPrincipal(TENANT), userId, roleAliases: [] }, Date.now(), creds.expiresAt));
    const [server] = setup.feed!.servers(new URL('http://127.0.0.1/'));
    const nc = await wsconnect({ servers: server, authenticator: jwtAuthenticator(creds.jwt, user.getSeed()), reconnect: false });
    browsers.push(nc);
    const errors: Error[] = [];
    void (async () => {
      for await (const s of nc.status() as AsyncIterable<Status>) if (s.type === 'error') errors.push(s.error);
    })();
    const got: unknown[] = [];
    const read = (subject: string) => nc.subscribe(subject, { callback: (err, m) => void (!err && got.push(m.json())) });
    return { nc, cards, got, errors, read };
  }

  const alarm = (id: string): AlarmEvent => ({
    tenantId: TENANT, vehicleId: '1', plate: '粤B1', startTime: Date.now() - 5_000, endTime: null, speedKmh: 30, lng: 114, lat: 22,
    id, phase: 'start', vin: 'LVIN0000000000001', level: 3, live: true, source: 'gbt32960', alarmType: 'gb:thermal', alarmName: '热失控',
  });

  it('carries a card raised here to each recipient holding credentials whose scope holds the vehicle, once', async () => {
    const mine = await browser('401');
    const scoped = await browser('402');
    mine.read(mine.cards);
    scoped.read(scoped.cards);
    await Promise.all([mine.nc.flush(), scoped.nc.flush()]);
    const hub = { toUsers: () => 0, onlineUsers: () => [] } as unknown as SocketHub;
    const cards = new CardDispatcher(bus, hub, { forEvent: async () => 'everyone' }, logger, 480);
    const publisher = natsCardPublisher(bus, keys, vinScopes, logger);
    cards.sendAlsoTo(publisher);
    cards.raised('alarm', alarm('n1'));
    await until(() => mine.got.length > 0);
    const card = alarmCardMessage.parse(mine.got[0]);
    expect(card.data).toMatchObject({ id: 'n1', vin: 'LVIN0000000000001', alarmName: '热失控', level: 3 });
    // User 402 may not see the vehicle: nothing was sent to them.
    expect(publisher.published).toBe(1);
    expect(scoped.errors).toEqual([]);
  });

  it('refuses, at nats-server, a subscription to another user\'s card subject', async () => {
    const thief = await browser('401');
    thief.read(subjects.userMessages(TENANT, '402'));
    await until(() => thief.errors.length > 0);
    expect(thief.errors.map((e) => e.message)).toEqual([expect.stringMatching(/permissions violation for subscription to "wdiov\.000000\.user\.402"/i)]);
  });
});
