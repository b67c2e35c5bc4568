// Fuzz: 100,000+ mutated frames (bit flips, truncation, duplication, garbage) streamed
// through the framer in random chunk sizes. Nothing may throw, every emitted frame must
// be well formed, and the byte accounting must balance.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bcc, createFramer, decodeFrame, encodeFrame, type Framer } from '../../src/protocol/index.ts';
import { frameArb } from './arbitraries.ts';
import { ALL_PUBLIC_FRAMES, hex, toHex } from './vectors.ts';

const MUTATED_FRAMES = 100_000;
/** Above every seed frame; rewritten length fields often exceed it. */
const MAX_FRAME = 2048;

/** mulberry32: a small seeded PRNG so failures reproduce. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Response flag and encryption codes the standard defines (the framer rejects others by default). */
const conformant = (f: Uint8Array) => ((f[3] >= 1 && f[3] <= 7) || f[3] === 0xfe) && ((f[21] >= 1 && f[21] <= 5) || f[21] >= 0xfe);

const seeds: Uint8Array[] = [
  ...ALL_PUBLIC_FRAMES.map(hex),
  ...fc.sample(frameArb('2016'), { numRuns: 300, seed: 7 }).map(encodeFrame).filter(conformant),
  ...fc.sample(frameArb('2025'), { numRuns: 300, seed: 8 }).map(encodeFrame).filter(conformant),
];

function mutate(frame: Uint8Array, rnd: () => number): Uint8Array {
  const int = (n: number) => Math.floor(rnd() * n);
  let b = frame.slice();
  const rounds = 1 + int(3);
  for (let k = 0; k < rounds; k++) {
    const op = int(6);
    if (op === 0 && b.length > 0) {
      b[int(b.length)] ^= 1 << int(8); // bit flip
    } else if (op === 1) {
      b = b.slice(0, int(b.length + 1)); // truncation
    } else if (op === 2 && b.length > 0) {
      const s = int(b.length); // duplicate a segment in place
      const e = s + int(b.length - s + 1);
      b = Uint8Array.from([...b.subarray(0, e), ...b.subarray(s, e), ...b.subarray(e)]);
    } else if (op === 3) {
      const at = int(b.length + 1); // insert garbage, rich in marker bytes
      const junk = Array.from({ length: 1 + int(40) }, () => (rnd() < 0.3 ? (rnd() < 0.5 ? 0x23 : 0x24) : int(256)));
      b = Uint8Array.from([...b.subarray(0, at), ...junk, ...b.subarray(at)]);
    } else if (op === 4 && b.length > 24) {
      const len = int(0x10000); // rewrite the declared length
      b[22] = len >> 8;
      b[23] = len & 0xff;
    } else {
      b = Uint8Array.from({ length: int(64) }, () => int(256)); // pure garbage
    }
  }
  return b;
}

function checkEmitted(frames: Uint8Array[]): number {
  let bytes = 0;
  for (const f of frames) {
    const declared = (f[22] << 8) | f[23];
    expect(f[0] === f[1] && (f[0] === 0x23 || f[0] === 0x24)).toBe(true);
    expect(f.length).toBe(25 + declared);
    expect(f.length).toBeLessThanOrEqual(MAX_FRAME);
    expect(bcc(f, 2, f.length - 1)).toBe(f[f.length - 1]);
    const r = decodeFrame(f); // must return, ok or with a reason
    expect(typeof r.ok).toBe('boolean');
    bytes += f.length;
  }
  return bytes;
}

describe('framer fuzz', () => {
  it(`${MUTATED_FRAMES} mutated frames in random chunks: no throw, only well-formed frames, balanced accounting`, () => {
    const rnd = prng(0x32960);
    const framer: Framer = createFramer({ maxFrameSize: MAX_FRAME });
    let pushed = 0;
    let emittedBytes = 0;
    let intact = 0;
    let intactRecovered = 0;
    const pending = new Map<string, number>();

    const BATCH = 500;
    for (let done = 0; done < MUTATED_FRAMES; done += BATCH) {
      const parts: Uint8Array[] = [];
      for (let i = 0; i < BATCH; i++) {
        const seed = seeds[Math.floor(rnd() * seeds.length)];
        const mutated = mutate(seed, rnd);
        // decodeFrame alone never throws on the mutated bytes either.
        expect(typeof decodeFrame(mutated).ok).toBe('boolean');
        parts.push(mutated);
        if (rnd() < 0.25) {
          const clean = seeds[Math.floor(rnd() * seeds.length)];
          parts.push(clean);
          intact++;
          const key = toHex(clean);
          pending.set(key, (pending.get(key) ?? 0) + 1);
        }
      }
      const stream = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
      let o = 0;
      for (const p of parts) {
        stream.set(p, o);
        o += p.length;
      }
      for (let p = 0; p < stream.length; ) {
        const size = 1 + Math.floor(rnd() * (rnd() < 0.2 ? 16 : 2048));
        const chunk = stream.subarray(p, p + size);
        p += chunk.length;
        pushed += chunk.length;
        const out = framer.push(chunk);
        emittedBytes += checkEmitted(out);
        for (const f of out) {
          const key = toHex(f);
          const n = pending.get(key);
          if (n) {
            intactRecovered++;
            if (n === 1) pending.delete(key);
            else pending.set(key, n - 1);
          }
        }
      }
    }
    expect(pushed).toBe(emittedBytes + framer.stats.garbageBytes + framer.buffered);
    expect(framer.stats.badChecksum).toBeGreaterThan(0);
    expect(framer.stats.oversize).toBeGreaterThan(0);
    // A corrupted frame right before an intact one can, rarely, swallow it with a chance BCC match.
    expect(intactRecovered / intact).toBeGreaterThan(0.99);
  });

  it('recovers every intact frame, in order, from marker-free garbage and random splits', () => {
    const rnd = prng(42);
    const framer = createFramer();
    const sent: string[] = [];
    const got: string[] = [];
    let garbage = 0;
    for (let i = 0; i < 3000; i++) {
      const junk = Uint8Array.from({ length: Math.floor(rnd() * 30) }, () => {
        const v = Math.floor(rnd() * 254);
        return v >= 0x23 ? v + 2 : v; // never 0x23 '#' or 0x24 '$'
      });
      garbage += junk.length;
      const frame = seeds[Math.floor(rnd() * seeds.length)];
      sent.push(toHex(frame));
      const all = Uint8Array.from([...junk, ...frame]);
      for (let p = 0; p < all.length; ) {
        const chunk = all.subarray(p, p + 1 + Math.floor(rnd() * 300));
        p += chunk.length;
        for (const f of framer.push(chunk)) got.push(toHex(f));
      }
    }
    expect(got).toEqual(sent);
    expect(framer.stats).toEqual({ frames: 3000, badChecksum: 0, garbageBytes: garbage, oversize: 0 });
  });
});
