import { assign, emit, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import { SocketCmd, type AlarmCardData, type ServerSocketMessage } from '@wdiov/contracts/live/socket-messages';
import { mostSevereFirst } from '../live/alarm-card-view';

export const HEARTBEAT_INTERVAL_MS = 30_000;
export const STATUS_CHECK_INTERVAL_MS = 10_000;
export const RETRY_INTERVAL_MS = 10_000;
/** Cmd 8860: the warning stays readable for this long before the logout. */
export const FORCED_LOGOUT_DELAY_MS = 500;
/** Cards stack bottom right; older ones drop off beyond this. */
export const MAX_CARDS = 5;

/** Events the connection actor sends up. */
export type ConnectionEvent =
  | { type: 'CONNECTED' }
  | { type: 'DISCONNECTED' }
  | { type: 'MESSAGE'; message: ServerSocketMessage }
  | { type: 'INVALID_FRAME' };

/** Events the machine sends down to the connection actor. */
export type ConnectionCommand = { type: 'SEND_HEARTBEAT' } | { type: 'CHECK_STATUS' };

export type SocketEvent =
  | { type: 'OPEN'; token: string }
  | { type: 'CLOSE' }
  | { type: 'DISMISS_CARD'; index: number }
  | ConnectionEvent;

export interface ShownCard {
  /** Stable key for rendering and dismissing. */
  key: number;
  card: AlarmCardData;
}

export interface SocketContext {
  token: string;
  cards: ShownCard[];
  nextKey: number;
  retries: number;
  invalidFrames: number;
  logoutMessage: string;
}

const notProvided = (name: string) => () => Promise.reject(new Error(`socket actor ${name} not provided`));

const cmdOf = (event: SocketEvent) => (event.type === 'MESSAGE' ? event.message.cmd : undefined);

export const socketMachine = setup({
  types: {
    context: {} as SocketContext,
    events: {} as SocketEvent,
    emitted: {} as { type: 'message'; message: ServerSocketMessage },
    tags: {} as 'connected',
  },
  actors: {
    /** Reads param alarm.websocket.switch ('1' opens the socket). */
    fetchSocketSwitch: fromPromise<string, void>(notProvided('fetchSocketSwitch')),
    connection: fromCallback<ConnectionCommand, { token: string }>(() => {
      throw new Error('socket actor connection not provided');
    }),
    warnUser: fromPromise<void, { message: string }>(notProvided('warnUser')),
    forceLogout: fromPromise<void, void>(notProvided('forceLogout')),
  },
  delays: {
    HEARTBEAT: HEARTBEAT_INTERVAL_MS,
    STATUS_CHECK: STATUS_CHECK_INTERVAL_MS,
    RETRY: RETRY_INTERVAL_MS,
    LOGOUT_DELAY: FORCED_LOGOUT_DELAY_MS,
  },
  guards: {
    isSwitchOn: ({ event }) => 'output' in event && String(event.output).trim() === '1',
    isForcedLogout: ({ event }) => cmdOf(event) === SocketCmd.forcedLogout,
    isAlarmCard: ({ event }) => cmdOf(event) === SocketCmd.alarmCard,
  },
  actions: {
    emitMessage: emit(({ event }) => {
      if (event.type !== 'MESSAGE') throw new Error('emitMessage needs MESSAGE');
      return { type: 'message' as const, message: event.message };
    }),
    showCard: assign(({ context, event }) => {
      if (event.type !== 'MESSAGE' || event.message.cmd !== SocketCmd.alarmCard) return {};
      const shown = { key: context.nextKey, card: event.message.data };
      // The most severe stay on top and are the last to drop off.
      return { cards: mostSevereFirst([shown, ...context.cards]).slice(0, MAX_CARDS), nextKey: context.nextKey + 1 };
    }),
    hideCards: assign({ cards: [] }),
  },
}).createMachine({
  id: 'socket',
  context: { token: '', cards: [], nextKey: 1, retries: 0, invalidFrames: 0, logoutMessage: '' },
  initial: 'closed',
  on: {
    CLOSE: { target: '.closed', actions: 'hideCards' },
    DISMISS_CARD: {
      actions: assign({ cards: ({ context, event }) => context.cards.filter((c) => c.key !== event.index) }),
    },
  },
  states: {
    closed: {
      on: { OPEN: { target: 'checkingSwitch', actions: assign({ token: ({ event }) => event.token, retries: 0 }) } },
    },
    checkingSwitch: {
      invoke: {
        src: 'fetchSocketSwitch',
        onDone: [{ guard: 'isSwitchOn', target: 'live' }, { target: 'disabled' }],
        onError: 'disabled',
      },
    },
    // The param says no socket: stay quiet until the next sign-in.
    disabled: {},
    live: {
      type: 'parallel',
      invoke: { id: 'connection', src: 'connection', input: ({ context }) => ({ token: context.token }) },
      on: {
        DISCONNECTED: 'retrying',
        INVALID_FRAME: { actions: assign({ invalidFrames: ({ context }) => context.invalidFrames + 1 }) },
        MESSAGE: [
          { guard: 'isForcedLogout', target: 'forcedLogout', actions: ['emitMessage', assign({ logoutMessage: ({ event }) => (event as { message: ServerSocketMessage }).message.msg })] },
          { guard: 'isAlarmCard', actions: ['emitMessage', 'showCard'] },
          // The spec: any other message hides the card (positions travel on their own socket).
          { actions: ['emitMessage', 'hideCards'] },
        ],
      },
      states: {
        link: {
          initial: 'connecting',
          states: {
            connecting: { on: { CONNECTED: 'open' } },
            open: {
              tags: ['connected'],
              entry: assign({ retries: 0 }),
              after: {
                HEARTBEAT: { target: 'open', reenter: true, actions: sendTo('connection', { type: 'SEND_HEARTBEAT' }) },
              },
            },
          },
        },
        statusCheck: {
          initial: 'waiting',
          states: {
            waiting: {
              after: {
                STATUS_CHECK: { target: 'waiting', reenter: true, actions: sendTo('connection', { type: 'CHECK_STATUS' }) },
              },
            },
          },
        },
      },
    },
    retrying: {
      entry: assign({ retries: ({ context }) => context.retries + 1 }),
      after: { RETRY: 'live' },
    },
    forcedLogout: {
      invoke: { src: 'warnUser', input: ({ context }) => ({ message: context.logoutMessage }) },
      after: { LOGOUT_DELAY: 'loggingOut' },
    },
    loggingOut: {
      invoke: { src: 'forceLogout', onDone: 'closed', onError: 'closed' },
    },
  },
});

export type SocketMachine = typeof socketMachine;
