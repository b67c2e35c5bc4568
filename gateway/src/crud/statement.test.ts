import { sql } from 'drizzle-orm';
import { bigint, date, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { rowDecoder, SharedReads, type Statement } from './statement.ts';

const t = pgTable('t', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  name: text('name'),
  at: timestamp('at', { mode: 'date' }),
  day: date('day', { mode: 'string' }),
});

describe('rowDecoder', () => {
  it('decodes each column of an array row as drizzle does, nulls kept, SQL fields through their mapWith', () => {
    const decode = rowDecoder({ id: t.id, name: t.name, at: t.at, day: t.day, total: sql<number>`count(*) over()`.mapWith(Number) });
    expect(decode(['12', 'a', '2026-11-25 10:00:00', '2026-11-25', '7'])).toEqual({
      id: 12, name: 'a', at: new Date('2026-11-25T10:00:00Z'), day: '2026-11-25', total: 7,
    });
    expect(decode(['13', null, null, null, '0'])).toEqual({ id: 13, name: null, at: null, day: null, total: 0 });
  });
});

/** A statement whose calls finish when the test says so. */
function controlled() {
  const calls: { values: Record<string, unknown>; finish: (rows: Record<string, unknown>[]) => void; fail: (e: Error) => void }[] = [];
  const statement: Statement = {
    id: 's1',
    run: (values) => new Promise((resolve, reject) => calls.push({ values, finish: resolve, fail: reject })),
  };
  return { statement, calls };
}

describe('SharedReads', () => {
  it('answers identical reads at the same time with one query, other values with their own', async () => {
    const { statement, calls } = controlled();
    const shared = new SharedReads();
    const a = shared.run(statement, { tenantId: '1', f0: 'x' });
    const b = shared.run(statement, { tenantId: '1', f0: 'x' });
    const other = shared.run(statement, { tenantId: '2', f0: 'x' });
    expect(calls).toHaveLength(2);
    calls[0]!.finish([{ id: '1' }]);
    calls[1]!.finish([{ id: '2' }]);
    expect(await a).toEqual([{ id: '1' }]);
    expect(await b).toEqual([{ id: '1' }]);
    expect(await other).toEqual([{ id: '2' }]);
    // Finished reads are not remembered.
    void shared.run(statement, { tenantId: '1', f0: 'x' });
    expect(calls).toHaveLength(3);
  });

  it('lets a read that starts after a write run its own query', async () => {
    const { statement, calls } = controlled();
    const shared = new SharedReads();
    const before = shared.run(statement, { tenantId: '1' });
    shared.changed();
    const after = shared.run(statement, { tenantId: '1' });
    expect(calls).toHaveLength(2);
    calls[1]!.finish([{ id: 'new' }]);
    calls[0]!.finish([]);
    expect(await after).toEqual([{ id: 'new' }]);
    expect(await before).toEqual([]);
  });

  it('does not keep a failed read', async () => {
    const { statement, calls } = controlled();
    const shared = new SharedReads();
    const failed = shared.run(statement, { tenantId: '1' });
    calls[0]!.fail(new Error('connection lost'));
    await expect(failed).rejects.toThrow('connection lost');
    const again = shared.run(statement, { tenantId: '1' });
    expect(calls).toHaveLength(2);
    calls[1]!.finish([{ id: '1' }]);
    expect(await again).toEqual([{ id: '1' }]);
  });

  it('with remember, answers a finished read again until the entity is written', async () => {
    const { statement, calls } = controlled();
    const shared = new SharedReads(true);
    const first = shared.run(statement, { tenantId: '1' });
    calls[0]!.finish([{ id: '1' }]);
    expect(await first).toEqual([{ id: '1' }]);
    expect(await shared.run(statement, { tenantId: '1' })).toEqual([{ id: '1' }]);
    expect(calls).toHaveLength(1);
    shared.changed();
    const after = shared.run(statement, { tenantId: '1' });
    expect(calls).toHaveLength(2);
    calls[1]!.finish([{ id: '2' }]);
    expect(await after).toEqual([{ id: '2' }]);
  });

  it('with remember, does not keep a read that was running when the entity was written', async () => {
    const { statement, calls } = controlled();
    const shared = new SharedReads(true);
    const before = shared.run(statement, { tenantId: '1' });
    shared.changed();
    calls[0]!.finish([{ id: 'old' }]);
    expect(await before).toEqual([{ id: 'old' }]);
    void shared.run(statement, { tenantId: '1' });
    expect(calls).toHaveLength(2);
  });

  it('with remember, does not keep a read too large to hold (a whole fleet listed)', async () => {
    const { statement, calls } = controlled();
    const shared = new SharedReads(true);
    const big = shared.run(statement, { tenantId: '1' });
    calls[0]!.finish(Array.from({ length: 20_001 }, (_, i) => ({ id: String(i) })));
    expect(await big).toHaveLength(20_001);
    void shared.run(statement, { tenantId: '1' });
    expect(calls).toHaveLength(2);
  });
});
