import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { encodePositionMessage, type NatsCredentials } from '@wdiov/contracts/nats/position-message';
import { createUser } from '@nats-io/nkeys';
import { liveLinkMachine, type FetchedCredentials } from '../machines/live-link.machine';
import { fakeNats } from '../test-support/fake-nats';
import { natsLinkActor } from './console-nats-link';
import { shellNatsLink } from './shell-nats-link';
import type { HttpClient } from '../api/http';

const utf8 = new TextEncoder();
const creds: NatsCredentials = { servers: ['ws://nats.test:4223'], jwt: 'jwt-1', expiresAt: Date.now() + 600_000, subjects: ['wdiov.000000.pos.*'], cards: 'wdiov.000000.user.7' };

describe('the shell\'s nats.ws link', () => {
  it('reads the user\'s own subject only, and hands its cards and forced logout to the live link machine', async () => {
    const nats = fakeNats();
    const warnings: string[] = [];
    const machine = liveLinkMachine.provide({
      actors: {
        fetchSocketSwitch: fromPromise(async () => '1'),
        fetchCredentials: fromPromise(async (): Promise<FetchedCredentials> => ({ credentials: creds, at: Date.now() })),
        natsLink: natsLinkActor(nats.source, { messages: true }),
        warnUser: fromPromise(async ({ input }: { input: { message: string } }) => {
          warnings.push(input.message);
        }),
      },
    });
    const actor = createActor(machine, { input: { transport: 'nats', shell: true } }).start();
    actor.send({ type: 'OPEN', token: 'tok' });
    await vi.waitFor(() => expect(nats.conns.map((c) => c.subjects)).toEqual([['wdiov.000000.user.7']]));
    await vi.waitFor(() => expect(actor.getSnapshot().hasTag('connected')).toBe(true));
    const card = { type: 0, alarmType: '3', alarmName: '温度差异报警', vin: 'VIN1', carPlate: '粤B1', espeed: 42, stime: '2025-01-01 08:00:00', duration: 3 };
    nats.conns[0]!.deliver('wdiov.000000.user.7', utf8.encode(JSON.stringify({ code: 200, cmd: 1200, msg: '', ts: 1, data: card })));
    nats.conns[0]!.deliver('wdiov.000000.user.7', encodePositionMessage({ vin: 'VIN1', lng: 114, lat: 22, speed: 0, heading: 0, soc: null, state: 1, alarmLevel: 0, ts: 1 }));
    expect(actor.getSnapshot().context.cards.map((c) => c.card.vin)).toEqual(['VIN1']);
    expect(actor.getSnapshot().context.invalidFrames).toBe(1);
    // A sign-in elsewhere: the forced logout names the older sessions' keys, and this one is not among them.
    nats.conns[0]!.deliver('wdiov.000000.user.7', utf8.encode(JSON.stringify({ code: 0, cmd: 8860, msg: '已在别处登录', ts: 2, data: { keys: [createUser().getPublicKey()] } })));
    expect(actor.getSnapshot().matches('live')).toBe(true);
    expect(actor.getSnapshot().context.cards).toHaveLength(1);
    nats.conns[0]!.deliver('wdiov.000000.user.7', utf8.encode(JSON.stringify({ code: 0, cmd: 8860, msg: '账号已被删除', ts: 3, data: { keys: [nats.link.publicKey] } })));
    await vi.waitFor(() => expect(warnings).toEqual(['账号已被删除']));
    await vi.waitFor(() => expect(nats.conns[0]!.closed).toBe(true));
    actor.stop();
  });

  it('takes credentials without a cards subject as no feed, so the shell keeps its cards on the socket', async () => {
    const answer = (data: unknown) => ({ get: async () => ({ code: 200, success: true, msg: '', data }) }) as unknown as HttpClient;
    const fetched = async (data: unknown) => {
      const actor = createActor(shellNatsLink(answer(data), fakeNats().source).fetchCredentials).start();
      await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
      return actor.getSnapshot().output!.credentials;
    };
    expect(await fetched(creds)).toEqual(creds);
    const { cards: _cards, ...positionsOnly } = creds;
    expect(await fetched(positionsOnly)).toBeNull();
  });
});
