import { describe, expect, it, vi } from 'vitest';
import type { NatsCredentials } from '@wdiov/contracts/nats/position-message';
import type { LinkEvent } from '../machines/live-link.machine';
import { fakeNats } from '../test-support/fake-nats';
import { supersedes } from './nats-link';

const utf8 = new TextEncoder();
const CARDS = 'wdiov.000000.user.7';
const POSITIONS = 'wdiov.000000.pos.*';
const LIFE = 600_000;
const creds = (jwt: string, expiresAt: number, cards?: string): NatsCredentials =>
  ({ servers: ['ws://nats.test:4223'], jwt, expiresAt, subjects: [POSITIONS], ...(cards ? { cards } : {}) });
const card = (vin: string) => utf8.encode(JSON.stringify({ code: 0, cmd: 1200, msg: '', ts: 1, data: { type: 0, alarmType: '3', alarmName: '温度差异报警', vin, carPlate: '粤B1', espeed: 0, stime: '2025-01-01 08:00:00', duration: 3 } }));

/** A reader's events, and the vins of the cards among them. */
function events() {
  const seen: LinkEvent[] = [];
  const cards = () => seen.flatMap((e) => (e.type === 'MESSAGE' && e.message.cmd === 1200 ? [e.message.data.vin] : []));
  return { seen, send: (e: LinkEvent) => void seen.push(e), cards, connected: () => seen.some((e) => e.type === 'CONNECTED') };
}

describe('supersedes: the link runs on the newest credentials of its readers', () => {
  const now = 1_000_000;
  it('never moves onto older or equally old credentials, whatever they grant', () => {
    expect(supersedes(creds('a', now + LIFE, CARDS), creds('b', now + LIFE), now)).toBe(false);
    expect(supersedes(creds('a', now + LIFE / 2, CARDS), creds('b', now + LIFE), now)).toBe(false);
  });
  it('moves onto newer credentials that grant other subjects, however little newer', () => {
    expect(supersedes(creds('a', now + LIFE + 1, CARDS), creds('b', now + LIFE), now)).toBe(true);
    expect(supersedes(creds('a', now + LIFE + 1), creds('b', now + LIFE, CARDS), now)).toBe(true);
  });
  it('moves onto newer credentials with the same grants only when they add more than a quarter of their life', () => {
    expect(supersedes(creds('a', now + LIFE, CARDS), creds('b', now + LIFE * 0.8, CARDS), now)).toBe(false);
    expect(supersedes(creds('a', now + LIFE, CARDS), creds('b', now + LIFE * 0.7, CARDS), now)).toBe(true);
  });
});

describe('the shared nats.ws link with readers holding other credentials', () => {
  it('moves onto the wider credentials of a reader that joins later, without a gap, and serves its cards', async () => {
    const nats = fakeNats();
    const now = Date.now();
    // The map signed in first, with credentials naming no cards subject.
    const map = events();
    const mapReader = nats.link.attach(creds('jwt-map', now + LIFE), { onPosition: () => undefined }, map.send);
    await vi.waitFor(() => expect(map.connected()).toBe(true));
    const shell = events();
    const shellReader = nats.link.attach(creds('jwt-shell', now + LIFE + 1_000, CARDS), { messages: true }, shell.send);
    await vi.waitFor(() => expect(nats.conns.map((c) => [c.jwt, c.closed])).toEqual([['jwt-map', true], ['jwt-shell', false]]));
    expect(nats.conns[1]!.subjects).toEqual(expect.arrayContaining([CARDS, POSITIONS]));
    expect(nats.link.openConnections).toBe(1);
    expect(shell.connected()).toBe(true);
    nats.conns[1]!.deliver(CARDS, card('VIN1'));
    expect(shell.cards()).toEqual(['VIN1']);
    // The move is no drop: neither reader is told of one.
    expect([...map.seen, ...shell.seen].filter((e) => e.type === 'DISCONNECTED')).toEqual([]);
    mapReader.stop();
    shellReader.stop();
    await vi.waitFor(() => expect(nats.link.openConnections).toBe(0));
  });

  it('keeps its newer credentials when a reader joins with older ones', async () => {
    const nats = fakeNats();
    const now = Date.now();
    const shell = events();
    const shellReader = nats.link.attach(creds('jwt-new', now + LIFE, CARDS), { messages: true }, shell.send);
    await vi.waitFor(() => expect(shell.connected()).toBe(true));
    const map = events();
    const mapReader = nats.link.attach(creds('jwt-old', now + LIFE / 2), { onPosition: () => undefined }, map.send);
    await vi.waitFor(() => expect(map.connected()).toBe(true));
    // A renewal of the older reader's, still older than the connection's credentials, does not move it either.
    await mapReader.renew(creds('jwt-old-renewed', now + LIFE - 1_000));
    expect(nats.conns.map((c) => [c.jwt, c.closed])).toEqual([['jwt-new', false]]);
    nats.conns[0]!.deliver(CARDS, card('VIN2'));
    expect(shell.cards()).toEqual(['VIN2']);
    mapReader.stop();
    shellReader.stop();
  });
});
