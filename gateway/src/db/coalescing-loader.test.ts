import { describe, expect, it } from 'vitest';
import { CoalescingLoader } from './coalescing-loader.ts';

/** A loader over a batch function the test settles by hand, recording every batch asked for. */
function manual(chunk = 1000) {
  const asked: string[][] = [];
  const pending: { keys: string[]; settle: (fail?: boolean) => void }[] = [];
  const loader = new CoalescingLoader<string, string | null>((k) => k, (keys) => new Promise((resolve, reject) => {
    asked.push(keys);
    pending.push({ keys, settle: (fail) => (fail ? reject(new Error('down')) : resolve(new Map(keys.filter((k) => !k.startsWith('x')).map((k) => [k, k.toUpperCase()])))) });
  }), null, chunk);
  return { loader, asked, pending };
}
const tick = () => new Promise((r) => setImmediate(r));

describe('CoalescingLoader', () => {
  it('loads keys asked for while a batch runs together in the next batch, each id once', async () => {
    const { loader, asked, pending } = manual();
    const first = loader.load('a');
    await tick();
    expect(asked).toEqual([['a']]);
    const later = ['b', 'c', 'b', 'xd'].map((k) => loader.load(k));
    await tick();
    expect(asked).toHaveLength(1); // nothing new while the first batch is out
    pending[0]!.settle();
    expect(await first).toBe('A');
    await tick();
    expect(asked[1]).toEqual(['b', 'c', 'xd']);
    pending[1]!.settle();
    expect(await Promise.all(later)).toEqual(['B', 'C', 'B', null]);
  });

  it('fails only the batch whose query failed, and splits batches at the chunk size', async () => {
    const { loader, asked, pending } = manual(2);
    const a = loader.load('a');
    await tick();
    const rest = ['b', 'c', 'd'].map((k) => loader.load(k));
    pending[0]!.settle(true);
    await expect(a).rejects.toThrow('down');
    await tick();
    pending[1]!.settle();
    await tick();
    pending[2]!.settle();
    expect(asked).toEqual([['a'], ['b', 'c'], ['d']]);
    expect(await Promise.all(rest)).toEqual(['B', 'C', 'D']);
    expect(loader.batches).toBe(3);
  });
});
