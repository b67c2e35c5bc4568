import { describe, expect, it } from 'vitest';
import { Command } from '@wdiov/contracts/protocol/index';
import type { ForwardFrame } from './forward-filter.ts';
import { LinkPacer } from './link-pacer.ts';
import { LinkSender } from './link-sender.ts';
import { RecentIds } from './recent-ids.ts';

const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
};

/** A clock that moves only when the test advances it; sleepers wake in time order. */
class SimulatedClock {
  t = 0;
  private timers: { at: number; wake: () => void }[] = [];
  now = () => this.t;
  sleep = (ms: number) => new Promise<void>((wake) => this.timers.push({ at: this.t + ms, wake }));

  async advanceTo(target: number): Promise<void> {
    await settle();
    for (;;) {
      this.timers.sort((a, b) => a.at - b.at);
      const next = this.timers[0];
      if (!next || next.at > target) break;
      this.timers.shift();
      this.t = Math.max(this.t, next.at);
      next.wake();
      await settle();
    }
    this.t = target;
  }

  /** Advances until the promise settles (at most `limitMs`). */
  async until(p: Promise<unknown>, limitMs = 600_000): Promise<void> {
    let done = false;
    void p.then(() => (done = true), () => (done = true));
    while (!done && this.t < limitMs) await this.advanceTo(this.t + 10);
  }
}

let nextId = 1;
const frames = (n: number, kind: 'live' | 'backlog', from: number): ForwardFrame[] =>
  Array.from({ length: n }, (_, i) => ({
    id: String(nextId++), vin: 'VIN00000000000001', vehicleId: '1', bytes: new Uint8Array(0),
    command: kind === 'live' ? Command.realtime : Command.reissue, time: from + i * 1000, receivedAt: from + i * 1000,
  }));

/** A sender over a platform that confirms every write after `rttMs`, logging what went when. */
function setup(frameRate: number, backlogShare: number, rttMs = 5) {
  const clock = new SimulatedClock();
  const written: { at: number; command: number; time: number }[] = [];
  const sender = new LinkSender({
    pacer: new LinkPacer({ frameRate, backlogShare, burstSeconds: 0.1 }, clock.now),
    confirmed: new RecentIds(10_000),
    sleep: clock.sleep,
    send: async (batch) => {
      for (const f of batch) written.push({ at: clock.t, command: f.command, time: f.time });
      await clock.sleep(rttMs);
    },
  });
  return { clock, sender, written };
}

describe('the link budget: live first, backlog within its share', () => {
  it('a live frame submitted during a long drain goes out before the backlog waiting with it', async () => {
    const { clock, sender, written } = setup(100, 0.5);
    const backlog = sender.submit(frames(300, 'backlog', 0), 'backlog');
    // Live data arrives while the backlog has only begun to drain.
    await clock.advanceTo(50);
    const live = frames(5, 'live', 1_000_000);
    const liveDone = sender.submit(live, 'live');
    await clock.until(liveDone);
    const livePositions = written.map((w, i) => (w.command === Command.realtime ? i : -1)).filter((i) => i >= 0);
    expect(livePositions).toHaveLength(5);
    // Only what was already on its way (the first burst) went before the live frames.
    expect(Math.max(...livePositions)).toBeLessThan(20);
    expect(sender.backlogWaiting).toBeGreaterThan(200);
    await clock.until(backlog);
    expect(written.filter((w) => w.command === Command.reissue)).toHaveLength(300);
    // 300 frames at half of 100 frames/s: about six seconds of the simulated clock, not less.
    expect(clock.t).toBeGreaterThanOrEqual(5_500);
  });

  it('the backlog goes in collection-time order', async () => {
    const { clock, sender, written } = setup(1000, 0.3);
    await clock.until(sender.submit(frames(200, 'backlog', 0), 'backlog'));
    const times = written.map((w) => w.time);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('while live data flows at its rate, the backlog takes at most its share of the budget and the live frames all go', async () => {
    const rate = 200;
    const share = 0.25;
    const { clock, sender, written } = setup(rate, share);
    const backlog = sender.submit(frames(5000, 'backlog', 0), 'backlog');
    // 60 simulated seconds of live data at 100 frames/s, submitted as it arrives.
    const lives: Promise<void>[] = [];
    for (let s = 0; s < 60; s++) {
      lives.push(sender.submit(frames(100, 'live', s * 1000), 'live'));
      await clock.advanceTo((s + 1) * 1000);
    }
    await clock.until(Promise.all(lives));
    const end = clock.t;
    expect(end).toBeLessThanOrEqual(61_000);
    const reissued = written.filter((w) => w.command === Command.reissue && w.at < end).length;
    const seconds = end / 1000;
    // Within the share (plus one saved-up burst), and using it: the backlog is not starved either.
    expect(reissued).toBeLessThanOrEqual(Math.ceil(rate * share * seconds + rate * 0.1) + 1);
    expect(reissued).toBeGreaterThan(rate * share * seconds * 0.8);
    expect(written.filter((w) => w.command === Command.realtime)).toHaveLength(6000);
    sender.fail(new Error('test over'));
    await expect(backlog).rejects.toThrow('test over');
  });

  it('a frame submitted on both lanes goes once; a frame confirmed before does not go again', async () => {
    const { clock, sender, written } = setup(1000, 0.5);
    const f = frames(3, 'live', 0);
    await clock.until(Promise.all([sender.submit(f, 'live'), sender.submit(f.map((x) => ({ ...x, command: Command.reissue })), 'backlog')]));
    await clock.until(sender.submit(f, 'backlog'));
    expect(written).toHaveLength(3);
  });

  it('a failed write rejects every waiting submission and later ones', async () => {
    const clock = new SimulatedClock();
    const sender = new LinkSender({
      pacer: new LinkPacer({ frameRate: 10, backlogShare: 0.5 }, clock.now), confirmed: new RecentIds(100), sleep: clock.sleep,
      send: async () => Promise.reject(new Error('链路已断开')),
    });
    const first = sender.submit(frames(50, 'backlog', 0), 'backlog');
    await clock.until(first);
    await expect(first).rejects.toThrow('链路已断开');
    await expect(sender.submit(frames(1, 'live', 0), 'live')).rejects.toThrow('链路已断开');
  });

  it('the pacer refuses a rate or share it cannot keep', () => {
    expect(() => new LinkPacer({ frameRate: 0, backlogShare: 0.5 })).toThrow(RangeError);
    expect(() => new LinkPacer({ frameRate: 10, backlogShare: 1.5 })).toThrow(RangeError);
  });
});
