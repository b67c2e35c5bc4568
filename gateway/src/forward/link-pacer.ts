/**
 * The budget of a platform link: at most `frameRate` frames a second in all, live frames first,
 * and the backlog of an outage at most `backlogShare` of that rate. Two token buckets on one
 * clock: every frame takes a token of the link's bucket; a backlog frame also takes one of the
 * backlog's bucket. Live frames therefore never wait behind the backlog, and the backlog still
 * drains at its share while live data flows.
 */
export interface PacerOptions {
  /** Frames per second the link may carry (realtime and reissue together). */
  frameRate: number;
  /** Share of frameRate the backlog (reissue) may use, 0 < share <= 1. */
  backlogShare: number;
  /** How much unused budget may be saved up, in seconds of the rate (a burst after an idle spell). */
  burstSeconds?: number;
}

export interface Allowance {
  live: number;
  backlog: number;
}

export class LinkPacer {
  private linkTokens: number;
  private backlogTokens: number;
  private last: number;
  private readonly burst: number;

  constructor(private readonly o: PacerOptions, private readonly now: () => number = Date.now) {
    if (!(o.frameRate > 0)) throw new RangeError(`frameRate must be positive, got ${o.frameRate}`);
    if (!(o.backlogShare > 0 && o.backlogShare <= 1)) throw new RangeError(`backlogShare must be in (0, 1], got ${o.backlogShare}`);
    this.burst = o.burstSeconds ?? 0.2;
    this.last = now();
    // A new link starts with one burst of budget, so its first frames go at once.
    this.linkTokens = this.linkCap;
    this.backlogTokens = this.backlogCap;
  }

  private get linkCap(): number {
    return Math.max(1, this.o.frameRate * this.burst);
  }

  /**
   * The backlog may save up as much as the link (not just its share of it): what it could not
   * use while a burst of live frames took the link, it uses right after, so its average stays
   * at its share.
   */
  private get backlogCap(): number {
    return this.linkCap;
  }

  private refill(): void {
    const t = this.now();
    const seconds = Math.max(0, t - this.last) / 1000;
    this.last = t;
    this.linkTokens = Math.min(this.linkCap, this.linkTokens + seconds * this.o.frameRate);
    this.backlogTokens = Math.min(this.backlogCap, this.backlogTokens + seconds * this.o.frameRate * this.o.backlogShare);
  }

  /** How many of the waiting frames may go now (live first), and takes their tokens. */
  take(liveWaiting: number, backlogWaiting: number): Allowance {
    this.refill();
    const live = Math.min(liveWaiting, Math.floor(this.linkTokens));
    this.linkTokens -= live;
    const backlog = Math.min(backlogWaiting, Math.floor(Math.min(this.linkTokens, this.backlogTokens)));
    this.linkTokens -= backlog;
    this.backlogTokens -= backlog;
    return { live, backlog };
  }

  /** Milliseconds until a frame of the given kind may go (0 = now). */
  waitMs(kind: 'live' | 'backlog'): number {
    this.refill();
    const linkShort = 1 - this.linkTokens;
    const wait = (short: number, rate: number) => (short <= 0 ? 0 : Math.ceil((short / rate) * 1000));
    const linkWait = wait(linkShort, this.o.frameRate);
    if (kind === 'live') return linkWait;
    return Math.max(linkWait, wait(1 - this.backlogTokens, this.o.frameRate * this.o.backlogShare));
  }
}
