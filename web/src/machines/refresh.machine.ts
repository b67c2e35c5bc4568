import { assign, fromPromise, raise, setup } from 'xstate';

/** One reading of the spec checks every 60 s, the other every 10 s; 10 s is used. */
export const REFRESH_CHECK_INTERVAL_MS = 10_000;

export interface RefreshInput {
  /** Seconds after the token was saved before refreshing (config tokenTime, 3000). */
  tokenTime: number;
}

export interface RefreshContext {
  tokenTime: number;
  refreshes: number;
  /** Checks that found work in flight and were dropped: the single-flight rule. */
  skippedChecks: number;
  lastError: string | null;
}

export type RefreshEvent = { type: 'START' } | { type: 'STOP' } | { type: 'TICK' };

const notProvided = (name: string) => () => Promise.reject(new Error(`refresh actor ${name} not provided`));

export const refreshMachine = setup({
  types: {
    context: {} as RefreshContext,
    events: {} as RefreshEvent,
    input: {} as RefreshInput,
  },
  actors: {
    /** Seconds since the token entry was saved. */
    readTokenAge: fromPromise<number, void>(notProvided('readTokenAge')),
    /** The refresh_token grant; stores the new tokens and tells the session. */
    refreshToken: fromPromise<void, void>(notProvided('refreshToken')),
  },
  delays: { CHECK_INTERVAL: REFRESH_CHECK_INTERVAL_MS },
  guards: {
    isDue: ({ context, event }) => 'output' in event && (event.output as number) >= context.tokenTime,
  },
  actions: {
    countSkipped: assign({ skippedChecks: ({ context }) => context.skippedChecks + 1 }),
  },
}).createMachine({
  id: 'refresh',
  context: ({ input }) => ({ tokenTime: input.tokenTime, refreshes: 0, skippedChecks: 0, lastError: null }),
  initial: 'stopped',
  states: {
    stopped: { on: { START: 'running' } },
    running: {
      type: 'parallel',
      on: { STOP: 'stopped' },
      states: {
        ticker: {
          initial: 'waiting',
          states: {
            waiting: {
              after: { CHECK_INTERVAL: { target: 'waiting', reenter: true, actions: raise({ type: 'TICK' }) } },
            },
          },
        },
        worker: {
          initial: 'idle',
          states: {
            idle: { on: { TICK: 'checking' } },
            checking: {
              on: { TICK: { actions: 'countSkipped' } },
              invoke: {
                src: 'readTokenAge',
                onDone: [{ guard: 'isDue', target: 'refreshing' }, { target: 'idle' }],
                onError: 'idle',
              },
            },
            refreshing: {
              // A tick during a refresh never starts a second one.
              on: { TICK: { actions: 'countSkipped' } },
              invoke: {
                src: 'refreshToken',
                onDone: {
                  target: 'idle',
                  actions: assign({ refreshes: ({ context }) => context.refreshes + 1, lastError: null }),
                },
                onError: {
                  target: 'idle',
                  actions: assign({ lastError: ({ event }) => String((event.error as Error)?.message ?? event.error) }),
                },
              },
            },
          },
        },
      },
    },
  },
});

export type RefreshMachine = typeof refreshMachine;
