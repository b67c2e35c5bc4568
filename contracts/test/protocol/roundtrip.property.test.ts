// encode∘decode is the identity, both ways, over generated frames of both editions.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bcc, decodeFrame, encodeFrame, type Edition } from '../../src/protocol/index.ts';
import { frameArb, rawFrame, rawRealtimeBody, rawVin } from './arbitraries.ts';

const RUNS = 2000;

describe.each<Edition>(['2016', '2025'])('%s edition', (edition) => {
  it('decoded objects → encode → decode gives the same object, and re-encodes to the same bytes', () => {
    fc.assert(
      fc.property(frameArb(edition), (frame) => {
        const bytes = encodeFrame(frame);
        expect(bytes.length).toBe(25 + ((bytes[22] << 8) | bytes[23]));
        expect(bcc(bytes, 2, bytes.length - 1)).toBe(bytes[bytes.length - 1]);
        const r = decodeFrame(bytes);
        if (!r.ok) throw new Error(`${r.error}: ${r.reason}`);
        expect(r.frame).toEqual(frame);
        expect(encodeFrame(r.frame)).toEqual(bytes);
      }),
      { numRuns: RUNS },
    );
  });

  it('realtime frames laid out from the tables → decode → encode gives the same bytes', () => {
    fc.assert(
      fc.property(fc.constantFrom(0x02, 0x03), rawVin, rawRealtimeBody(edition), (command, vin, body) => {
        const bytes = rawFrame(edition, command, 0xfe, vin, body);
        const r = decodeFrame(bytes);
        if (!r.ok) throw new Error(`${r.error}: ${r.reason}`);
        expect(r.frame.body.kind).toBe('realtime');
        expect(encodeFrame(r.frame)).toEqual(bytes);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('other data units laid out from the tables', () => {
  const time = fc.uint8Array({ minLength: 6, maxLength: 6 }).map((b) => Array.from(b));
  const be16 = (n: number) => [n >> 8, n & 0xff];
  const str = (n: number) => fc.uint8Array({ minLength: n, maxLength: n }).map((b) => Array.from(b));

  it('2016 login: time, seq, ICCID(20), n, m, n×m code bytes', () => {
    const body = fc
      .tuple(time, str(2), str(20), fc.integer({ min: 0, max: 4 }), fc.integer({ min: 1, max: 8 }))
      .chain(([t, s, iccid, n, m]) => str(n * m).map((codes) => [...t, ...s, ...iccid, n, m, ...codes]));
    fc.assert(
      fc.property(rawVin, body, (vin, b) => {
        const bytes = rawFrame('2016', 0x01, 0xfe, vin, b);
        const r = decodeFrame(bytes);
        if (!r.ok) throw new Error(r.reason);
        expect(encodeFrame(r.frame)).toEqual(bytes);
      }),
      { numRuns: 500 },
    );
  });

  it('2025 login: time, seq, ICCID(20), BMS count, packs per BMS, 24-byte codes', () => {
    const body = fc
      .tuple(time, str(2), str(20), fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 3 }))
      .chain(([t, s, iccid, perBms]) => {
        const total = perBms.reduce((a, b) => a + b, 0);
        return str(24 * total).map((codes) => [...t, ...s, ...iccid, perBms.length, ...perBms, ...codes]);
      });
    fc.assert(
      fc.property(rawVin, body, (vin, b) => {
        const bytes = rawFrame('2025', 0x01, 0xfe, vin, b);
        const r = decodeFrame(bytes);
        if (!r.ok) throw new Error(r.reason);
        expect(encodeFrame(r.frame)).toEqual(bytes);
      }),
      { numRuns: 500 },
    );
  });

  it('2025 key exchange: type, WORD length, key, two times', () => {
    const body = fc.tuple(str(1), fc.uint8Array({ maxLength: 32 }), time, time).map(([t, key, a, b]) => [...t, ...be16(key.length), ...key, ...a, ...b]);
    fc.assert(
      fc.property(rawVin, body, (vin, b) => {
        const bytes = rawFrame('2025', 0x0b, 0xfe, vin, b);
        const r = decodeFrame(bytes);
        if (!r.ok) throw new Error(r.reason);
        expect(r.frame.body.kind).toBe('keyExchange');
        expect(encodeFrame(r.frame)).toEqual(bytes);
      }),
      { numRuns: 300 },
    );
  });
});
