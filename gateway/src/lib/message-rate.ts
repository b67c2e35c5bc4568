/**
 * Messages allowed per second on one socket, counted in one-second windows: a browser sends
 * a subscription now and then, never a stream, so past the limit the socket is closed (1008).
 */
export class MessageRate {
  private windowStart = 0;
  private count = 0;

  constructor(
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one message; false once the second's allowance is spent. */
  allow(): boolean {
    const t = this.now();
    if (t - this.windowStart >= 1000) {
      this.windowStart = t;
      this.count = 0;
    }
    return ++this.count <= this.perSecond;
  }
}

/** Close codes of RFC 6455: a policy violation (too many messages) and a message too big. */
export const CLOSE_POLICY = 1008;
export const CLOSE_TOO_BIG = 1009;
