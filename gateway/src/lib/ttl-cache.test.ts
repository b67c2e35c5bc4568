import { describe, expect, it } from 'vitest';
import { MemoCache } from '../crud/memo-cache.ts';
import { ttlCache } from './ttl-cache.ts';

describe('ttlCache', () => {
  it('drops the least recently used entry past its bound', () => {
    const cache = ttlCache<number>({ ttlMs: 60_000, max: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
  });

  it('forgets an entry once its time has passed', async () => {
    const cache = ttlCache<number>({ ttlMs: 20, max: 10 });
    cache.set('a', 1);
    await expect.poll(() => cache.get('a'), { timeout: 30_000 }).toBeUndefined();
  });
});

describe('MemoCache', () => {
  it('builds an answer once, and again after a clear', async () => {
    const memo = new MemoCache<number>(60_000);
    let builds = 0;
    const build = async () => ++builds;
    expect(await memo.get('k', build)).toBe(1);
    expect(await memo.get('k', build)).toBe(1);
    memo.clear();
    expect(await memo.get('k', build)).toBe(2);
  });

  it('does not remember a failure', async () => {
    const memo = new MemoCache<number>(60_000);
    await expect(memo.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await memo.get('k', async () => 7)).toBe(7);
  });
});
