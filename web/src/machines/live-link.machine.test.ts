import { describe, expect, it } from 'vitest';
import { firstValueFrom, take, toArray } from 'rxjs';
import { createActor, fromCallback, fromPromise, SimulatedClock, type AnyMachineSnapshot } from 'xstate';
import { SocketCmd, type AlarmCardData, type ServerSocketMessage } from '@wdiov/contracts/live/socket-messages';
import type { NatsCredentials } from '@wdiov/contracts/nats/position-message';
import { socketMessages } from '../live/socket-stream';
import { parseSocketFrame } from '../live/socket-frame';
import { advanceClock, flush } from '../test-support/flush';
import { replay, shortestPaths, unreachedStates, withRules, type MachineModel } from '../test-support/model-paths';
import {
  backoffMs, BACKOFF_MAX_MS, CATCH_UP_MARGIN_MS, CATCH_UP_RETRY_MS, liveLinkMachine, MAX_CARDS, renewInMs, RENEW_RETRY_MS,
  type FetchedCredentials, type LinkCommand, type LinkEvent, type LiveLinkContext, type LiveLinkInput,
} from './live-link.machine';

const alarmCard = (vin: string, level?: number, id?: string): AlarmCardData =>
  ({ type: 0, id, alarmType: '3', alarmName: '温度差异报警', vin, carPlate: '粤B12345', espeed: 42, stime: '2025-01-01 08:00:00', duration: 12, level });
const alarmFrame = (vin: string, level?: number, id?: string) =>
  JSON.stringify({ code: 200, cmd: 1200, msg: '', ts: 1, data: alarmCard(vin, level, id) });
/** Sign-in on the simulated clock: its start (xstate's SimulatedClock starts at 0). */
const SIGN_IN_AT = 0;
const TTL_MS = 600_000;
const creds = (jwt: string, at = 0): FetchedCredentials => ({
  credentials: { servers: ['ws://127.0.0.1:4223'], jwt, expiresAt: at + TTL_MS, subjects: ['wdiov.000000.pos.*'], cards: 'wdiov.000000.user.1' },
  at,
});
const NO_FEED: FetchedCredentials = { credentials: null, at: 0 };

/**
 * The machine on a simulated clock over fake transports: the socket switch answers `switchValue`,
 * each credentials fetch the next of `answers` (an Error rejects).
 */
function setupLink(
  input: LiveLinkInput,
  { switchValue = '1', answers = [creds('jwt-1')] as (FetchedCredentials | Error)[], missed = [[]] as (AlarmCardData[] | Error)[] } = {},
) {
  const fake = {
    /** What each transport actor started with: the socket's token or the nats.ws JWT. */
    starts: [] as string[],
    stops: 0,
    commands: [] as LinkCommand['type'][],
    renewed: [] as string[],
    fetches: 0,
    sendBack: (_event: LinkEvent) => {},
    warnings: [] as string[],
    logouts: 0,
    /** The `since` of each catch-up asked. */
    catchUps: [] as number[],
  };
  const link = <I,>(startedWith: (input: I) => string) =>
    fromCallback<LinkCommand, I>(({ sendBack, receive, input }) => {
      fake.starts.push(startedWith(input));
      fake.sendBack = sendBack as (event: LinkEvent) => void;
      receive((command) => {
        fake.commands.push(command.type);
        if (command.type === 'RENEW') fake.renewed.push(command.credentials.jwt);
      });
      return () => void fake.stops++;
    });
  const machine = liveLinkMachine.provide({
    actors: {
      fetchSocketSwitch: fromPromise(async () => switchValue),
      socketLink: link<{ token: string }>((i) => `socket:${i.token}`),
      fetchCredentials: fromPromise(async () => {
        const answer = answers[Math.min(fake.fetches++, answers.length - 1)]!;
        if (answer instanceof Error) throw answer;
        return answer;
      }),
      natsLink: link<{ credentials: NatsCredentials }>((i) => `nats:${i.credentials.jwt}`),
      warnUser: fromPromise(async ({ input }: { input: { message: string } }) => {
        fake.warnings.push(input.message);
      }),
      forceLogout: fromPromise(async () => {
        fake.logouts += 1;
      }),
      fetchMissedCards: fromPromise(async ({ input: { since } }: { input: { since: number } }) => {
        const answer = missed[Math.min(fake.catchUps.length, missed.length - 1)]!;
        fake.catchUps.push(since);
        if (answer instanceof Error) throw answer;
        return answer;
      }),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { clock, input: { now: () => clock.now(), ...input } }).start();
  /** A frame from the server, through the same parser as the real transports. */
  const receiveFrame = (raw: string) => {
    const message = parseSocketFrame(raw);
    fake.sendBack(message ? { type: 'MESSAGE', message } : { type: 'INVALID_FRAME' });
  };
  const open = async () => {
    actor.send({ type: 'OPEN', token: 'tok' });
    await flush();
    fake.sendBack({ type: 'CONNECTED' });
  };
  return { actor, fake, receiveFrame, open, advance: (ms: number) => advanceClock(clock, ms), state: () => actor.getSnapshot().value };
}

const SOCKET: LiveLinkInput = { transport: 'socket' };
const NATS: LiveLinkInput = { transport: 'nats' };
const SHELL: LiveLinkInput = { transport: 'nats', shell: true };

describe('live link over the gateway socket', () => {
  it('stays closed when alarm.websocket.switch is not 1', async () => {
    const s = setupLink(SOCKET, { switchValue: '0' });
    s.actor.send({ type: 'OPEN', token: 'tok' });
    await flush();
    expect(s.state()).toBe('disabled');
    expect(s.fake.starts).toHaveLength(0);
  });

  it('opens with the access token when the switch is 1', async () => {
    const s = setupLink(SOCKET);
    await s.open();
    expect(s.fake.starts).toEqual(['socket:tok']);
    expect(s.actor.getSnapshot().hasTag('connected')).toBe(true);
  });

  it('sends a heartbeat every 30 s and checks the status every 10 s', async () => {
    const s = setupLink(SOCKET);
    await s.open();
    const sent = (type: LinkCommand['type']) => s.fake.commands.filter((c) => c === type).length;
    await s.advance(29_999);
    expect(sent('SEND_HEARTBEAT')).toBe(0);
    await s.advance(1);
    expect(sent('SEND_HEARTBEAT')).toBe(1);
    await s.advance(30_000);
    expect(sent('SEND_HEARTBEAT')).toBe(2);
    expect(sent('CHECK_STATUS')).toBe(6);
  });

  it('retries every 10 s after an error', async () => {
    const s = setupLink(SOCKET);
    await s.open();
    s.fake.sendBack({ type: 'DISCONNECTED' });
    expect(s.state()).toBe('backoff');
    expect(s.fake.stops).toBe(1);
    await s.advance(9_999);
    expect(s.fake.starts).toHaveLength(1);
    await s.advance(1);
    expect(s.fake.starts).toHaveLength(2);
    s.fake.sendBack({ type: 'DISCONNECTED' });
    await s.advance(10_000);
    expect(s.fake.starts).toHaveLength(3);
    expect(s.actor.getSnapshot().context.retries).toBe(2);
  });

  it('shows alarm cards on cmd 1200 and hides them on any other message', async () => {
    const s = setupLink(SOCKET);
    await s.open();
    s.receiveFrame(alarmFrame('VIN1'));
    s.receiveFrame(alarmFrame('VIN2'));
    expect(s.actor.getSnapshot().context.cards.map((c) => c.card.vin)).toEqual(['VIN2', 'VIN1']);
    s.receiveFrame(JSON.stringify({ code: 200, cmd: 1001, msg: 'pong', ts: 2 }));
    expect(s.actor.getSnapshot().context.cards).toEqual([]);
  });

  it('shows a level-4 card on top and keeps it while lower ones arrive after it', async () => {
    const s = setupLink(SOCKET);
    await s.open();
    s.receiveFrame(alarmFrame('RUNAWAY', 4));
    for (let i = 1; i <= 6; i++) s.receiveFrame(alarmFrame(`VIN${i}`, 1 + (i % 3)));
    const cards = s.actor.getSnapshot().context.cards;
    expect(cards.map((c) => [c.card.vin, c.card.level])).toEqual([
      ['RUNAWAY', 4], ['VIN5', 3], ['VIN2', 3], ['VIN4', 2], ['VIN1', 2], ['VIN6', 1], ['VIN3', 1],
    ]);
  });

  it(`keeps ${MAX_CARDS} cards waiting at most, dropping the least severe and oldest; dismiss-all clears them`, async () => {
    const s = setupLink(SOCKET);
    await s.open();
    s.receiveFrame(alarmFrame('RUNAWAY', 4));
    for (let i = 1; i <= MAX_CARDS + 5; i++) s.receiveFrame(alarmFrame(`VIN${i}`, 1));
    const cards = s.actor.getSnapshot().context.cards;
    expect(cards).toHaveLength(MAX_CARDS);
    expect(cards[0]!.card.vin).toBe('RUNAWAY');
    expect(cards[1]!.card.vin).toBe(`VIN${MAX_CARDS + 5}`);
    expect(cards.at(-1)!.card.vin).toBe('VIN7');
    s.actor.send({ type: 'DISMISS_ALL_CARDS' });
    expect(s.actor.getSnapshot().context.cards).toEqual([]);
  });

  it('shows a card with an id once, even when it comes again', async () => {
    const s = setupLink(SOCKET);
    await s.open();
    s.receiveFrame(alarmFrame('VIN1', 2, '11'));
    s.receiveFrame(alarmFrame('VIN1', 2, '11'));
    s.receiveFrame(alarmFrame('VIN2', 2));
    s.receiveFrame(alarmFrame('VIN2', 2));
    expect(s.actor.getSnapshot().context.cards.map((c) => c.card.vin)).toEqual(['VIN2', 'VIN2', 'VIN1']);
    // Dismissed, it stays dismissed when the same card comes again.
    s.actor.send({ type: 'DISMISS_CARD', index: s.actor.getSnapshot().context.cards.at(-1)!.key });
    s.receiveFrame(alarmFrame('VIN1', 2, '11'));
    expect(s.actor.getSnapshot().context.cards.map((c) => c.card.vin)).toEqual(['VIN2', 'VIN2']);
  });

  it('gives a waiting card the address that follows it, and shows it no second time', async () => {
    const s = setupLink(SOCKET);
    await s.open();
    s.receiveFrame(JSON.stringify({ code: 200, cmd: 1200, msg: '', ts: 1, data: { ...alarmCard('VIN1', 2, '21'), address: '广东省深圳市', location: { address: '', district: '广东省深圳市' } } }));
    s.receiveFrame(JSON.stringify({ code: 200, cmd: 1200, msg: '', ts: 2, data: { ...alarmCard('VIN1', 2, '21'), address: '深圳市南山区科苑路', location: { address: '深圳市南山区科苑路', district: '广东省深圳市' } } }));
    const cards = s.actor.getSnapshot().context.cards;
    expect(cards).toHaveLength(1);
    expect(cards[0]!.card).toMatchObject({ id: '21', address: '深圳市南山区科苑路', location: { address: '深圳市南山区科苑路' } });
  });

  it('hides the cards on a position batch too: only 1200 and 8860 belong on this link', async () => {
    const s = setupLink(SOCKET);
    await s.open();
    s.receiveFrame(alarmFrame('VIN1'));
    s.receiveFrame(JSON.stringify({ code: 0, cmd: 1300, msg: '', ts: 2, data: [] }));
    expect(s.actor.getSnapshot().context.cards).toEqual([]);
  });

  it('counts frames that fail the contract schema and ignores them', async () => {
    const s = setupLink(SOCKET);
    await s.open();
    s.receiveFrame(alarmFrame('VIN1'));
    s.receiveFrame('{"cmd":1200,"data":{}}');
    s.receiveFrame('not json');
    expect(s.actor.getSnapshot().context.invalidFrames).toBe(2);
    expect(s.actor.getSnapshot().context.cards).toHaveLength(1);
  });

  it('closes on CLOSE (reaching /login) and clears the cards', async () => {
    const s = setupLink(SOCKET);
    await s.open();
    s.receiveFrame(alarmFrame('VIN1'));
    s.actor.send({ type: 'CLOSE' });
    expect(s.state()).toBe('closed');
    expect(s.actor.getSnapshot().context.cards).toEqual([]);
    expect(s.fake.stops).toBe(1);
    await s.advance(60_000);
    expect(s.fake.starts).toHaveLength(1);
  });

  it('exposes every parsed message as an RxJS stream', async () => {
    const s = setupLink(SOCKET);
    await s.open();
    const received = firstValueFrom(socketMessages(s.actor).pipe(take(2), toArray()));
    s.receiveFrame(alarmFrame('VIN1'));
    s.receiveFrame(JSON.stringify({ code: 200, cmd: 1001, msg: '', ts: 4 }));
    const messages: ServerSocketMessage[] = await received;
    expect(messages.map((m) => m.cmd)).toEqual([SocketCmd.alarmCard, SocketCmd.heartbeat]);
  });
});

describe('live link over nats.ws', () => {
  it('connects with the fetched credentials and renews them at two thirds of their life, on the same link', async () => {
    const s = setupLink(NATS, { answers: [creds('jwt-1'), creds('jwt-2', 400_000)] });
    s.actor.send({ type: 'OPEN' });
    await flush();
    expect(s.state()).toEqual({ live: { link: 'connecting', transport: { nats: 'valid' } } });
    expect(s.fake.starts).toEqual(['nats:jwt-1']);
    s.fake.sendBack({ type: 'CONNECTED' });
    expect(s.actor.getSnapshot().hasTag('connected')).toBe(true);
    await s.advance(399_000);
    expect(s.fake.fetches).toBe(1);
    await s.advance(1_000);
    // Renewed: the link got the new credentials and was never stopped (no gap in the feed).
    expect(s.fake.fetches).toBe(2);
    expect(s.fake.renewed).toEqual(['jwt-2']);
    expect(s.fake.stops).toBe(0);
    expect(s.state()).toEqual({ live: { link: 'open', transport: { nats: 'valid' } } });
    await s.advance(400_000);
    expect(s.fake.fetches).toBe(3);
    // No socket beat on nats.ws.
    expect(s.fake.commands.filter((c) => c !== 'RENEW')).toEqual([]);
  });

  it('keeps the link while a renewal fails, and tries again', async () => {
    const s = setupLink(NATS, { answers: [creds('jwt-1'), new Error('offline'), creds('jwt-2', 405_000)] });
    await s.open();
    await s.advance(400_000);
    expect(s.state()).toEqual({ live: { link: 'open', transport: { nats: 'retryRenew' } } });
    expect(s.actor.getSnapshot().hasTag('connected')).toBe(true);
    await s.advance(RENEW_RETRY_MS);
    expect(s.fake.renewed).toEqual(['jwt-2']);
    expect(s.state()).toEqual({ live: { link: 'open', transport: { nats: 'valid' } } });
    expect(s.fake.stops).toBe(0);
  });

  it('settles in unavailable when the gateway offers no nats.ws feed', async () => {
    const s = setupLink(NATS, { answers: [NO_FEED] });
    s.actor.send({ type: 'OPEN' });
    await flush();
    expect(s.state()).toBe('unavailable');
    expect(s.fake.starts).toEqual([]);
    await s.advance(60_000);
    expect(s.fake.fetches).toBe(1);
  });

  it('as the shell\'s link, falls back to the gateway socket, and prefers nats.ws again at the next sign-in', async () => {
    const s = setupLink(SHELL, { answers: [NO_FEED, creds('jwt-1')] });
    await s.open();
    expect(s.fake.starts).toEqual(['socket:tok']);
    expect(s.actor.getSnapshot().hasTag('connected')).toBe(true);
    s.actor.send({ type: 'CLOSE' });
    await s.open();
    expect(s.fake.starts).toEqual(['socket:tok', 'nats:jwt-1']);
  });

  it('reconnects after a drop with a growing backoff and new credentials, reset once connected', async () => {
    const s = setupLink(NATS);
    s.actor.send({ type: 'OPEN' });
    await flush();
    const waits: number[] = [];
    for (let drop = 0; drop < 7; drop++) {
      s.fake.sendBack({ type: 'DISCONNECTED' });
      const before = s.fake.starts.length;
      let waited = 0;
      while (s.fake.starts.length === before) {
        await s.advance(1_000);
        waited += 1_000;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, BACKOFF_MAX_MS, BACKOFF_MAX_MS]);
    expect(s.fake.fetches).toBe(8);
    s.fake.sendBack({ type: 'CONNECTED' });
    s.fake.sendBack({ type: 'DISCONNECTED' });
    await s.advance(1_000);
    expect(s.state()).toEqual({ live: { link: 'connecting', transport: { nats: 'valid' } } });
  });

  it('shows cards and obeys a forced logout that arrive over nats.ws', async () => {
    const s = setupLink(NATS);
    await s.open();
    s.receiveFrame(alarmFrame('VIN1'));
    expect(s.actor.getSnapshot().context.cards.map((c) => c.card.vin)).toEqual(['VIN1']);
    s.receiveFrame(JSON.stringify({ code: 200, cmd: 8860, msg: '账号已被删除', ts: 3 }));
    await flush();
    expect(s.fake.warnings).toEqual(['账号已被删除']);
    expect(s.fake.stops).toBe(1);
  });

  it('stops the link on CLOSE', async () => {
    const s = setupLink(NATS);
    s.actor.send({ type: 'OPEN' });
    await flush();
    s.actor.send({ type: 'CLOSE' });
    expect(s.state()).toBe('closed');
    expect(s.fake.stops).toBe(1);
  });
});

describe('the shell\'s live link over nats.ws', () => {
  it('stays closed when alarm.websocket.switch is not 1, as over the socket', async () => {
    const s = setupLink(SHELL, { switchValue: '0' });
    s.actor.send({ type: 'OPEN', token: 'tok' });
    await flush();
    expect(s.state()).toBe('disabled');
    expect(s.fake.fetches).toBe(0);
  });

  it('takes cards over nats.ws when the switch is 1 and the gateway offers it', async () => {
    const s = setupLink(SHELL);
    await s.open();
    expect(s.fake.starts).toEqual(['nats:jwt-1']);
    s.receiveFrame(alarmFrame('VIN1'));
    expect(s.actor.getSnapshot().context.cards.map((c) => c.card.vin)).toEqual(['VIN1']);
  });
});

describe('live link, either transport', () => {
  it.each([SOCKET, NATS])('cmd 8860 over $transport warns with the server message, then logs out after 0.5 s', async (input) => {
    const s = setupLink(input);
    await s.open();
    s.receiveFrame(JSON.stringify({ code: 200, cmd: 8860, msg: '账号在别处登录', ts: 3 }));
    await flush();
    expect(s.fake.warnings).toEqual(['账号在别处登录']);
    expect(s.fake.stops).toBe(1);
    await s.advance(499);
    expect(s.fake.logouts).toBe(0);
    await s.advance(1);
    expect(s.fake.logouts).toBe(1);
    expect(s.state()).toBe('closed');
  });
});

describe('cards missed while the link was down', () => {
  it('asks, once the link is up after sign-in, for the cards opened since sign-in and shows each once beside the live ones', async () => {
    const s = setupLink(SOCKET, { missed: [[alarmCard('EARLY1', 2, '1'), alarmCard('EARLY2', 3, '2'), alarmCard('LIVE', 1, '3')]] });
    const emitted: ServerSocketMessage[] = [];
    socketMessages(s.actor).subscribe((m) => emitted.push(m));
    await s.advance(5_000);
    s.actor.send({ type: 'OPEN', token: 'tok' });
    await flush();
    // The live call of card 3 comes before the catch-up answers: shown once all the same.
    s.fake.sendBack({ type: 'CONNECTED' });
    s.receiveFrame(alarmFrame('LIVE', 1, '3'));
    await flush();
    expect(s.fake.catchUps).toEqual([SIGN_IN_AT + 5_000 - CATCH_UP_MARGIN_MS]);
    expect(s.actor.getSnapshot().context.cards.map((c) => c.card.vin)).toEqual(['EARLY2', 'EARLY1', 'LIVE']);
    // The inbox (a reader of the messages) gets each once too.
    expect(emitted.map((m) => (m.cmd === SocketCmd.alarmCard ? m.data.vin : m.cmd))).toEqual(['LIVE', 'EARLY1', 'EARLY2']);
    expect(s.actor.getSnapshot().context.missedSince).toBeNull();
  });

  it('after a drop, asks for the cards opened since the drop; what was shown or dismissed before stays as it was', async () => {
    const before = alarmCard('BEFORE', 3, '10');
    const during = alarmCard('DURING', 2, '11');
    const s = setupLink(SOCKET, { missed: [[before], [before, during]] });
    await s.open();
    await flush();
    const card = s.actor.getSnapshot().context.cards[0]!;
    s.actor.send({ type: 'DISMISS_CARD', index: card.key });
    await s.advance(60_000);
    s.fake.sendBack({ type: 'DISCONNECTED' });
    await s.advance(10_000);
    s.fake.sendBack({ type: 'CONNECTED' });
    await flush();
    expect(s.fake.catchUps).toEqual([SIGN_IN_AT - CATCH_UP_MARGIN_MS, 60_000 - CATCH_UP_MARGIN_MS]);
    expect(s.actor.getSnapshot().context.cards.map((c) => c.card.vin)).toEqual(['DURING']);
  });

  it('asks again while the link stays up when the gateway could not answer, from the same time', async () => {
    const s = setupLink(SOCKET, { missed: [new Error('503'), [alarmCard('LATE', 2, '20')]] });
    await s.advance(2_000);
    await s.open();
    await flush();
    expect(s.actor.getSnapshot().context.cards).toEqual([]);
    await s.advance(CATCH_UP_RETRY_MS);
    expect(s.fake.catchUps).toEqual([2_000 - CATCH_UP_MARGIN_MS, 2_000 - CATCH_UP_MARGIN_MS]);
    expect(s.actor.getSnapshot().context.cards.map((c) => c.card.vin)).toEqual(['LATE']);
  });

  it('forgets what it showed at sign-out: the next sign-in shows its missed cards afresh', async () => {
    const s = setupLink(SOCKET, { missed: [[alarmCard('A', 2, '30')]] });
    await s.open();
    await flush();
    s.actor.send({ type: 'CLOSE' });
    await s.open();
    await flush();
    expect(s.fake.catchUps).toHaveLength(2);
    expect(s.actor.getSnapshot().context.cards.map((c) => c.card.vin)).toEqual(['A']);
  });
});

/**
 * One transport link exactly while live, none at rest; the nats.ws link runs only on fetched
 * credentials; an open link has no failures counted, a backoff at least one; a forced logout has
 * the server's words to show; shown cards have distinct keys below the next one.
 */
function liveLinkRules(s: AnyMachineSnapshot): void {
  const c = s.context as LiveLinkContext;
  const children = Object.keys(s.children);
  expect(children.filter((id) => id === 'link'), 'the transport link').toHaveLength(s.matches('live') ? 1 : 0);
  if (s.matches('closed') || s.matches('disabled')) expect(children, 'nothing runs at rest').toEqual([]);
  if (s.matches({ live: { transport: 'nats' } })) {
    expect(c.transport).toBe('nats');
    expect(c.fetched?.credentials, 'nats.ws on fetched credentials').toBeTruthy();
  }
  if (s.matches({ live: { transport: 'socket' } })) expect(c.transport).toBe('socket');
  if (s.hasTag('connected')) expect(c.retries, 'an open link counts no failure').toBe(0);
  if (s.matches('backoff')) expect(c.retries, 'a backoff follows a failure').toBeGreaterThan(0);
  if (s.matches('forcedLogout')) expect(c.logoutMessage).not.toBe('');
  const keys = c.cards.map((card) => card.key);
  expect(new Set(keys).size, 'card keys are distinct').toBe(keys.length);
  expect(keys.every((k) => k < c.nextKey), 'card keys are below the next one').toBe(true);
}

describe('live link model', () => {
  const message = (raw: string) => parseSocketFrame(raw)!;
  // The graph walk needs fixed delays: the computed ones (renewal from the credentials' life, the
  // growing backoff) are checked by the cases above; here each is its first value.
  // A failed catch-up's retry runs beside the renewal timer; the walk moves the clock for one timer
  // at a time, so here the retry comes after any renewal (its own timing is checked above).
  const machine = liveLinkMachine.provide({ delays: { RENEW: renewInMs(creds('jwt')), BACKOFF: backoffMs(1), CATCH_UP_RETRY: 10 * renewInMs(creds('jwt')) } });
  // One fixed clock for the walk and its replays: the states they compare hold the catch-up times.
  const fixedNow = () => 0;
  const modelOf = (input: LiveLinkInput): MachineModel<typeof liveLinkMachine> => ({
    machine,
    input: { ...input, now: fixedNow },
    events: [
      { type: 'OPEN', token: 'tok' },
      { type: 'CLOSE' },
      { type: 'CONNECTED' },
      { type: 'DISCONNECTED' },
      { type: 'INVALID_FRAME' },
      { type: 'MESSAGE', message: message(alarmFrame('LVIN0000000000001', 3)) },
      { type: 'MESSAGE', message: message(JSON.stringify({ code: 200, cmd: SocketCmd.forcedLogout, msg: '您的账号已在别处登录', ts: 1, data: null })) },
      { type: 'DISMISS_CARD', index: 1 },
      { type: 'DISMISS_ALL_CARDS' },
    ],
    outputs: { fetchSocketSwitch: ['1', '0'], fetchCredentials: [creds('jwt'), NO_FEED], fetchMissedCards: [[alarmCard('LVIN0000000000002', 2, '7')]] },
    // The transports are callback actors: the model's CONNECTED, MESSAGE … stand for what they send back.
    actors: { socketLink: fromCallback(() => () => {}), natsLink: fromCallback(() => () => {}) },
  });
  const models = { socket: modelOf(SOCKET), nats: modelOf(NATS), shell: modelOf(SHELL) };

  it('reaches every state over the two transports', () => {
    const reached = Object.values(models).map((m) => new Set(unreachedStates(m, shortestPaths(m))));
    const neverReached = [...reached[0]!].filter((id) => reached.every((r) => r.has(id)));
    expect(neverReached).toEqual([]);
  });

  for (const [name, model] of Object.entries(models)) {
    const paths = shortestPaths(model);
    it.each(paths.map((p) => [p.name, p] as const))(`${name}: %s`, async (_name, path) => {
      await replay(model, path, withRules(liveLinkRules));
    });
  }
});
