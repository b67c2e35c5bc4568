import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownNice, threadNices } from '../../test/thread-nices.ts';
import { closePasswordThreads, HASH_CONCURRENCY, hashPassword, needsRehash, PASSWORD_THREAD_NICE, verifyPassword } from './password.ts';

// From no threads: files before this one in the same worker may have started them.
beforeAll(() => closePasswordThreads());
afterAll(() => closePasswordThreads());

const right = 'e10adc3949ba59abbe56e057f20f883e';
const wrong = '0'.repeat(32);

describe('password checks in their own threads', () => {
  it.skipIf(process.platform !== 'linux')('run below the event loop: one niced thread per check at a time', async () => {
    // Relative to this thread's own nice (the suite may itself run niced).
    const own = ownNice();
    const niced = Math.min(19, own + PASSWORD_THREAD_NICE);
    const before = threadNices().filter((n) => n === niced).length;
    const stored = await hashPassword(right);
    await Promise.all(Array.from({ length: HASH_CONCURRENCY }, () => verifyPassword(stored, right)));
    expect(threadNices().filter((n) => n === niced).length - before).toBe(HASH_CONCURRENCY);
    expect(ownNice()).toBe(own);
  });

  it('verify the right password and refuse a wrong or malformed one', async () => {
    const stored = await hashPassword(right.toUpperCase());
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=7168,t=5,p=1\$/);
    expect(needsRehash(stored)).toBe(false);
    expect(await Promise.all([verifyPassword(stored, right), verifyPassword(stored, wrong), verifyPassword('$argon2id$v=19$broken', right)])).toEqual([true, false, false]);
  });

  it('still verify a hash of older parameters, which asks to be replaced', async () => {
    const older = await hash(right, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as never);
    expect(needsRehash(older)).toBe(true);
    expect(await verifyPassword(older, right)).toBe(true);
    expect(await verifyPassword(older, wrong)).toBe(false);
  });

  it('refuse a stored value that is not an argon2 hash without checking it', async () => {
    expect(await verifyPassword(right, right)).toBe(false);
    expect(await verifyPassword(null, right)).toBe(false);
    expect(needsRehash(right)).toBe(false);
  });
});
