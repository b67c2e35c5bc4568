import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isoTime } from './iso-time.ts';

describe('isoTime', () => {
  it('formats as Date.toISOString does, in and across seconds, before 1970 and after 9999', () => {
    for (const ms of [0, 1, 999, 1000, 1_700_000_000_123, 1_700_000_000_999, 1_700_000_001_000, -1, -1001, 253_402_300_800_000]) {
      expect(isoTime(ms)).toBe(new Date(ms).toISOString());
    }
    fc.assert(fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), (ms) => isoTime(ms) === new Date(ms).toISOString()));
  });

  it('refuses what Date refuses', () => {
    expect(() => isoTime(Number.NaN)).toThrow(RangeError);
    expect(() => isoTime(8.64e15 + 1)).toThrow(RangeError);
  });
});
