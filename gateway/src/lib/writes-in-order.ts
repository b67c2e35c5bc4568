/**
 * Writes started one after the other for the same key land in that order: each waits for the
 * previous one of its key. Fired-and-forgotten writes on a pool of connections otherwise commit
 * in whatever order their connections get to it, and an older state can land over a newer one.
 * A failed write is handed to `onError` and does not stop the ones after it.
 */
export function writesInOrder<K>(onError: (err: unknown) => void): (key: K, write: () => Promise<unknown>) => Promise<void> {
  const last = new Map<K, Promise<void>>();
  return (key, write) => {
    const next = (last.get(key) ?? Promise.resolve()).then(write).then(() => undefined, onError);
    last.set(key, next);
    // The newest write of a key forgets it once done, so keys written once are not kept.
    void next.then(() => last.get(key) === next && last.delete(key));
    return next;
  };
}
