import { describe, expect, it } from 'vitest';
import { encodePositionMessage, type NatsCredentials } from '@wdiov/contracts/nats/position-message';
import type { LivePosition } from '@wdiov/contracts/live/socket-messages';
import type { PositionBatch } from '../live-store/packed-positions';
import type { PositionTransport } from '../live-store/position-transport';
import { natsPositionTransport, NATS_FLUSH_MS } from './nats-position-transport';
import { fakeNats } from '../test-support/fake-nats';

const creds = (jwt: string): NatsCredentials => ({ servers: ['ws://nats.test:4223'], jwt, expiresAt: Date.now() + 600_000, subjects: ['wdiov.000000.pos.*'] });
const at = (vin: string, lng: number): LivePosition => ({ vin, lng, lat: 22.5, speed: 30, heading: 0, soc: 50, state: 1, alarmLevel: 0, ts: 1 });

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('nats position transport', () => {
  it('subscribes with the gateway\'s credentials for this browser\'s key and hands on coalesced batches', async () => {
    const nats = fakeNats();
    const keys: string[] = [];
    const batches: PositionBatch[] = [];
    const t = natsPositionTransport({ credentials: async (k) => (keys.push(k), creds('jwt-1')), fallback: () => { throw new Error('no fallback expected'); }, link: nats.source });
    t.open('ws://gateway/positions', {}, { batch: (b) => batches.push(b), closed: () => undefined });
    await wait(20);
    expect(keys[0]).toMatch(/^U[A-Z2-7]{55}$/);
    expect(nats.conns.map((c) => [c.jwt, c.subjects])).toEqual([['jwt-1', ['wdiov.000000.pos.*']]]);
    nats.conns[0]!.deliver('wdiov.000000.pos.VIN1', encodePositionMessage(at('VIN1', 114.0)));
    nats.conns[0]!.deliver('wdiov.000000.pos.VIN1', encodePositionMessage(at('VIN1', 114.1)));
    nats.conns[0]!.deliver('wdiov.000000.pos.VIN2', encodePositionMessage(at('VIN2', 113.9)));
    await wait(NATS_FLUSH_MS + 50);
    expect(batches).toHaveLength(1);
    expect(batches[0]!.count).toBe(2);
    t.dispose();
    await wait(10);
    expect(nats.conns[0]!.closed).toBe(true);
  });

  it('opens the position socket instead when the gateway offers no nats.ws feed', async () => {
    const opened: string[] = [];
    const fallback: PositionTransport = { open: (url) => void opened.push(url), close: () => undefined, dispose: () => undefined };
    const t = natsPositionTransport({ credentials: async () => null, fallback: () => fallback, link: fakeNats().source });
    t.open('ws://gateway/positions', {}, { batch: () => undefined, closed: () => undefined });
    await wait(20);
    expect(opened).toEqual(['ws://gateway/positions']);
    t.dispose();
  });
});
