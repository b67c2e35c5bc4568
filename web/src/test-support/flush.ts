/** Lets settled promises (fromPromise actors) deliver their results. */
export async function flush(rounds = 3): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await new Promise<void>((resolve) => setTimeout(resolve, 0));
}

/** A promise the test settles by hand, to hold an actor "in flight". */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * Moves a SimulatedClock forward in 1 s steps, flushing promises between steps:
 * the clock fires each timer once per increment, so recurring timers need the steps.
 */
export async function advanceClock(clock: { increment(ms: number): void }, ms: number): Promise<void> {
  for (let left = ms; left > 0; left -= Math.min(left, 1000)) {
    clock.increment(Math.min(left, 1000));
    await flush(1);
  }
  await flush();
}
