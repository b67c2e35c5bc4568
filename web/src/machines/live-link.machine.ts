import { and, assign, emit, enqueueActions, fromCallback, fromPromise, raise, sendTo, setup } from 'xstate';
import { SocketCmd, type AlarmCardData, type ServerSocketMessage } from '@wdiov/contracts/live/socket-messages';
import type { NatsCredentials } from '@wdiov/contracts/nats/position-message';
import { CATCH_UP_MARGIN_MS, CATCH_UP_RETRY_MS, cardMessage, unseen, withCards, withLocation } from './live-cards';

/** The gateway's online-user socket: heartbeat and status check on a fixed beat, a fixed retry. */
export const HEARTBEAT_INTERVAL_MS = 30_000;
export const STATUS_CHECK_INTERVAL_MS = 10_000;
export const RETRY_INTERVAL_MS = 10_000;
/** nats.ws: credentials are renewed when this share of their life has passed (the link swaps without a gap). */
export const RENEW_AT = 2 / 3;
/** A failed renewal is tried again this often while the credentials in use still run. */
export const RENEW_RETRY_MS = 5_000;
/** nats.ws reconnects wait 1 s, 2 s, 4 s … up to 30 s, so a server restart is not met by every browser at once. */
export const BACKOFF_MIN_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;
/** Cmd 8860: the warning stays readable for this long before the logout. */
export const FORCED_LOGOUT_DELAY_MS = 500;
export { CATCH_UP_MARGIN_MS, CATCH_UP_RETRY_MS, MAX_CARDS, MAX_SEEN_CARDS } from './live-cards';

/** How the console reaches its live data: the gateway's socket, or NATS over websockets. */
export type LiveTransport = 'socket' | 'nats';

export interface LiveLinkInput {
  transport: LiveTransport;
  /**
   * The shell's link, the one that carries cards and forced logouts: param alarm.websocket.switch
   * governs it whichever the transport, and where the gateway offers no nats.ws it uses the
   * gateway's socket. Without it (the map's positions) nats.ws alone, settling in `unavailable`.
   */
  shell?: boolean;
  /** The clock cards are caught up by (epoch ms); the machine's tests give a simulated one. */
  now?: () => number;
}

/** What the credentials call answered (null: no nats.ws feed here), and when (epoch ms). */
export interface FetchedCredentials {
  credentials: NatsCredentials | null;
  at: number;
}

/** Events either transport actor sends up. */
export type LinkEvent =
  | { type: 'CONNECTED' }
  | { type: 'DISCONNECTED' }
  | { type: 'MESSAGE'; message: ServerSocketMessage }
  | { type: 'INVALID_FRAME' };

/**
 * Commands down to the transport actor: the socket's beat, or renewed nats.ws credentials (the
 * link opens a connection with them, then drops the old one).
 */
export type LinkCommand = { type: 'SEND_HEARTBEAT' } | { type: 'CHECK_STATUS' } | { type: 'RENEW'; credentials: NatsCredentials };

export type LiveLinkEvent =
  | { type: 'OPEN'; token?: string }
  | { type: 'CLOSE' }
  | { type: 'DISMISS_CARD'; index: number }
  | { type: 'DISMISS_ALL_CARDS' }
  /** Internal: a failed catch-up's time to ask again. */
  | { type: 'CATCH_UP_AGAIN' }
  | LinkEvent;

export interface ShownCard {
  /** Stable key for rendering and dismissing. */
  key: number;
  card: AlarmCardData;
}

export interface LiveLinkContext {
  preferred: LiveTransport;
  shell: boolean;
  /** The transport in use: the preferred one, or the socket once nats.ws turned out not to be offered. */
  transport: LiveTransport;
  token: string;
  fetched: FetchedCredentials | null;
  cards: ShownCard[];
  nextKey: number;
  /** Failed connects or fetches in a row (the nats.ws backoff grows with them). */
  retries: number;
  invalidFrames: number;
  logoutMessage: string;
  now: () => number;
  /** Since when cards may have been missed (epoch ms): sign-in or the link's drop; null once caught up. */
  missedSince: number | null;
  /** Identities of the cards shown so far (cardIdentity), oldest first. */
  seen: string[];
}



const notProvided = (name: string) => () => Promise.reject(new Error(`live link actor ${name} not provided`));
const noCallback = (name: string) => () => {
  throw new Error(`live link actor ${name} not provided`);
};

const cmdOf = (event: LiveLinkEvent) => (event.type === 'MESSAGE' ? event.message.cmd : undefined);

export const backoffMs = (failures: number) => Math.min(BACKOFF_MIN_MS * 2 ** Math.max(0, failures - 1), BACKOFF_MAX_MS);
/** Time from the fetch until renewal is due. */
export const renewInMs = (f: FetchedCredentials | null) => (f?.credentials ? Math.max(0, (f.credentials.expiresAt - f.at) * RENEW_AT) : 0);

/**
 * The console's live connection, over either transport: the gateway's online-user socket (checked
 * by param alarm.websocket.switch, heartbeat, fixed retry) or nats.ws (credentials fetched for the
 * browser's key, renewed before they end, reconnects with a growing backoff). Both deliver the same
 * messages: alarm cards (1200) stack up, a forced logout (8860) warns and then signs out. The
 * transport itself is an actor (`socketLink`, `natsLink`); positions on nats.ws go from the link
 * straight to the map's store, never through the machine.
 */
export const liveLinkMachine = setup({
  types: {
    context: {} as LiveLinkContext,
    events: {} as LiveLinkEvent,
    input: {} as LiveLinkInput,
    emitted: {} as { type: 'message'; message: ServerSocketMessage },
    tags: {} as 'connected',
  },
  actors: {
    /** Reads param alarm.websocket.switch ('1' opens the socket). */
    fetchSocketSwitch: fromPromise<string, void>(notProvided('fetchSocketSwitch')),
    socketLink: fromCallback<LinkCommand, { token: string }>(noCallback('socketLink')),
    fetchCredentials: fromPromise<FetchedCredentials, void>(notProvided('fetchCredentials')),
    natsLink: fromCallback<LinkCommand, { credentials: NatsCredentials }>(noCallback('natsLink')),
    /** The cards opened since `since` (epoch ms) in the caller's scope, oldest first; none where the gateway has no such call. */
    fetchMissedCards: fromPromise<AlarmCardData[], { since: number }>(async () => []),
    warnUser: fromPromise<void, { message: string }>(notProvided('warnUser')),
    forceLogout: fromPromise<void, void>(notProvided('forceLogout')),
  },
  delays: {
    HEARTBEAT: HEARTBEAT_INTERVAL_MS,
    STATUS_CHECK: STATUS_CHECK_INTERVAL_MS,
    RENEW: ({ context }) => renewInMs(context.fetched),
    RENEW_RETRY: RENEW_RETRY_MS,
    BACKOFF: ({ context }) => (context.transport === 'socket' ? RETRY_INTERVAL_MS : backoffMs(context.retries)),
    LOGOUT_DELAY: FORCED_LOGOUT_DELAY_MS,
    CATCH_UP_RETRY: CATCH_UP_RETRY_MS,
  },
  guards: {
    viaNats: ({ context }) => context.transport === 'nats',
    needsSwitch: ({ context }) => context.transport === 'socket' || context.shell,
    isSwitchOn: ({ event }) => 'output' in event && String(event.output).trim() === '1',
    noFeed: ({ event }) => !('output' in event) || !(event.output as FetchedCredentials).credentials,
    isShell: ({ context }) => context.shell,
    isForcedLogout: ({ event }) => cmdOf(event) === SocketCmd.forcedLogout,
    isAlarmCard: ({ event }) => cmdOf(event) === SocketCmd.alarmCard,
    isNewCard: ({ context, event }) =>
      event.type === 'MESSAGE' && event.message.cmd === SocketCmd.alarmCard && unseen([event.message.data], context.seen).length === 1,
  },
  actions: {
    emitMessage: emit(({ event }) => {
      if (event.type !== 'MESSAGE') throw new Error('emitMessage needs MESSAGE');
      return { type: 'message' as const, message: event.message };
    }),
    showCard: assign(({ context, event }) => {
      if (event.type !== 'MESSAGE' || event.message.cmd !== SocketCmd.alarmCard) return {};
      return withCards(context, [event.message.data]);
    }),
    updateCardLocation: assign(({ context, event }) => {
      if (event.type !== 'MESSAGE' || event.message.cmd !== SocketCmd.alarmCard) return {};
      return withLocation(context, event.message.data);
    }),
    /** Missed cards are shown as if they had come live (and go to whoever reads the messages, the inbox too). */
    showMissedCards: enqueueActions(({ context, event, enqueue }) => {
      const missed = unseen((event as unknown as { output: AlarmCardData[] }).output, context.seen);
      const ts = context.now();
      for (const card of missed) enqueue.emit({ type: 'message', message: cardMessage(card, ts) });
      enqueue.assign({ ...withCards(context, missed), missedSince: null });
    }),
    noteDrop: assign({ missedSince: ({ context }) => context.missedSince ?? context.now() }),
    hideCards: assign({ cards: [] }),
    keepFetched: assign({ fetched: ({ event }) => (event as unknown as { output: FetchedCredentials }).output }),
    useSocket: assign({ transport: 'socket' as LiveTransport, fetched: null }),
  },
}).createMachine({
  id: 'liveLink',
  context: ({ input }) => ({
    preferred: input.transport, shell: input.shell ?? false, transport: input.transport,
    token: '', fetched: null, cards: [], nextKey: 1, retries: 0, invalidFrames: 0, logoutMessage: '',
    now: input.now ?? Date.now, missedSince: null, seen: [],
  }),
  initial: 'closed',
  on: {
    CLOSE: {
      target: '.closed',
      actions: ['hideCards', assign({ transport: ({ context }) => context.preferred, fetched: null, retries: 0, seen: [], missedSince: null })],
    },
    DISMISS_CARD: {
      actions: assign({ cards: ({ context, event }) => context.cards.filter((c) => c.key !== event.index) }),
    },
    DISMISS_ALL_CARDS: { actions: 'hideCards' },
  },
  states: {
    closed: {
      on: {
        OPEN: [
          { guard: 'needsSwitch', target: 'checkingSwitch', actions: assign({ token: ({ event }) => event.token ?? '', retries: 0, missedSince: ({ context }) => context.now() }) },
          { target: 'fetching', actions: assign({ token: ({ event }) => event.token ?? '', retries: 0, missedSince: ({ context }) => context.now() }) },
        ],
      },
    },
    checkingSwitch: {
      invoke: {
        src: 'fetchSocketSwitch',
        onDone: [
          { guard: and(['isSwitchOn', 'viaNats']), target: 'fetching' },
          { guard: 'isSwitchOn', target: 'live' },
          { target: 'disabled' },
        ],
        onError: 'disabled',
      },
    },
    // The param says no socket: stay quiet until the next sign-in.
    disabled: {},
    fetching: {
      invoke: {
        src: 'fetchCredentials',
        onDone: [
          { guard: 'noFeed', target: 'unavailable' },
          { target: 'live', actions: 'keepFetched' },
        ],
        onError: 'backoff',
      },
    },
    // No nats.ws here (or too many vehicles to list): until the next OPEN the shell's link uses the socket, the map's the position socket.
    unavailable: {
      always: { guard: 'isShell', target: 'live', actions: 'useSocket' },
    },
    live: {
      type: 'parallel',
      on: {
        DISCONNECTED: { target: 'backoff', actions: 'noteDrop' },
        INVALID_FRAME: { actions: assign({ invalidFrames: ({ context }) => context.invalidFrames + 1 }) },
        MESSAGE: [
          { guard: 'isForcedLogout', target: 'forcedLogout', actions: ['emitMessage', assign({ logoutMessage: ({ event }) => (event as { message: ServerSocketMessage }).message.msg })] },
          { guard: 'isNewCard', actions: ['emitMessage', 'showCard'] },
          // A card already shown (caught up before its live call came, or come again with its address): only its address may be new.
          { guard: 'isAlarmCard', actions: 'updateCardLocation' },
          // The spec: any other message hides the card (positions travel apart from these messages).
          { actions: ['emitMessage', 'hideCards'] },
        ],
      },
      states: {
        link: {
          initial: 'connecting',
          states: {
            connecting: { on: { CONNECTED: 'open' } },
            // Each time the link comes up, the cards missed since it went down (or since sign-in) are asked
            // for; a failed ask is made again later while the link stays up (re-entering `open`).
            open: {
              tags: ['connected'],
              entry: assign({ retries: 0 }),
              invoke: {
                src: 'fetchMissedCards',
                input: ({ context }) => ({ since: (context.missedSince ?? context.now()) - CATCH_UP_MARGIN_MS }),
                onDone: { actions: 'showMissedCards' },
                onError: { actions: raise({ type: 'CATCH_UP_AGAIN' }, { delay: 'CATCH_UP_RETRY' }) },
              },
              on: { CATCH_UP_AGAIN: { target: 'open', reenter: true } },
            },
          },
        },
        transport: {
          initial: 'choosing',
          states: {
            choosing: { always: [{ guard: 'viaNats', target: 'nats' }, { target: 'socket' }] },
            socket: {
              invoke: { id: 'link', src: 'socketLink', input: ({ context }) => ({ token: context.token }) },
              type: 'parallel',
              states: {
                heartbeat: {
                  initial: 'waiting',
                  states: {
                    waiting: { after: { HEARTBEAT: { target: 'waiting', reenter: true, actions: sendTo('link', { type: 'SEND_HEARTBEAT' }) } } },
                  },
                },
                statusCheck: {
                  initial: 'waiting',
                  states: {
                    waiting: { after: { STATUS_CHECK: { target: 'waiting', reenter: true, actions: sendTo('link', { type: 'CHECK_STATUS' }) } } },
                  },
                },
              },
            },
            nats: {
              invoke: { id: 'link', src: 'natsLink', input: ({ context }) => ({ credentials: context.fetched!.credentials! }) },
              initial: 'valid',
              states: {
                valid: { after: { RENEW: 'renewing' } },
                renewing: {
                  invoke: {
                    src: 'fetchCredentials',
                    onDone: [
                      { guard: 'noFeed', target: '#liveLink.unavailable' },
                      {
                        target: 'valid',
                        actions: ['keepFetched', sendTo('link', ({ event }) => ({ type: 'RENEW', credentials: event.output.credentials! }) satisfies LinkCommand)],
                      },
                    ],
                    onError: 'retryRenew',
                  },
                },
                // The credentials in use still run; if they end first, nats-server drops the link (DISCONNECTED).
                retryRenew: { after: { RENEW_RETRY: 'renewing' } },
              },
            },
          },
        },
      },
    },
    backoff: {
      entry: assign({ retries: ({ context }) => context.retries + 1 }),
      after: { BACKOFF: [{ guard: 'viaNats', target: 'fetching' }, { target: 'live' }] },
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

export type LiveLinkMachine = typeof liveLinkMachine;
