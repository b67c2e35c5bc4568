/**
 * GB/T 32960 codec benchmark, one core: decode and encode of the 312-byte realtime frame
 * V1 (reference §4) for ~2 s each, the framer on a stream of those frames in 4 KiB
 * chunks, and a fuzz run counting malformed frames escaping the framer (target 0).
 * Prints one JSON object per line: {"name","unit","value"}.
 *
 * Run: npx tsx contracts/bench/codec.bench.ts   (BENCH_SECONDS, BENCH_FUZZ_FRAMES to tune)
 */
import { bcc, createFramer, decodeFrame, encodeFrame } from '../src/protocol/index.ts';

const V1 =
  '232302fe4c534a4532343036364a4732323935383901011f14090812110c01020101000000031fec0e8026bb45021013dd0000050007381f0701d8cc8c06013e0f20010c0f1701054e01074c070000000000000000000801010e8126bb00600001600f1b0f1b0f190f1a0f1a0f1a0f1a0f180f1a0f1a0f1b0f170f1b0f1b0f1b0f1c0f190f1a0f1a0f1b0f1a0f1a0f1a0f1a0f1a0f1a0f1a0f190f1a0f190f1b0f1a0f1b0f1a0f190f1a0f1b0f1b0f1a0f1b0f1a0f1d0f1a0f1a0f1b0f1c0f1d0f1d0f1c0f1b0f1b0f1c0f1a0f1d0f1d0f1c0f1d0f1d0f1b0f1b0f1a0f200f1d0f1a0f1a0f1a0f1a0f1b0f1b0f1b0f1a0f1c0f1b0f1a0f1a0f1a0f1b0f1e0f1d0f1b0f1c0f1d0f1d0f1d0f1d0f1c0f1b0f1b0f1d0f1c0f1c0f1c0f1c0f1d0f1b0f1d09010100104d4d4d4d4e4d4c4c4d4c4d4d4d4d4d4c2a';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const FUZZ_FRAMES = Number(process.env.BENCH_FUZZ_FRAMES ?? 300_000);

const frameBytes = Uint8Array.from(V1.match(/../g) ?? [], (h) => parseInt(h, 16));
let sink = 0;

function report(name: string, unit: string, value: number): void {
  console.log(JSON.stringify({ name, unit, value: Math.round(value) }));
}

/** Calls `op` in batches for ~SECONDS after a short warm-up; returns calls per second. */
function rate(op: () => number): number {
  const warmUntil = performance.now() + 300;
  while (performance.now() < warmUntil) for (let i = 0; i < 1000; i++) sink += op();
  let calls = 0;
  const start = performance.now();
  const stop = start + SECONDS * 1000;
  let now = start;
  while (now < stop) {
    for (let i = 0; i < 1000; i++) sink += op();
    calls += 1000;
    now = performance.now();
  }
  return calls / ((now - start) / 1000);
}

const decoded = decodeFrame(frameBytes);
if (!decoded.ok) throw new Error(`V1 does not decode: ${decoded.reason}`);
const frame = decoded.frame;

report('codec.decode', 'frames/s', rate(() => (decodeFrame(frameBytes).ok ? 1 : 0)));
report('codec.encode', 'frames/s', rate(() => encodeFrame(frame).length));

// Framer: a 64-frame stream pushed in 4 KiB chunks, frames counted per second.
const STREAM_FRAMES = 64;
const stream = new Uint8Array(frameBytes.length * STREAM_FRAMES);
for (let i = 0; i < STREAM_FRAMES; i++) stream.set(frameBytes, i * frameBytes.length);
const framer = createFramer();
const framerRate = rate(() => {
  let n = 0;
  for (let p = 0; p < stream.length; p += 4096) n += framer.push(stream.subarray(p, p + 4096)).length;
  return n;
});
report('codec.framer', 'frames/s', framerRate * STREAM_FRAMES);

// Fuzz: mutated copies of V1 (bit flips, truncation, duplicated segments, garbage) through one framer.
let seed = 0x32960;
const rnd = (n: number) => {
  seed = (seed * 1103515245 + 12345) >>> 0;
  return (seed >>> 8) % n;
};
const fuzzFramer = createFramer({ maxFrameSize: 2048 });
let escapes = 0;
for (let done = 0; done < FUZZ_FRAMES; done++) {
  let b = frameBytes.slice();
  const op = rnd(4);
  if (op === 0) b[rnd(b.length)] ^= 1 << rnd(8);
  else if (op === 1) b = b.slice(0, rnd(b.length));
  else if (op === 2) {
    const s = rnd(b.length);
    const e = s + rnd(b.length - s);
    const d = new Uint8Array(b.length + e - s);
    d.set(b.subarray(0, e));
    d.set(b.subarray(s), e);
    b = d;
  } else b = Uint8Array.from({ length: rnd(64) }, () => (rnd(3) === 0 ? 0x23 : rnd(256)));
  for (let p = 0; p < b.length; ) {
    const size = 1 + rnd(512);
    for (const f of fuzzFramer.push(b.subarray(p, p + size))) {
      const ok = f.length === 25 + ((f[22] << 8) | f[23]) && bcc(f, 2, f.length - 1) === f[f.length - 1] && f[0] === f[1];
      if (!ok) escapes++;
      sink += typeof decodeFrame(f).ok === 'boolean' ? 1 : 0;
    }
    p += size;
  }
}
report('codec.fuzz.frames', 'frames', FUZZ_FRAMES);
report('codec.fuzz.escapes', 'frames', escapes);

if (sink === -1) console.log(sink); // keeps the measured work observable
