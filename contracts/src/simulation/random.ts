/**
 * Seeded pseudo-random numbers for demo data and the simulator. Deterministic across
 * platforms (32-bit integer arithmetic only), browser-safe, and cheap enough to draw
 * millions of numbers a second. Not for anything secret.
 */

/** Mixes integers into one 32-bit seed (murmur3 finalizer per part), so (seed, index, stream) give independent streams. */
export function hashSeed(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    let k = Math.imul((part | 0) ^ Math.floor(part / 0x100000000), 0xcc9e2d51);
    k = Math.imul((k << 15) | (k >>> 17), 0x1b873593);
    h ^= k;
    h = Math.imul((h << 13) | (h >>> 19), 5) + 0xe6546b64;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** mulberry32 as a plain function: a generator of floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  const r = new SeededRandom(seed);
  return () => r.next();
}

/**
 * mulberry32 generator with the draws the simulator needs. The state is one field
 * (not a closure) so a fleet of thousands keeps one small object per stream.
 */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Uniform in [min, max). */
  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick: empty list');
    return items[this.int(items.length)];
  }

  /** Normal deviate (Box–Muller; one draw pair per call keeps the stream simple to reason about). */
  normal(mean = 0, sd = 1): number {
    const u = 1 - this.next();
    const v = this.next();
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Waiting time until the next event of a Poisson process with `rate` events per unit; Infinity when rate <= 0. */
  exponential(rate: number): number {
    if (!(rate > 0)) return Number.POSITIVE_INFINITY;
    return -Math.log(1 - this.next()) / rate;
  }

  /** An independent stream derived from this generator's next draw and the given parts. */
  fork(...parts: number[]): SeededRandom {
    return new SeededRandom(hashSeed(this.int(0x100000000), ...parts));
  }
}
