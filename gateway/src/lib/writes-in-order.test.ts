import { describe, expect, it } from 'vitest';
import { writesInOrder } from './writes-in-order.ts';

const later = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('writesInOrder', () => {
  it('lands the writes of a key in the order they were started, however long each takes', async () => {
    const landed: string[] = [];
    const write = writesInOrder<string>(() => undefined);
    // The first write is the slowest: unordered, it would land last.
    const done = [write('a', () => later(30).then(() => landed.push('a1'))), write('a', () => later(1).then(() => landed.push('a2'))), write('a', async () => landed.push('a3'))];
    await Promise.all(done);
    expect(landed).toEqual(['a1', 'a2', 'a3']);
  });

  it('lets other keys go beside, and a failed write neither stops the next nor escapes', async () => {
    const landed: string[] = [];
    const errors: unknown[] = [];
    const write = writesInOrder<string>((err) => errors.push(err));
    const a = write('a', () => later(30).then(() => landed.push('a')));
    const b1 = write('b', () => Promise.reject(new Error('refused')));
    const b2 = write('b', async () => landed.push('b'));
    await Promise.all([a, b1, b2]);
    expect(landed).toEqual(['b', 'a']);
    expect(errors).toEqual([new Error('refused')]);
  });
});
