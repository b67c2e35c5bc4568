import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type AnyMachineSnapshot } from 'xstate';
import { flush } from '../test-support/flush';
import { replay, shortestPaths, unreachedStates, withRules, type MachineModel } from '../test-support/model-paths';
import { lockMachine } from './lock.machine';

/** A locked screen always has the password that opens it; an open one keeps none. */
function lockRules(s: AnyMachineSnapshot): void {
  const { password } = s.context as { password: string };
  if (s.hasTag('locked')) expect(password, 'locked with a password').not.toBe('');
  if (s.matches('unlocked')) expect(password, 'an open screen keeps no password').toBe('');
}

function setupLock(stored = '') {
  const storage = { password: stored, writes: 0, clears: 0 };
  const machine = lockMachine.provide({
    actors: {
      persistLock: fromPromise(async ({ input }: { input: { password: string } }) => {
        storage.password = input.password;
        storage.writes += 1;
      }),
      clearLock: fromPromise(async () => {
        storage.password = '';
        storage.clears += 1;
      }),
    },
  });
  const actor = createActor(machine, { input: { password: stored }, clock: new SimulatedClock() }).start();
  return { actor, storage };
}

describe('lock machine', () => {
  it('refuses an empty lock password with the spec message', () => {
    const { actor, storage } = setupLock();
    actor.send({ type: 'LOCK', password: '  ' });
    expect(actor.getSnapshot().value).toBe('unlocked');
    expect(actor.getSnapshot().context.error).toBe('lockPasswordRequired');
    expect(storage.writes).toBe(0);
  });

  it('locks with a password and stores it', async () => {
    const { actor, storage } = setupLock();
    actor.send({ type: 'LOCK', password: 'pw' });
    expect(actor.getSnapshot().hasTag('locked')).toBe(true);
    await flush();
    expect(actor.getSnapshot().value).toBe('locked');
    expect(storage.password).toBe('pw');
  });

  it('stays locked on a wrong password and unlocks on the right one', async () => {
    const { actor, storage } = setupLock('pw');
    expect(actor.getSnapshot().value).toBe('locked');
    actor.send({ type: 'UNLOCK', password: 'nope' });
    expect(actor.getSnapshot().value).toBe('locked');
    expect(actor.getSnapshot().context.error).toBe('lockWrongPassword');
    actor.send({ type: 'UNLOCK', password: 'pw' });
    await flush();
    expect(actor.getSnapshot().value).toBe('unlocked');
    expect(actor.getSnapshot().hasTag('locked')).toBe(false);
    expect(storage.clears).toBe(1);
  });

  it('is cleared by login or logout', async () => {
    const { actor } = setupLock('pw');
    actor.send({ type: 'CLEAR' });
    await flush();
    expect(actor.getSnapshot().value).toBe('unlocked');
    expect(actor.getSnapshot().context.password).toBe('');
  });
});

describe.each([
  ['no stored lock', ''],
  ['a stored lock', 'pw'],
])('lock machine model, from %s', (_, password) => {
  const model: MachineModel<typeof lockMachine> = {
    machine: lockMachine,
    input: { password },
    events: [
      { type: 'LOCK', password: 'pw' },
      { type: 'LOCK', password: ' ' },
      { type: 'UNLOCK', password: 'pw' },
      { type: 'UNLOCK', password: 'nope' },
      { type: 'CLEAR' },
    ],
  };
  const paths = shortestPaths(model);

  it('reaches every state', () => {
    expect(unreachedStates(model, paths)).toEqual([]);
  });

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    await replay(model, path, withRules(lockRules));
  });
});
