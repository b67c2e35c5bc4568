import { assign, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import type { NatsCredentials } from '@wdiov/contracts/nats/position-message';

/** Credentials are renewed when this share of their life has passed (the link swaps without a gap). */
export const RENEW_AT = 2 / 3;
/** A failed renewal is tried again this often while the credentials in use still run. */
export const RENEW_RETRY_MS = 5_000;
/** Reconnects wait 1 s, 2 s, 4 s … up to 30 s, so a server restart is not met by every browser at once. */
export const BACKOFF_MIN_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;

/** What the credentials call answered (null: no nats.ws feed here), and when (epoch ms). */
export interface FetchedCredentials {
  credentials: NatsCredentials | null;
  at: number;
}

/** Events the link actor sends up. */
export type LinkEvent = { type: 'LINK_UP' } | { type: 'LINK_DOWN' };
/** The machine hands the link renewed credentials: it opens a connection with them, then drops the old one. */
export type LinkCommand = { type: 'RENEW'; credentials: NatsCredentials };

export type NatsFeedEvent = { type: 'START' } | { type: 'STOP' } | LinkEvent;

export interface NatsFeedContext {
  fetched: FetchedCredentials | null;
  /** Failed connects or fetches in a row (the backoff grows with them). */
  failures: number;
}

const notProvided = (name: string) => () => Promise.reject(new Error(`nats feed actor ${name} not provided`));

export const backoffMs = (failures: number) => Math.min(BACKOFF_MIN_MS * 2 ** Math.max(0, failures - 1), BACKOFF_MAX_MS);
/** Time from the fetch until renewal is due. */
export const renewInMs = (f: FetchedCredentials | null) => (f?.credentials ? Math.max(0, (f.credentials.expiresAt - f.at) * RENEW_AT) : 0);

/**
 * The live map's positions over nats.ws: ask the gateway for credentials, connect, renew them
 * before they end, reconnect with backoff after a drop. When the gateway offers no nats.ws feed
 * the machine settles in `unavailable` and the map reads the gateway's position socket instead.
 * The shell's socket (cards, kicks: socket.machine.ts) is not involved: positions never travel on it.
 */
export const natsFeedMachine = setup({
  types: {
    context: {} as NatsFeedContext,
    events: {} as NatsFeedEvent,
    tags: {} as 'connected',
  },
  actors: {
    fetchCredentials: fromPromise<FetchedCredentials, void>(notProvided('fetchCredentials')),
    link: fromCallback<LinkCommand, { credentials: NatsCredentials }>(() => {
      throw new Error('nats feed actor link not provided');
    }),
  },
  delays: {
    RENEW: ({ context }) => renewInMs(context.fetched),
    RENEW_RETRY: RENEW_RETRY_MS,
    BACKOFF: ({ context }) => backoffMs(context.failures),
  },
  guards: {
    noFeed: ({ event }) => !('output' in event) || !(event.output as FetchedCredentials).credentials,
  },
  actions: {
    keepFetched: assign({ fetched: ({ event }) => (event as unknown as { output: FetchedCredentials }).output }),
  },
}).createMachine({
  id: 'natsFeed',
  context: { fetched: null, failures: 0 },
  initial: 'idle',
  on: { STOP: { target: '.idle', actions: assign({ fetched: null, failures: 0 }) } },
  states: {
    idle: { on: { START: 'fetching' } },
    fetching: {
      invoke: {
        src: 'fetchCredentials',
        onDone: [{ guard: 'noFeed', target: 'unavailable' }, { target: 'live', actions: 'keepFetched' }],
        onError: 'backoff',
      },
    },
    // No nats.ws here (or too many vehicles to list): the position socket serves until the next START.
    unavailable: {},
    live: {
      invoke: { id: 'link', src: 'link', input: ({ context }) => ({ credentials: context.fetched!.credentials! }) },
      on: { LINK_DOWN: 'backoff' },
      initial: 'connecting',
      states: {
        connecting: { on: { LINK_UP: { target: 'open', actions: assign({ failures: 0 }) } } },
        open: {
          tags: ['connected'],
          after: { RENEW: 'renewing' },
        },
        renewing: {
          tags: ['connected'],
          invoke: {
            src: 'fetchCredentials',
            onDone: [
              { guard: 'noFeed', target: '#natsFeed.unavailable' },
              {
                target: 'open',
                actions: ['keepFetched', sendTo('link', ({ event }) => ({ type: 'RENEW', credentials: event.output.credentials! }) satisfies LinkCommand)],
              },
            ],
            onError: 'retryRenew',
          },
        },
        // The credentials in use still run; if they end first, nats-server drops the link (LINK_DOWN).
        retryRenew: {
          tags: ['connected'],
          after: { RENEW_RETRY: 'renewing' },
        },
      },
    },
    backoff: {
      entry: assign({ failures: ({ context }) => context.failures + 1 }),
      after: { BACKOFF: 'fetching' },
    },
  },
});

export type NatsFeedMachine = typeof natsFeedMachine;
