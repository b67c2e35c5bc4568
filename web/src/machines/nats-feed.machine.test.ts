import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import type { NatsCredentials } from '@wdiov/contracts/nats/position-message';
import { advanceClock, flush } from '../test-support/flush';
import { expectSameState, replay, shortestPaths, unreachedStates, type MachineModel } from '../test-support/model-paths';
import {
  backoffMs, BACKOFF_MAX_MS, natsFeedMachine, renewInMs, RENEW_RETRY_MS, type FetchedCredentials, type LinkCommand, type LinkEvent,
} from './nats-feed.machine';

const TTL_MS = 600_000;
const creds = (jwt: string, at = 0): FetchedCredentials => ({
  credentials: { servers: ['ws://127.0.0.1:4223'], jwt, expiresAt: at + TTL_MS, subjects: ['wdiov.000000.pos.*'] },
  at,
});

/** The machine on a simulated clock; each fetch answers the next of `answers` (an Error rejects). */
function setupFeed(answers: (FetchedCredentials | Error)[]) {
  const fake = { fetches: 0, links: [] as NatsCredentials[], renewed: [] as string[], stops: 0, sendBack: (_e: LinkEvent) => {} };
  const machine = natsFeedMachine.provide({
    actors: {
      fetchCredentials: fromPromise(async () => {
        const answer = answers[Math.min(fake.fetches++, answers.length - 1)]!;
        if (answer instanceof Error) throw answer;
        return answer;
      }),
      link: fromCallback<LinkCommand, { credentials: NatsCredentials }>(({ input, sendBack, receive }) => {
        fake.links.push(input.credentials);
        fake.sendBack = sendBack as (e: LinkEvent) => void;
        receive((c) => fake.renewed.push(c.credentials.jwt));
        return () => void fake.stops++;
      }),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { clock }).start();
  return { actor, fake, advance: (ms: number) => advanceClock(clock, ms), state: () => actor.getSnapshot().value };
}

describe('nats feed machine', () => {
  it('connects with the fetched credentials and renews them at two thirds of their life, on the same link', async () => {
    const s = setupFeed([creds('jwt-1'), creds('jwt-2', 400_000)]);
    s.actor.send({ type: 'START' });
    await flush();
    expect(s.state()).toEqual({ live: 'connecting' });
    expect(s.fake.links.map((c) => c.jwt)).toEqual(['jwt-1']);
    s.fake.sendBack({ type: 'LINK_UP' });
    expect(s.actor.getSnapshot().hasTag('connected')).toBe(true);
    await s.advance(399_000);
    expect(s.fake.fetches).toBe(1);
    await s.advance(1_000);
    // Renewed: the link got the new credentials and was never stopped (no gap in the feed).
    expect(s.fake.fetches).toBe(2);
    expect(s.fake.renewed).toEqual(['jwt-2']);
    expect(s.fake.stops).toBe(0);
    expect(s.state()).toEqual({ live: 'open' });
    await s.advance(400_000);
    expect(s.fake.fetches).toBe(3);
  });

  it('keeps the link while a renewal fails, and tries again', async () => {
    const s = setupFeed([creds('jwt-1'), new Error('offline'), creds('jwt-2', 405_000)]);
    s.actor.send({ type: 'START' });
    await flush();
    s.fake.sendBack({ type: 'LINK_UP' });
    await s.advance(400_000);
    expect(s.state()).toEqual({ live: 'retryRenew' });
    expect(s.actor.getSnapshot().hasTag('connected')).toBe(true);
    await s.advance(RENEW_RETRY_MS);
    expect(s.fake.renewed).toEqual(['jwt-2']);
    expect(s.state()).toEqual({ live: 'open' });
    expect(s.fake.stops).toBe(0);
  });

  it('settles on the position socket when the gateway offers no nats.ws feed', async () => {
    const s = setupFeed([{ credentials: null, at: 0 }]);
    s.actor.send({ type: 'START' });
    await flush();
    expect(s.state()).toBe('unavailable');
    expect(s.fake.links).toEqual([]);
    await s.advance(60_000);
    expect(s.fake.fetches).toBe(1);
  });

  it('reconnects after a drop with a growing backoff, reset once connected', async () => {
    const s = setupFeed([creds('jwt')]);
    s.actor.send({ type: 'START' });
    await flush();
    const waits: number[] = [];
    for (let drop = 0; drop < 7; drop++) {
      s.fake.sendBack({ type: 'LINK_DOWN' });
      const before = s.fake.links.length;
      let waited = 0;
      while (s.fake.links.length === before) {
        await s.advance(1_000);
        waited += 1_000;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, BACKOFF_MAX_MS, BACKOFF_MAX_MS]);
    s.fake.sendBack({ type: 'LINK_UP' });
    s.fake.sendBack({ type: 'LINK_DOWN' });
    await s.advance(1_000);
    expect(s.state()).toEqual({ live: 'connecting' });
  });

  it('stops the link on STOP', async () => {
    const s = setupFeed([creds('jwt')]);
    s.actor.send({ type: 'START' });
    await flush();
    s.actor.send({ type: 'STOP' });
    expect(s.state()).toBe('idle');
    expect(s.fake.stops).toBe(1);
  });
});

describe('nats feed machine model', () => {
  // The graph walk needs fixed delays: the computed ones (renewal from the credentials' life, the
  // growing backoff) are checked by the cases above; here each is its first value.
  const machine = natsFeedMachine.provide({ delays: { RENEW: renewInMs(creds('jwt')), BACKOFF: backoffMs(1) } });
  const model: MachineModel<typeof natsFeedMachine> = {
    machine,
    events: [{ type: 'START' }, { type: 'STOP' }, { type: 'LINK_UP' }, { type: 'LINK_DOWN' }],
    outputs: { fetchCredentials: [creds('jwt'), { credentials: null, at: 0 }] },
    // The link is a callback actor: the model's LINK_UP and LINK_DOWN stand for what it sends back.
    actors: { link: fromCallback(() => () => {}) },
  };
  const paths = shortestPaths(model);

  it('reaches every state', () => {
    expect(unreachedStates(model, paths)).toEqual([]);
  });

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    await replay(model, path, expectSameState);
  });
});
