import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/test-gateway.ts';
import type { Db } from '../db/client.ts';
import { emptyTotals } from './day-totals.ts';
import { addDays, dayKeyId, loadDays } from './day-store.ts';

let db: Db;
let dispose: () => Promise<void>;
beforeAll(async () => {
  const fresh = await freshDatabase();
  db = fresh.database.db;
  dispose = fresh.dispose;
});
afterAll(() => dispose());

const totals = (frames: number, lastSoc: number) => ({ ...emptyTotals(), frames, lastSoc, lastTime: Date.UTC(2026, 4, 1) });

describe('vehicle-day rows loaded in one batch', () => {
  it('gives each vehicle-day its own row and the vehicle newest row up to it, whatever else is in the batch', async () => {
    await addDays(db, [
      { tenantId: 'T1', vin: 'VINA', day: '2026-05-01', totals: totals(10, 50) },
      { tenantId: 'T1', vin: 'VINA', day: '2026-05-03', totals: totals(3, 40) },
      { tenantId: 'T1', vin: 'VINB', day: '2026-05-02', totals: totals(7, 70) },
      // Same VIN in another tenant: never read for T1.
      { tenantId: 'T2', vin: 'VINB', day: '2026-05-03', totals: totals(99, 9) },
    ]);
    const keys = [
      { tenantId: 'T1', vin: 'VINA', day: '2026-05-03' },
      { tenantId: 'T1', vin: 'VINB', day: '2026-05-03' },
      { tenantId: 'T1', vin: 'VINC', day: '2026-05-03' },
      { tenantId: 'T1', vin: 'VINA', day: '2026-05-02' },
    ];
    const got = await loadDays(db, keys);
    const a = got.get(dayKeyId(keys[0]!))!;
    expect([a.stored.frames, a.latest?.lastSoc]).toEqual([3, 40]);
    const b = got.get(dayKeyId(keys[1]!))!;
    expect([b.stored.frames, b.latest?.frames, b.latest?.lastSoc]).toEqual([0, 7, 70]);
    const c = got.get(dayKeyId(keys[2]!))!;
    expect([c.stored.frames, c.latest]).toEqual([0, undefined]);
    const earlier = got.get(dayKeyId(keys[3]!))!;
    expect([earlier.stored.frames, earlier.latest?.frames]).toEqual([0, 10]);
  });
});
