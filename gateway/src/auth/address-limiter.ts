/**
 * Counts failures per client address in a fixed window: past `max` failures the address is
 * refused until its window ends. In memory, per gateway (each replica limits on its own), and
 * bounded: expired windows are swept when the map grows.
 */
export class AddressLimiter {
  private windows = new Map<string, { count: number; endsAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until the address may try again, or 0 when it may now. */
  retryAfterMs(address: string): number {
    const w = this.windows.get(address);
    if (!w) return 0;
    const left = w.endsAt - this.now();
    if (left <= 0) {
      this.windows.delete(address);
      return 0;
    }
    return w.count >= this.max ? left : 0;
  }

  fail(address: string): void {
    const now = this.now();
    const w = this.windows.get(address);
    if (w && w.endsAt > now) w.count++;
    else this.windows.set(address, { count: 1, endsAt: now + this.windowMs });
    if (this.windows.size > 10_000) for (const [k, v] of this.windows) if (v.endsAt <= now) this.windows.delete(k);
  }
}
