// Streaming framer: split and merged packets, garbage, bad BCC, oversize, resynchronisation.
import { describe, expect, it } from 'vitest';
import { createFramer } from '../../src/protocol/index.ts';
import { hex, S3, toHex, V1, V4 } from './vectors.ts';

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
};

describe('createFramer', () => {
  it('emits one frame per whole frame pushed', () => {
    const f = createFramer();
    expect(f.push(hex(V1)).map(toHex)).toEqual([V1]);
    expect(f.stats).toEqual({ frames: 1, badChecksum: 0, garbageBytes: 0, oversize: 0 });
    expect(f.buffered).toBe(0);
  });

  it('joins a frame split byte by byte', () => {
    const f = createFramer();
    const bytes = hex(V1);
    const out: Uint8Array[] = [];
    for (let i = 0; i < bytes.length; i++) {
      const got = f.push(bytes.subarray(i, i + 1));
      if (i < bytes.length - 1) expect(got).toEqual([]);
      out.push(...got);
    }
    expect(out.map(toHex)).toEqual([V1]);
  });

  it('splits merged frames of both editions and skips garbage between them', () => {
    const f = createFramer();
    const stream = concat(hex('00ff2323'), hex(V4), hex('deadbeef24'), hex(S3.ack2025), hex(V1), hex('23'));
    expect(f.push(stream).map(toHex)).toEqual([V4, S3.ack2025, V1]);
    // 4 + 5 bytes of garbage before the frames; the trailing '#' may start a frame, so it is held.
    expect(f.stats.garbageBytes).toBe(9);
    expect(f.buffered).toBe(1);
  });

  it('drops a frame with a bad BCC, counts it, and recovers at the next frame', () => {
    const f = createFramer();
    const bad = hex(V4);
    bad[bad.length - 1] ^= 0x01;
    const out = f.push(concat(bad, hex(V4)));
    expect(out.map(toHex)).toEqual([V4]);
    expect(f.stats.badChecksum).toBe(1);
    expect(f.stats.garbageBytes).toBe(bad.length);
  });

  it('rejects frames longer than maxFrameSize as oversize', () => {
    const f = createFramer({ maxFrameSize: 100 });
    const out = f.push(concat(hex(V1), hex(V4)));
    expect(out.map(toHex)).toEqual([V4]);
    expect(f.stats.oversize).toBe(1);
  });

  it('accepts only the configured editions', () => {
    const f = createFramer({ editions: ['2025'] });
    expect(f.push(concat(hex(S3.ack2016), hex(S3.ack2025))).map(toHex)).toEqual([S3.ack2025]);
  });

  it('does not let a garbage header announcing a long frame hold back real frames', () => {
    const f = createFramer();
    // "##", command, flag 0xFE, 17-byte id, encryption 1, length 60000: plausible, never completed.
    const fake = concat(hex('2323' + '02fe'), new Uint8Array(17).fill(0x41), hex('01ea60'));
    const out = f.push(concat(fake, hex(V4), hex(V1)));
    expect(out.map(toHex)).toEqual([V4, V1]);
    expect(f.stats.garbageBytes).toBe(fake.length);
  });

  it('rejects reserved response-flag and encryption codes unless checkHeaderCodes is off', () => {
    const odd = hex(S3.ack2016);
    odd[21] = 0x00; // reserved encryption code
    odd[odd.length - 1] ^= 0x01; // keep the BCC valid
    expect(createFramer().push(odd)).toEqual([]);
    expect(createFramer({ checkHeaderCodes: false }).push(odd).map(toHex)).toEqual([toHex(odd)]);
  });

  it('never throws on non-bytes or empty input', () => {
    const f = createFramer();
    expect(f.push(new Uint8Array(0))).toEqual([]);
    expect(f.push(undefined as unknown as Uint8Array)).toEqual([]);
    expect(f.push('##' as unknown as Uint8Array)).toEqual([]);
  });

  it('returns copies, independent of later pushes', () => {
    const f = createFramer();
    const chunk = hex(V4);
    const [frame] = f.push(chunk);
    chunk.fill(0);
    f.push(hex(V1));
    expect(toHex(frame)).toBe(V4);
  });

  it('reset drops a partial frame', () => {
    const f = createFramer();
    f.push(hex(V1).subarray(0, 100));
    expect(f.buffered).toBe(100);
    f.reset();
    expect(f.buffered).toBe(0);
    expect(f.push(hex(V4)).map(toHex)).toEqual([V4]);
  });
});
