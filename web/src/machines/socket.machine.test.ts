import { describe, expect, it } from 'vitest';
import { firstValueFrom, take, toArray } from 'rxjs';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import { SocketCmd, type ServerSocketMessage } from '@wdiov/contracts/live/socket-messages';
import { socketMessages } from '../live/socket-stream';
import { parseSocketFrame } from '../live/socket-frame';
import { advanceClock, flush } from '../test-support/flush';
import { expectSameState, replay, shortestPaths, unreachedStates, type MachineModel } from '../test-support/model-paths';
import { socketMachine, type ConnectionCommand, type ConnectionEvent } from './socket.machine';

const alarmFrame = (vin: string, level?: number) =>
  JSON.stringify({
    code: 200,
    cmd: 1200,
    msg: '',
    ts: 1,
    data: { type: 0, alarmType: '3', alarmName: '温度差异报警', vin, carPlate: '粤B12345', espeed: 42, stime: '2025-01-01 08:00:00', duration: 12, level },
  });

function setupSocket(switchValue = '1') {
  const fake = {
    starts: [] as string[],
    stops: 0,
    commands: [] as ConnectionCommand['type'][],
    sendBack: (_event: ConnectionEvent) => {},
    warnings: [] as string[],
    logouts: 0,
  };
  const machine = socketMachine.provide({
    actors: {
      fetchSocketSwitch: fromPromise(async () => switchValue),
      connection: fromCallback<ConnectionCommand, { token: string }>(({ sendBack, receive, input }) => {
        fake.starts.push(input.token);
        fake.sendBack = sendBack as (event: ConnectionEvent) => void;
        receive((command) => fake.commands.push(command.type));
        return () => {
          fake.stops += 1;
        };
      }),
      warnUser: fromPromise(async ({ input }: { input: { message: string } }) => {
        fake.warnings.push(input.message);
      }),
      forceLogout: fromPromise(async () => {
        fake.logouts += 1;
      }),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { clock }).start();
  /** A frame from the server, through the same parser as the real connection. */
  const receiveFrame = (raw: string) => {
    const message = parseSocketFrame(raw);
    fake.sendBack(message ? { type: 'MESSAGE', message } : { type: 'INVALID_FRAME' });
  };
  return { actor, fake, receiveFrame, advance: (ms: number) => advanceClock(clock, ms) };
}

async function openSocket(setup: ReturnType<typeof setupSocket>) {
  setup.actor.send({ type: 'OPEN', token: 'tok' });
  await flush();
  setup.fake.sendBack({ type: 'CONNECTED' });
}

describe('socket machine', () => {
  it('stays closed when alarm.websocket.switch is not 1', async () => {
    const s = setupSocket('0');
    s.actor.send({ type: 'OPEN', token: 'tok' });
    await flush();
    expect(s.actor.getSnapshot().value).toBe('disabled');
    expect(s.fake.starts).toHaveLength(0);
  });

  it('opens with the access token when the switch is 1', async () => {
    const s = setupSocket();
    await openSocket(s);
    expect(s.fake.starts).toEqual(['tok']);
    expect(s.actor.getSnapshot().hasTag('connected')).toBe(true);
  });

  it('sends a heartbeat every 30 s and checks the status every 10 s', async () => {
    const s = setupSocket();
    await openSocket(s);
    await s.advance(29_999);
    expect(s.fake.commands.filter((c) => c === 'SEND_HEARTBEAT')).toHaveLength(0);
    await s.advance(1);
    expect(s.fake.commands.filter((c) => c === 'SEND_HEARTBEAT')).toHaveLength(1);
    await s.advance(30_000);
    expect(s.fake.commands.filter((c) => c === 'SEND_HEARTBEAT')).toHaveLength(2);
    expect(s.fake.commands.filter((c) => c === 'CHECK_STATUS')).toHaveLength(6);
  });

  it('retries every 10 s after an error', async () => {
    const s = setupSocket();
    await openSocket(s);
    s.fake.sendBack({ type: 'DISCONNECTED' });
    expect(s.actor.getSnapshot().value).toBe('retrying');
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
    const s = setupSocket();
    await openSocket(s);
    s.receiveFrame(alarmFrame('VIN1'));
    s.receiveFrame(alarmFrame('VIN2'));
    expect(s.actor.getSnapshot().context.cards.map((c) => c.card.vin)).toEqual(['VIN2', 'VIN1']);
    s.receiveFrame(JSON.stringify({ code: 200, cmd: 1001, msg: 'pong', ts: 2 }));
    expect(s.actor.getSnapshot().context.cards).toEqual([]);
  });

  it('shows a level-4 card on top and keeps it while lower ones arrive after it', async () => {
    const s = setupSocket();
    await openSocket(s);
    s.receiveFrame(alarmFrame('RUNAWAY', 4));
    for (let i = 1; i <= 6; i++) s.receiveFrame(alarmFrame(`VIN${i}`, 1 + (i % 3)));
    const cards = s.actor.getSnapshot().context.cards;
    expect(cards).toHaveLength(5);
    expect(cards.map((c) => [c.card.vin, c.card.level])).toEqual([['RUNAWAY', 4], ['VIN5', 3], ['VIN2', 3], ['VIN4', 2], ['VIN1', 2]]);
  });

  it('hides the cards on a position batch too: only 1200 and 8860 belong on this socket', async () => {
    const s = setupSocket();
    await openSocket(s);
    s.receiveFrame(alarmFrame('VIN1'));
    s.receiveFrame(JSON.stringify({ code: 0, cmd: 1300, msg: '', ts: 2, data: [] }));
    expect(s.actor.getSnapshot().context.cards).toEqual([]);
  });

  it('counts frames that fail the contract schema and ignores them', async () => {
    const s = setupSocket();
    await openSocket(s);
    s.receiveFrame(alarmFrame('VIN1'));
    s.receiveFrame('{"cmd":1200,"data":{}}');
    s.receiveFrame('not json');
    expect(s.actor.getSnapshot().context.invalidFrames).toBe(2);
    expect(s.actor.getSnapshot().context.cards).toHaveLength(1);
  });

  it('cmd 8860 warns with the server message, then logs out after 0.5 s', async () => {
    const s = setupSocket();
    await openSocket(s);
    s.receiveFrame(JSON.stringify({ code: 200, cmd: 8860, msg: '账号在别处登录', ts: 3 }));
    await flush();
    expect(s.fake.warnings).toEqual(['账号在别处登录']);
    expect(s.fake.stops).toBe(1);
    await s.advance(499);
    expect(s.fake.logouts).toBe(0);
    await s.advance(1);
    expect(s.fake.logouts).toBe(1);
    expect(s.actor.getSnapshot().value).toBe('closed');
  });

  it('closes on CLOSE (reaching /login) and clears the cards', async () => {
    const s = setupSocket();
    await openSocket(s);
    s.receiveFrame(alarmFrame('VIN1'));
    s.actor.send({ type: 'CLOSE' });
    expect(s.actor.getSnapshot().value).toBe('closed');
    expect(s.actor.getSnapshot().context.cards).toEqual([]);
    expect(s.fake.stops).toBe(1);
    await s.advance(60_000);
    expect(s.fake.starts).toHaveLength(1);
  });

  it('exposes every parsed message as an RxJS stream', async () => {
    const s = setupSocket();
    await openSocket(s);
    const received = firstValueFrom(socketMessages(s.actor).pipe(take(2), toArray()));
    s.receiveFrame(alarmFrame('VIN1'));
    s.receiveFrame(JSON.stringify({ code: 200, cmd: 1001, msg: '', ts: 4 }));
    const messages: ServerSocketMessage[] = await received;
    expect(messages.map((m) => m.cmd)).toEqual([SocketCmd.alarmCard, SocketCmd.heartbeat]);
  });
});

describe('socket machine model', () => {
  const message = (raw: string) => parseSocketFrame(raw)!;
  const model: MachineModel<typeof socketMachine> = {
    machine: socketMachine,
    events: [
      { type: 'OPEN', token: 'tok' },
      { type: 'CLOSE' },
      { type: 'CONNECTED' },
      { type: 'DISCONNECTED' },
      { type: 'INVALID_FRAME' },
      { type: 'MESSAGE', message: message(alarmFrame('LVIN0000000000001', 3)) },
      { type: 'MESSAGE', message: message(JSON.stringify({ code: 200, cmd: SocketCmd.forcedLogout, msg: '您的账号已在别处登录', ts: 1, data: null })) },
      { type: 'DISMISS_CARD', index: 1 },
    ],
    outputs: { fetchSocketSwitch: ['1', '0'] },
    // The connection is a callback actor: the model's CONNECTED, MESSAGE … stand for what it sends back.
    actors: { connection: fromCallback(() => () => {}) },
  };
  const paths = shortestPaths(model);

  it('reaches every state', () => {
    expect(unreachedStates(model, paths)).toEqual([]);
  });

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    await replay(model, path, expectSameState);
  });
});
