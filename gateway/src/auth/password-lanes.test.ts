import { describe, expect, it } from 'vitest';
import { PasswordLanes, type LaneClock } from './password-lanes.ts';

/** A clock that moves only when the test says, firing the timers that came due. */
function testClock() {
  let now = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  let serial = 0;
  const clock: LaneClock = {
    now: () => now,
    setTimeout: (fn, ms) => (timers.set(++serial, { at: now + ms, fn }), serial),
    clearTimeout: (id) => void timers.delete(id as number),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [id, t] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
      if (t.at > now || !timers.has(id)) continue;
      timers.delete(id);
      t.fn();
    }
  };
  return { clock, advance };
}

/** Checks that finish when the test says: which lane ran which request. */
function lane(name: string, log: string[]) {
  const running = new Map<string, (answer: string) => void>();
  return {
    runner: { run: (request: string) => new Promise<string>((resolve) => (log.push(`${name}:${request}`), running.set(request, resolve))) },
    finish: (request: string) => running.get(request)!(`${request} ok`),
  };
}

const settle = () => new Promise((r) => setImmediate(r));

describe('password lanes', () => {
  it('runs checks in order on the regular lane, and one that waited the late time on the late lane', async () => {
    const log: string[] = [];
    const regular = lane('regular', log);
    const late = lane('late', log);
    const { clock, advance } = testClock();
    const lanes = new PasswordLanes({ runner: regular.runner, size: 2 }, { runner: late.runner, size: 1 }, 1000, clock);
    const answers = ['a', 'b', 'c', 'd', 'e'].map((r) => lanes.run(r));
    expect(log).toEqual(['regular:a', 'regular:b']);
    expect(lanes.waiting).toBe(3);

    advance(999);
    expect(log).toHaveLength(2); // nobody has waited a second yet
    advance(1);
    // c waited 1 s: the late lane takes it; d waits for a free thread (the late lane holds one).
    expect(log).toEqual(['regular:a', 'regular:b', 'late:c']);
    expect(lanes.lateRuns).toBe(1);

    regular.finish('a');
    await settle();
    expect(log.at(-1)).toBe('regular:d'); // the regular lane frees first: the next in line goes there
    late.finish('c');
    await settle();
    expect(log.at(-1)).toBe('late:e'); // e has waited over a second too
    for (const r of ['b', 'd']) regular.finish(r);
    late.finish('e');
    expect(await Promise.all(answers)).toEqual(['a ok', 'b ok', 'c ok', 'd ok', 'e ok']);
    expect(lanes.waiting).toBe(0);
  });

  it('uses the late lane only for checks that waited: a quiet queue stays on the regular lane', async () => {
    const log: string[] = [];
    const regular = lane('regular', log);
    const late = lane('late', log);
    const { clock, advance } = testClock();
    const lanes = new PasswordLanes({ runner: regular.runner, size: 1 }, { runner: late.runner, size: 1 }, 1000, clock);
    for (const r of ['a', 'b', 'c']) {
      const answer = lanes.run(r);
      advance(300);
      regular.finish(r);
      await answer;
    }
    advance(5000);
    expect(log).toEqual(['regular:a', 'regular:b', 'regular:c']);
    expect(lanes.lateRuns).toBe(0);
  });

  it('passes a failed check on to its caller and goes on with the next', async () => {
    const { clock } = testClock();
    let calls = 0;
    const runner = { run: (r: string) => (++calls === 1 ? Promise.reject(new Error(`thread ended during ${r}`)) : Promise.resolve(`${r} ok`)) };
    const lanes = new PasswordLanes({ runner, size: 1 }, { runner, size: 1 }, 1000, clock);
    const first = lanes.run('a');
    const second = lanes.run('b');
    await expect(first).rejects.toThrow('thread ended during a');
    expect(await second).toBe('b ok');
  });
});
