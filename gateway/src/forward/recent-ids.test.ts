import { describe, expect, it } from 'vitest';
import { RecentIds } from './recent-ids.ts';

describe('recent row ids', () => {
  it('remembers 64-bit ids up to its capacity, forgetting the oldest first', () => {
    const ids = new RecentIds(3);
    for (const id of ['7305129376641236993', '7305129376641236994', '7305129376641236995']) ids.add(id);
    expect(ids.has('7305129376641236993')).toBe(true);
    expect(ids.has('7305129376641236996')).toBe(false);
    ids.add('7305129376641236996');
    expect(ids.has('7305129376641236993')).toBe(false);
    expect(ids.has('7305129376641236994')).toBe(true);
    expect(ids.has('7305129376641236996')).toBe(true);
  });
});
