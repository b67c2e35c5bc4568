/** What a lane runs checks on (password-threads.ts; tests give stand-ins). */
export interface CheckRunner<Request, Answer> {
  run(request: Request): Promise<Answer>;
}

interface Lane<Request, Answer> {
  runner: CheckRunner<Request, Answer>;
  size: number;
  busy: number;
}

interface Waiting<Request, Answer> {
  request: Request;
  at: number;
  resolve: (answer: Answer) => void;
  reject: (err: unknown) => void;
}

export interface LaneClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: LaneClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    // A waiting check does not keep a stopping process alive (its caller's request does).
    t.unref();
    return t;
  },
  clearTimeout: (t) => clearTimeout(t as NodeJS.Timeout),
};

/**
 * Password checks in order of arrival over two lanes. The regular lane's threads run below
 * everything else (nice 10): under live load they take only what the frames and cards leave.
 * When that is too little and a check has waited `lateMs`, it goes to the late lane instead, one
 * thread at the event loop's own priority: a sign-in waits about `lateMs` at most, and the live
 * path gives up a core's share only while sign-ins are late.
 */
export class PasswordLanes<Request, Answer> {
  private readonly queue: Waiting<Request, Answer>[] = [];
  private readonly regular: Lane<Request, Answer>;
  private readonly late: Lane<Request, Answer>;
  private timer: unknown;
  /** Checks that ran on the late lane (the benchmark reports it). */
  lateRuns = 0;

  constructor(
    regular: { runner: CheckRunner<Request, Answer>; size: number },
    late: { runner: CheckRunner<Request, Answer>; size: number },
    readonly lateMs: number,
    private readonly clock: LaneClock = realClock,
  ) {
    this.regular = { ...regular, busy: 0 };
    this.late = { ...late, busy: 0 };
  }

  /** Checks waiting for a thread. */
  get waiting(): number {
    return this.queue.length;
  }

  run(request: Request): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      this.queue.push({ request, at: this.clock.now(), resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.queue.length > 0 && this.regular.busy < this.regular.size) this.start(this.regular);
    const now = this.clock.now();
    while (this.queue.length > 0 && this.late.busy < this.late.size && now - this.queue[0]!.at >= this.lateMs) {
      this.lateRuns++;
      this.start(this.late);
    }
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    if (this.queue.length > 0 && this.late.busy < this.late.size) {
      this.timer = this.clock.setTimeout(() => {
        this.timer = undefined;
        this.pump();
      }, Math.max(0, this.queue[0]!.at + this.lateMs - now));
    }
  }

  private start(lane: Lane<Request, Answer>): void {
    const check = this.queue.shift()!;
    lane.busy++;
    const done = () => {
      lane.busy--;
      this.pump();
    };
    lane.runner.run(check.request).then(
      (answer) => {
        done();
        check.resolve(answer);
      },
      (err: unknown) => {
        done();
        check.reject(err);
      },
    );
  }
}
