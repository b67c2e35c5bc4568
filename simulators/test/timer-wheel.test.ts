// The fleet's timer wheel: everything fires once, at or after its due time, in due order.
import { describe, expect, it } from 'vitest';
import { TimerWheel } from '../src/timer-wheel.ts';

interface Job { dueMs: number; id: number; fired: number[] }

describe('TimerWheel', () => {
  it('fires each item once, not before it is due, and by the next advance after it is due', () => {
    const wheel = new TimerWheel<Job>(0, 50, 64); // a short wheel: 3.2 s per turn
    const jobs: Job[] = [7, 49, 50, 51, 120, 3_199, 3_200, 3_250, 10_000, 10_001].map((dueMs, id) => ({ dueMs, id, fired: [] }));
    jobs.forEach((j) => wheel.schedule(j));
    for (let now = 0; now <= 12_000; now += 20) wheel.advance(now, (j) => j.fired.push(now));
    for (const j of jobs) {
      expect(j.fired).toHaveLength(1);
      expect(j.fired[0]).toBeGreaterThanOrEqual(j.dueMs);
      expect(j.fired[0] - j.dueMs).toBeLessThan(20);
    }
  });

  it('keeps periodic items going when they reschedule themselves, also within the current slot', () => {
    const wheel = new TimerWheel<Job>(0, 50, 16);
    const job: Job = { dueMs: 10, id: 1, fired: [] };
    wheel.schedule(job);
    for (let now = 0; now <= 5_000; now += 7) {
      wheel.advance(now, (j) => {
        j.fired.push(now);
        j.dueMs += 30; // due again later in the same 50 ms slot, or in the next
        wheel.schedule(j);
      });
    }
    expect(job.fired.length).toBeGreaterThan(160);
    for (let i = 1; i < job.fired.length; i++) expect(job.fired[i] - job.fired[i - 1]).toBeLessThanOrEqual(37);
  });

  it('catches up after a stall longer than a turn of the wheel', () => {
    const wheel = new TimerWheel<Job>(0, 50, 16);
    const jobs = Array.from({ length: 100 }, (_, id): Job => ({ dueMs: id * 37, id, fired: [] }));
    jobs.forEach((j) => wheel.schedule(j));
    const order: number[] = [];
    wheel.advance(60_000, (j) => order.push(j.id));
    expect(order.sort((a, b) => a - b)).toEqual(jobs.map((j) => j.id));
  });
});
