import type { Schedule } from './alarm-notifier.ts';

/**
 * A clock moved by hand, for tests: escalation timers run when the test says the minutes have
 * passed, and `now` (the time stored with an escalation) moves with them.
 */
export class ManualClock {
  private at = 0;
  private timers: { due: number; run: () => void; live: boolean }[] = [];
  private readonly base = Date.now();
  now = () => this.base + this.at;
  schedule: Schedule = (run, ms) => {
    const t = { due: this.at + ms, run, live: true };
    this.timers.push(t);
    return { cancel: () => void (t.live = false) };
  };
  advance(ms: number) {
    this.at += ms;
    const due = this.timers.filter((t) => t.live && t.due <= this.at);
    this.timers = this.timers.filter((t) => !due.includes(t));
    for (const t of due) t.run();
  }
}
