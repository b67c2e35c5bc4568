import { assign, fromPromise, setup } from 'xstate';
import type { MessageKey } from '../i18n/zh';

export interface LockInput {
  /** The stored lock password; non-empty means the screen was locked before a reload. */
  password: string;
}

export interface LockContext {
  password: string;
  error: MessageKey | null;
}

export type LockEvent =
  | { type: 'LOCK'; password: string }
  | { type: 'UNLOCK'; password: string }
  /** Login and logout clear the lock. */
  | { type: 'CLEAR' };

const notProvided = (name: string) => () => Promise.reject(new Error(`lock actor ${name} not provided`));

export const lockMachine = setup({
  types: {
    context: {} as LockContext,
    events: {} as LockEvent,
    input: {} as LockInput,
    tags: {} as 'locked',
  },
  actors: {
    persistLock: fromPromise<void, { password: string }>(notProvided('persistLock')),
    clearLock: fromPromise<void, void>(notProvided('clearLock')),
  },
  guards: {
    hasPassword: ({ context }) => context.password !== '',
    isBlank: ({ event }) => event.type === 'LOCK' && event.password.trim() === '',
    matches: ({ context, event }) => event.type === 'UNLOCK' && event.password === context.password,
  },
}).createMachine({
  id: 'lock',
  context: ({ input }) => ({ password: input.password, error: null }),
  initial: 'restoring',
  on: { CLEAR: '.clearing' },
  states: {
    restoring: {
      always: [{ guard: 'hasPassword', target: 'locked' }, { target: 'unlocked' }],
    },
    unlocked: {
      on: {
        LOCK: [
          { guard: 'isBlank', actions: assign({ error: 'lockPasswordRequired' }) },
          { target: 'locking', actions: assign({ password: ({ event }) => event.password, error: null }) },
        ],
      },
    },
    locking: {
      tags: ['locked'],
      invoke: {
        src: 'persistLock',
        input: ({ context }) => ({ password: context.password }),
        // Even if storage fails the screen stays locked for this page's life.
        onDone: 'locked',
        onError: 'locked',
      },
    },
    locked: {
      tags: ['locked'],
      on: {
        UNLOCK: [
          { guard: 'matches', target: 'clearing' },
          { actions: assign({ error: 'lockWrongPassword' }) },
        ],
      },
    },
    clearing: {
      invoke: {
        src: 'clearLock',
        onDone: { target: 'unlocked', actions: assign({ password: '', error: null }) },
        onError: { target: 'unlocked', actions: assign({ password: '', error: null }) },
      },
    },
  },
});

export type LockMachine = typeof lockMachine;
