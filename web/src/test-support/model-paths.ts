import { getShortestPaths } from 'xstate/graph';
import { expect } from 'vitest';
import {
  createActor,
  fromPromise,
  initialTransition,
  transition,
  SimulatedClock,
  type AnyActorLogic,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventFromLogic,
  type EventObject,
} from 'xstate';
import { deferred, flush } from './flush';

/**
 * Model-based tests of an XState machine: xstate/graph walks the machine's own transitions and
 * gives the shortest path to every state the events reach; each path is then replayed on a
 * running actor on a simulated clock. What the model adds to the hand-written cases: every
 * state is reached (a state no path reaches is a finding); a real actor, with its invoked
 * promises, timers and raised events, ends every step in the state and context the model says
 * (the runtime agrees with the definition); and the product's rules for each state (`withRules`)
 * hold on every path — the part that fails when the machine itself is wrong.
 *
 * Invoked promises settle only when a step says so (their done or error event: the test's
 * outputs, or an Error); a delayed transition is a step that moves the clock by its delay.
 */
export interface MachineModel<M extends AnyStateMachine> {
  machine: M;
  input?: unknown;
  /** Events from outside the machine (the page, the socket, the user). */
  events: EventFromLogic<M>[];
  /** Outputs each invoked promise may resolve with, by actor source (default: `undefined`). */
  outputs?: Record<string, unknown[]>;
  /** Actors that are not promises (callbacks), stubbed by the test. */
  actors?: Record<string, AnyActorLogic>;
}

interface Invocation {
  src: string;
  id: string;
}

export interface ModelPath {
  /** `state value ← event types`, for the test's name. */
  name: string;
  /** The event of each step, and the graph's snapshot after it (first one found for its value). */
  steps: { event: EventObject; state: AnyMachineSnapshot }[];
  /** The state the path ends in. */
  target: AnyMachineSnapshot;
}

const nodesOf = (node: AnyStateNode): AnyStateNode[] => [node, ...Object.values(node.states).flatMap((n) => nodesOf(n as AnyStateNode))];

function invocations(machine: AnyStateMachine): Invocation[] {
  return nodesOf(machine.root).flatMap((n) => n.invoke.map((i) => ({ src: String(typeof i.src === 'string' ? i.src : i.id), id: i.id })));
}

/** Every delayed transition: its event type and delay (ms), from the machine's `delays`. */
function delays(machine: AnyStateMachine): Map<string, number> {
  const known = (machine.implementations.delays ?? {}) as Record<string, unknown>;
  const out = new Map<string, number>();
  for (const node of nodesOf(machine.root)) {
    for (const t of node.after as { eventType: string; delay: string | number }[]) {
      const ms = typeof t.delay === 'number' ? t.delay : known[t.delay];
      if (typeof ms !== 'number') throw new Error(`delay ${t.delay} of ${node.id} is not a fixed number of ms`);
      out.set(t.eventType, ms);
    }
  }
  return out;
}

/** The model's events: the outside ones, every invoked promise's done and error, every timer. */
function modelEvents<M extends AnyStateMachine>(model: MachineModel<M>): EventObject[] {
  const settled = invocations(model.machine)
    .filter((i) => !model.actors?.[i.src])
    .flatMap((i) => [
      ...(model.outputs?.[i.src] ?? [undefined]).map((output) => ({ type: `xstate.done.actor.${i.id}`, output })),
      { type: `xstate.error.actor.${i.id}`, error: new Error(`${i.src} failed`) },
    ]);
  const timers = [...delays(model.machine).keys()].map((type) => ({ type }));
  return [...model.events, ...settled, ...timers];
}

/**
 * The shortest path to every reachable state value. States are told apart by value only: counters
 * in the context (retries, refreshes) would make the graph endless, and each step's context is
 * still compared on replay.
 */
export function shortestPaths<M extends AnyStateMachine>(model: MachineModel<M>): ModelPath[] {
  const paths = getShortestPaths(model.machine, {
    events: modelEvents(model),
    input: model.input,
    serializeState: (snapshot: AnyMachineSnapshot) => JSON.stringify(snapshot.value),
  } as never);
  return paths.map((p) => ({
    name: `${JSON.stringify(p.state.value)} ← ${p.steps.slice(1).map((s) => s.event.type.replace(/^xstate\.(\w+)\.(actor\.)?.*/, (m: string, kind: string) => `${kind} ${m.split('.').pop()}`)).join(', ') || 'start'}`,
    steps: p.steps.map((s) => ({ event: s.event, state: s.state as AnyMachineSnapshot })),
    target: p.state as AnyMachineSnapshot,
  }));
}

/** A state always left at once (its last eventless transition has no guard): passed through within a step. */
const transient = (n: AnyStateNode) => {
  const always = n.always ?? [];
  return always.length > 0 && !always[always.length - 1]!.guard;
};

/** Ids of the state nodes that none of the paths reaches. */
export function unreachedStates<M extends AnyStateMachine>(model: MachineModel<M>, paths: ModelPath[]): string[] {
  const reached = new Set(paths.flatMap((p) => p.steps.flatMap((s) => (s.state as { _nodes: AnyStateNode[] })._nodes.map((n) => n.id))));
  return nodesOf(model.machine.root)
    .filter((n) => !transient(n))
    .map((n) => n.id)
    .filter((id) => !reached.has(id));
}

/**
 * Replays a path on a real actor: outside events are sent, timers fire by moving the simulated
 * clock, invoked promises are settled by hand. `check` runs after each step with the actor's
 * snapshot and the model's (the machine's pure transitions over the same events).
 */
export async function replay<M extends AnyStateMachine>(
  model: MachineModel<M>,
  path: ModelPath,
  check: (actual: AnyMachineSnapshot, expected: AnyMachineSnapshot, event: EventObject) => void,
): Promise<void> {
  const byId = new Map(invocations(model.machine).map((i) => [i.id, i.src]));
  const timers = delays(model.machine);
  const pending = new Map<string, ReturnType<typeof deferred<unknown>>[]>();
  const promised = Object.fromEntries(
    [...new Set(byId.values())]
      .filter((src) => !model.actors?.[src])
      .map((src) => [
        src,
        fromPromise(({ signal }) => {
          const d = deferred<unknown>();
          pending.set(src, [...(pending.get(src) ?? []), d]);
          // Stopped with its state: it can no longer be settled.
          signal.addEventListener('abort', () => pending.set(src, (pending.get(src) ?? []).filter((x) => x !== d)));
          return d.promise;
        }),
      ]),
  );
  const machine = model.machine.provide({ actors: { ...promised, ...model.actors } } as never);
  const clock = new SimulatedClock();
  const actor = createActor(machine, { input: model.input, clock } as never).start();
  let [expected] = initialTransition(model.machine as AnyStateMachine, model.input);
  try {
    for (const [index, { event }] of path.steps.entries()) {
      if (index > 0) {
        [expected] = transition(model.machine as AnyStateMachine, expected, event);
        const settled = /^xstate\.(done|error)\.actor\.(.*)$/.exec(event.type);
        if (settled) {
          const src = byId.get(settled[2]!)!;
          const d = pending.get(src)?.shift();
          if (!d) throw new Error(`${src} was not running at step ${index} (${event.type})`);
          if (settled[1] === 'done') d.resolve((event as { output?: unknown }).output);
          else d.reject((event as { error?: unknown }).error);
        } else if (timers.has(event.type)) clock.increment(timers.get(event.type)!);
        else actor.send(event);
        await flush();
      }
      check(actor.getSnapshot() as AnyMachineSnapshot, expected as AnyMachineSnapshot, event);
    }
    expect(expected.value, 'the path ends in its state').toEqual(path.target.value);
  } finally {
    actor.stop();
  }
}

/** The usual check of `replay`: after each step, the actor's state value and context are the model's. */
export function expectSameState(actual: { value: unknown; context: unknown }, expected: { value: unknown; context: unknown }, event: EventObject): void {
  expect({ after: event.type, value: actual.value, context: actual.context }).toEqual({ after: event.type, value: expected.value, context: expected.context });
}

/** `expectSameState`, then the product's rules for the state reached (what must hold however it was reached). */
export function withRules(rules: (actual: AnyMachineSnapshot) => void) {
  return (actual: AnyMachineSnapshot, expected: AnyMachineSnapshot, event: EventObject): void => {
    expectSameState(actual, expected, event);
    rules(actual);
  };
}
