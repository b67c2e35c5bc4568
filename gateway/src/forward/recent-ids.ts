/**
 * Row ids of the frames already confirmed by a platform, the latest `capacity` of them. The raw
 * stream is at-least-once (an ingest publishes a batch again when the store's answer is lost, and
 * a consumer gets a message again after its ack wait), and every frame keeps its row id through
 * all of that: a frame whose id is here is not sent again.
 */
const MOD = 2n ** 53n;

export class RecentIds {
  private readonly set = new Set<number>();
  private readonly ring: Float64Array;
  private next = 0;

  constructor(readonly capacity = 500_000) {
    this.ring = new Float64Array(capacity);
  }

  /** Row ids are 64-bit; 53 bits of them are kept (as a number, far smaller than a string). */
  static key(id: string): number {
    return Number(BigInt(id) % MOD);
  }

  has(id: string): boolean {
    return this.set.has(RecentIds.key(id));
  }

  add(id: string): void {
    const k = RecentIds.key(id);
    if (this.set.has(k)) return;
    if (this.set.size >= this.capacity) this.set.delete(this.ring[this.next]!);
    this.ring[this.next] = k;
    this.next = (this.next + 1) % this.capacity;
    this.set.add(k);
  }
}
