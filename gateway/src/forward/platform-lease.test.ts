import { describe, expect, it } from 'vitest';
import { localLease, postgresLease } from './platform-lease.ts';

const url = process.env.TEST_DATABASE_URL;
// The PGlite run of the suite leaves TEST_DATABASE_URL empty; the Postgres run (required under CI
// by scripts/test-all.mjs) sets it, and this block runs there.
if (!url) console.warn('platform lease on Postgres skipped here: TEST_DATABASE_URL is not set (the Postgres run of the suite covers it)');

describe('platform lease', () => {
  it('on the embedded database this gateway holds every platform', async () => {
    const lease = localLease();
    expect(await lease.tryAcquire('1')).toBe(true);
    expect(await lease.tryAcquire('1')).toBe(true);
  });

  it.skipIf(!url)('on Postgres one gateway holds a platform until it releases it or its connection ends', async () => {
    const a = postgresLease(url!);
    const b = postgresLease(url!);
    try {
      expect(await a.tryAcquire('700001')).toBe(true);
      expect(await a.tryAcquire('700001')).toBe(true);
      expect(await b.tryAcquire('700001')).toBe(false);
      expect(await b.tryAcquire('700002')).toBe(true);
      await a.release('700001');
      expect(await b.tryAcquire('700001')).toBe(true);
      expect(await a.tryAcquire('700002')).toBe(false);
      // A gateway that goes away (its session ends) leaves its platforms to the others.
      await b.close();
      expect(await a.tryAcquire('700002')).toBe(true);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
