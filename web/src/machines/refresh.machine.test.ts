import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type AnyMachineSnapshot } from 'xstate';
import { advanceClock, deferred, flush } from '../test-support/flush';
import { replay, shortestPaths, unreachedStates, withRules, type MachineModel } from '../test-support/model-paths';
import { refreshMachine, REFRESH_CHECK_INTERVAL_MS } from './refresh.machine';

function setupRefresh() {
  const state = { age: 0, checks: 0, refreshes: 0, inFlight: 0, maxInFlight: 0, gate: deferred() };
  state.gate.resolve();
  const machine = refreshMachine.provide({
    actors: {
      readTokenAge: fromPromise(async () => {
        state.checks += 1;
        return state.age;
      }),
      refreshToken: fromPromise(async () => {
        state.refreshes += 1;
        state.inFlight += 1;
        state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
        await state.gate.promise;
        state.inFlight -= 1;
      }),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { input: { tokenTime: 3000 }, clock }).start();
  const advance = (ms: number) => advanceClock(clock, ms);
  return { actor, state, advance };
}

describe('refresh machine', () => {
  it('checks every 10 s while started, and not before', async () => {
    const { actor, state, advance } = setupRefresh();
    await advance(60_000);
    expect(state.checks).toBe(0);
    actor.send({ type: 'START' });
    await advance(REFRESH_CHECK_INTERVAL_MS - 1);
    expect(state.checks).toBe(0);
    await advance(1);
    expect(state.checks).toBe(1);
    await advance(20_000);
    expect(state.checks).toBe(3);
    expect(state.refreshes).toBe(0);
  });

  it('refreshes once the token is 3000 s old', async () => {
    const { actor, state, advance } = setupRefresh();
    actor.send({ type: 'START' });
    state.age = 2999;
    await advance(10_000);
    expect(state.refreshes).toBe(0);
    state.age = 3000;
    await advance(10_000);
    expect(state.refreshes).toBe(1);
    expect(actor.getSnapshot().context.refreshes).toBe(1);
  });

  it('never has two refreshes in flight', async () => {
    const { actor, state, advance } = setupRefresh();
    state.gate = deferred();
    state.age = 5000;
    actor.send({ type: 'START' });
    await advance(10_000);
    expect(state.refreshes).toBe(1);
    await advance(50_000);
    expect(state.refreshes).toBe(1);
    expect(actor.getSnapshot().context.skippedChecks).toBe(5);
    state.gate.resolve();
    state.age = 0;
    await flush();
    await advance(10_000);
    expect(state.maxInFlight).toBe(1);
    expect(actor.getSnapshot().context.refreshes).toBe(1);
  });

  it('stops checking after STOP', async () => {
    const { actor, state, advance } = setupRefresh();
    actor.send({ type: 'START' });
    await advance(10_000);
    actor.send({ type: 'STOP' });
    await advance(60_000);
    expect(state.checks).toBe(1);
  });
});

/** The work each state has in flight: a check reads the token's age, a refresh renews it, nothing else runs. */
const IN_FLIGHT: [state: object, work: string[]][] = [
  [{ running: { worker: 'checking' } }, ['readTokenAge']],
  [{ running: { worker: 'refreshing' } }, ['refreshToken']],
];

/**
 * Single flight: at most one piece of work runs, the one the state names (never a check beside a
 * refresh, nothing once stopped); the ticker runs exactly while the machine does; the counters
 * never go below zero.
 */
function refreshRules(s: AnyMachineSnapshot): void {
  const work = Object.values(s.children).map((child) => String((child as { src: unknown }).src));
  const expected = IN_FLIGHT.find(([state]) => s.matches(state as never))?.[1] ?? [];
  expect(work, `work in flight in ${JSON.stringify(s.value)}`).toEqual(expected);
  expect(s.matches({ running: { ticker: 'waiting' } }), 'the ticker runs while running').toBe(s.matches('running'));
  const { refreshes, skippedChecks } = s.context as { refreshes: number; skippedChecks: number };
  expect(refreshes).toBeGreaterThanOrEqual(0);
  expect(skippedChecks).toBeGreaterThanOrEqual(0);
}

describe('refresh machine model', () => {
  // A token 3000 s old is due at tokenTime 3000, one 10 s old is not.
  const model: MachineModel<typeof refreshMachine> = {
    machine: refreshMachine,
    input: { tokenTime: 3000 },
    events: [{ type: 'START' }, { type: 'STOP' }, { type: 'TICK' }],
    outputs: { readTokenAge: [10, 3000] },
  };
  const paths = shortestPaths(model);

  it('reaches every state', () => {
    expect(unreachedStates(model, paths)).toEqual([]);
  });

  it.each(paths.map((p) => [p.name, p] as const))('%s', async (_name, path) => {
    await replay(model, path, withRules(refreshRules));
  });
});
