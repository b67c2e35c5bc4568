import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode } from '@nats-io/jwt';
import { createUser } from '@nats-io/nkeys';
import { NATS_CREDENTIALS_PATH, type NatsCredentials } from '@wdiov/contracts';
import { createTestGateway, type TestGateway } from '../../test/test-gateway.ts';
import { CredentialMinter } from './credential-minter.ts';
import { ActiveCredentials, type LiveFeed } from './live-feed.ts';
import { MintedKeys } from './minted-keys.ts';
import type { KvBucket } from '../bus/bus.ts';
import { createNatsAuth } from './nats-auth.ts';

const TTL_MS = 600_000;
const METRICS_TOKEN = 'metrics-token-for-tests';
const ask = (publicKey?: string) => `${NATS_CREDENTIALS_PATH}${publicKey === undefined ? '' : `?publicKey=${encodeURIComponent(publicKey)}`}`;

describe('nats.ws credentials call', () => {
  let withFeed: TestGateway;
  let without: TestGateway;
  let feed: LiveFeed;
  beforeAll(async () => {
    const auth = await createNatsAuth();
    feed = { minter: new CredentialMinter(auth.accountSeed, TTL_MS), servers: (u) => [`ws://${u.hostname}:4223`], issued: new ActiveCredentials(), cardsPublished: true };
    withFeed = await createTestGateway({ METRICS_TOKEN }, { liveFeed: feed });
    without = await createTestGateway();
  });
  afterAll(async () => {
    await withFeed?.dispose();
    await without?.dispose();
  });

  it('mints, for the signed-in user\'s own key, read-only credentials on their tenant\'s positions and their own cards', async () => {
    const token = await withFeed.signIn();
    const user = createUser();
    const before = Date.now();
    const { status, body } = await withFeed.json(`http://console.example:8080${ask(user.getPublicKey())}`, { token });
    expect(status).toBe(200);
    const creds = body.data as NatsCredentials;
    expect(creds.servers).toEqual(['ws://console.example:4223']);
    expect(creds.subjects).toEqual(['wdiov.000000.pos.*']);
    expect(creds.cards).toMatch(/^wdiov\.000000\.user\.\d+$/);
    expect(creds.expiresAt).toBeGreaterThanOrEqual(before + TTL_MS - 1000);
    const claims = decode<{ sub: { allow: string[] }; pub: { deny: string[] }; allowed_connection_types: string[] }>(creds.jwt);
    expect(claims.sub).toBe(user.getPublicKey());
    expect(claims.exp).toBe(creds.expiresAt / 1000);
    expect(claims.nats.sub?.allow).toEqual(['wdiov.000000.pos.*', creds.cards]);
    expect(claims.nats.pub?.deny).toEqual(['>']);
    expect(claims.nats.allowed_connection_types).toEqual(['WEBSOCKET']);
    const metrics = await withFeed.request('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(await metrics.text()).toMatch(/^wdiov_nats_ws_subscribers 1$/m);
  });

  it('names no cards subject while cards are not published on nats.ws (the shell keeps them on the socket)', async () => {
    const token = await withFeed.signIn();
    feed.cardsPublished = false;
    try {
      const creds = (await withFeed.json(ask(createUser().getPublicKey()), { token })).body.data as NatsCredentials;
      expect(creds.cards).toBeUndefined();
      expect(decode<{ sub: { allow: string[] } }>(creds.jwt).nats.sub?.allow).toEqual(['wdiov.000000.pos.*']);
    } finally {
      feed.cardsPublished = true;
    }
  });

  it('hands credentials out only once the key shared with every gateway is stored, and none when it was not taken', async () => {
    const token = await withFeed.signIn();
    const stored: string[] = [];
    let refuse = false;
    const bucket = {
      put: async (key: string) => {
        await new Promise((r) => setTimeout(r, 50));
        if (refuse) throw new Error('bucket unavailable');
        stored.push(key);
        return stored.length;
      },
      delete: async () => undefined,
    } as unknown as KvBucket;
    const logged: unknown[] = [];
    feed.issued.shareWith(new MintedKeys(bucket, { error: (o: unknown) => void logged.push(o) } as never));
    try {
      const user = createUser().getPublicKey();
      const answer = await withFeed.json(ask(user), { token });
      expect((answer.body.data as NatsCredentials).jwt).toBeTruthy();
      expect(stored, 'the key was stored before the answer').toEqual([user]);
      refuse = true;
      const refused = await withFeed.json(ask(createUser().getPublicKey()), { token });
      expect(refused.status).toBe(200);
      expect(refused.body.data, 'credentials only this gateway could revoke are not handed out').toBeNull();
      expect(logged).toHaveLength(1);
    } finally {
      feed.issued = new ActiveCredentials();
    }
  });

  it('answers 400 for a missing or malformed key, 401 without a token', async () => {
    const token = await withFeed.signIn();
    for (const key of [undefined, '', 'not-a-key', createUser().getPublicKey().replace(/^U/, 'A'), `U${'A'.repeat(55)}`]) {
      const { status, body } = await withFeed.json(ask(key), { token });
      expect(status, String(key)).toBe(400);
      expect(body.msg).toMatch(/publicKey/);
    }
    expect((await withFeed.json(ask(createUser().getPublicKey()))).status).toBe(401);
  });

  it('answers data null where there is no nats.ws feed (the console uses the position socket)', async () => {
    const token = await without.signIn();
    const { status, body } = await without.json(ask(createUser().getPublicKey()), { token });
    expect(status).toBe(200);
    expect(body.data).toBeNull();
  });
});
