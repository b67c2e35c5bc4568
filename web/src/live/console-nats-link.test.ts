import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { encodePositionMessage, type NatsCredentials } from '@wdiov/contracts/nats/position-message';
import { liveLinkMachine, type FetchedCredentials } from '../machines/live-link.machine';
import type { PositionBatch } from '../live-store/packed-positions';
import { fakeNats } from '../test-support/fake-nats';
import { natsLinkActor } from './console-nats-link';
import { natsPositionTransport, NATS_FLUSH_MS } from './nats-position-transport';

const utf8 = new TextEncoder();
const CARDS = 'wdiov.000000.user.7';
const POSITIONS = 'wdiov.000000.pos.*';
const creds = (jwt: string, lifeMs = 600_000): NatsCredentials =>
  ({ servers: ['ws://nats.test:4223'], jwt, expiresAt: Date.now() + lifeMs, subjects: [POSITIONS], cards: CARDS });
const card = (vin: string) => utf8.encode(JSON.stringify({ code: 0, cmd: 1200, msg: '', ts: 1, data: { type: 0, alarmType: '3', alarmName: '温度差异报警', vin, carPlate: '粤B1', espeed: 0, stime: '2025-01-01 08:00:00', duration: 3 } }));
const position = (vin: string) => encodePositionMessage({ vin, lng: 114, lat: 22.5, speed: 30, heading: 0, soc: 50, state: 1, alarmLevel: 0, ts: 1 });

/** The console: the shell's live link (cards) and, while the map is mounted, its positions, both on the fake server. */
function console_(nats: ReturnType<typeof fakeNats>, shellCreds: () => NatsCredentials, mapLifeMs = 600_000) {
  const shell = createActor(liveLinkMachine.provide({
    actors: {
      fetchSocketSwitch: fromPromise(async () => '1'),
      fetchCredentials: fromPromise(async (): Promise<FetchedCredentials> => ({ credentials: shellCreds(), at: Date.now() })),
      natsLink: natsLinkActor(nats.source, { messages: true }),
    },
  }), { input: { transport: 'nats', shell: true } }).start();
  shell.send({ type: 'OPEN', token: 'tok' });
  const batches: PositionBatch[] = [];
  const map = natsPositionTransport({ credentials: async () => creds('jwt-map', mapLifeMs), fallback: () => { throw new Error('no fallback expected'); }, link: nats.source });
  return { shell, map, batches, mount: () => map.open('ws://gateway/positions', {}, { batch: (b) => batches.push(b), closed: () => undefined }) };
}

describe('the console\'s one nats.ws connection', () => {
  it('carries the shell\'s cards and the map\'s positions on one connection, closed when the last of them leaves', async () => {
    const nats = fakeNats();
    const c = console_(nats, () => creds('jwt-shell'));
    await vi.waitFor(() => expect(c.shell.getSnapshot().hasTag('connected')).toBe(true));
    c.mount();
    await vi.waitFor(() => expect(nats.conns[0]!.subjects).toContain(POSITIONS));
    expect(nats.conns).toHaveLength(1);
    expect(nats.conns[0]!.jwt).toBe('jwt-shell');
    expect(nats.link.openConnections).toBe(1);

    nats.conns[0]!.deliver(CARDS, card('VIN1'));
    nats.conns[0]!.deliver('wdiov.000000.pos.VIN2', position('VIN2'));
    expect(c.shell.getSnapshot().context.cards.map((s) => s.card.vin)).toEqual(['VIN1']);
    await vi.waitFor(() => expect(c.batches.reduce((n, b) => n + b.count, 0)).toBe(1), { timeout: NATS_FLUSH_MS * 20 });

    // The map unmounts: the shell keeps the connection and its cards.
    c.map.dispose();
    expect(nats.conns[0]!.closed).toBe(false);
    nats.conns[0]!.deliver(CARDS, card('VIN3'));
    expect(c.shell.getSnapshot().context.cards.map((s) => s.card.vin)).toEqual(['VIN3', 'VIN1']);
    c.shell.send({ type: 'CLOSE' });
    await vi.waitFor(() => expect(nats.conns[0]!.closed).toBe(true));
    expect(nats.link.openConnections).toBe(0);
    c.shell.stop();
  });

  it('swaps the shared connection once when both readers renew within moments of each other', async () => {
    const nats = fakeNats();
    // The first credentials are near their end; the renewals bring full-length ones.
    const c = console_(nats, () => creds('jwt-shell', 60_000), 60_000);
    c.mount();
    await vi.waitFor(() => expect(nats.conns[0]?.subjects).toEqual(expect.arrayContaining([CARDS, POSITIONS])));
    const link = await nats.source.link();
    const renewals = link.attach(creds('jwt-shell', 60_000), { messages: true }, () => undefined);
    await renewals.renew(creds('jwt-renewed'));
    await renewals.renew(creds('jwt-renewed-again'));
    renewals.stop();
    expect(nats.conns.map((x) => [x.jwt, x.closed])).toEqual([['jwt-shell', true], ['jwt-renewed', false]]);
    expect(nats.conns[1]!.subjects).toEqual(expect.arrayContaining([CARDS, POSITIONS]));
    // Cards on the renewed connection reach the shell, once.
    nats.conns[1]!.deliver(CARDS, card('VIN4'));
    nats.conns[0]!.deliver(CARDS, card('VIN5'));
    expect(c.shell.getSnapshot().context.cards.map((s) => s.card.vin)).toEqual(['VIN4']);
    expect(nats.link.openConnections).toBe(1);
    c.map.dispose();
    c.shell.stop();
  });
});
