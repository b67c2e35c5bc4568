/** Frames a connection may send: `ratePerS` sustained, bursts up to `burst` (a reissue window arrives at once). */
export class FrameRate {
  private tokens: number;
  private lastRefill = Date.now();

  constructor(private readonly ratePerS: number, private readonly burst: number) {
    this.tokens = burst;
  }

  /** Takes one frame's token; false when the connection is over its rate (the frame is dropped). */
  take(now = Date.now()): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.lastRefill) / 1000) * this.ratePerS);
    this.lastRefill = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
