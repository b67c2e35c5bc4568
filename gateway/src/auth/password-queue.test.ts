import { afterEach, describe, expect, it, vi } from 'vitest';

/** Checks that finish only when the test says so, to see which ones run at a time (no threads). */
const started: { stored: string; finish: (ok: boolean) => void }[] = [];
vi.mock('./password-threads.ts', () => ({
  PasswordThreads: class {
    run(request: { stored?: string }) {
      return new Promise<boolean>((resolve) => started.push({ stored: request.stored ?? '', finish: resolve }));
    }
  },
}));

const { HASH_CONCURRENCY, MAX_HASHES_WAITING, hashesWaiting, verifyPassword } = await import('./password.ts');

/** Lets queued work start (the limiter starts the next check on a later microtask). */
const settle = () => new Promise((r) => setImmediate(r));

afterEach(() => {
  started.length = 0;
});

describe('the queue of password checks', () => {
  it('runs at most one per core at a time, the waiting ones in order of arrival', async () => {
    const n = HASH_CONCURRENCY + 3;
    const answers = Array.from({ length: n }, (_, i) => verifyPassword(`$argon2id$user${i}`, 'a'.repeat(32)));
    await settle();
    expect(started.map((s) => s.stored)).toEqual(Array.from({ length: HASH_CONCURRENCY }, (_, i) => `$argon2id$user${i}`));
    expect(hashesWaiting()).toBe(3);
    for (let i = 0; i < n; i++) {
      started[i]!.finish(i % 2 === 0);
      await settle();
      // One finished, the next in line (and only it) started.
      expect(started.length).toBe(Math.min(n, HASH_CONCURRENCY + i + 1));
      expect(started.at(-1)!.stored).toBe(`$argon2id$user${Math.min(n - 1, HASH_CONCURRENCY + i)}`);
    }
    expect(await Promise.all(answers)).toEqual(Array.from({ length: n }, (_, i) => i % 2 === 0));
    expect(hashesWaiting()).toBe(0);
  });

  it('tells a sign-in to come back (503) when the queue is full, not that its password is wrong', async () => {
    const n = HASH_CONCURRENCY + MAX_HASHES_WAITING;
    const answers = Array.from({ length: n }, (_, i) => verifyPassword(`$argon2id$user${i}`, 'a'.repeat(32)));
    await settle();
    expect(hashesWaiting()).toBe(MAX_HASHES_WAITING);
    await expect(verifyPassword('$argon2id$one-too-many', 'a'.repeat(32))).rejects.toMatchObject({ code: 503 });
    // The queue drains as before, and takes new checks again.
    for (let i = 0; i < n; i++) {
      started[i]!.finish(true);
      await settle();
    }
    expect(await Promise.all(answers)).toEqual(Array(n).fill(true));
    const next = verifyPassword('$argon2id$after', 'a'.repeat(32));
    await settle();
    started.at(-1)!.finish(true);
    expect(await next).toBe(true);
  });
});
