import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { keyedBigId, keyedId } from './keyed-id.ts';

/** The id as it was first defined: ids stored by earlier versions must come out the same. */
const asFirstDefined = (...parts: (string | number)[]) =>
  BigInt('0x' + createHash('sha1').update(parts.join('|')).digest('hex').slice(0, 15)).toString();

describe('keyedId', () => {
  it('is the first 60 bits of the SHA-1 of the joined parts, as stored before', () => {
    expect(keyedId('LWDEV3D4XNC752765', 'position', 1764140000000)).toBe(asFirstDefined('LWDEV3D4XNC752765', 'position', 1764140000000));
    fc.assert(fc.property(fc.array(fc.oneof(fc.string(), fc.integer(), fc.double({ noNaN: true })), { minLength: 1, maxLength: 4 }), (parts) => {
      expect(keyedId(...parts)).toBe(asFirstDefined(...parts));
    }));
  });

  it('is the same number as a bigint', () => {
    fc.assert(fc.property(fc.string(), fc.integer(), (vin, ts) => {
      expect(keyedBigId(vin, 'position', ts)).toBe(BigInt(keyedId(vin, 'position', ts)));
    }));
  });

  it('is a positive id below 2^60, different for different parts', () => {
    const a = BigInt(keyedId('A', 'position', 1));
    const b = BigInt(keyedId('A', 'position', 2));
    expect(a).toBeGreaterThan(0n);
    expect(a).toBeLessThan(2n ** 60n);
    expect(a).not.toBe(b);
  });
});
