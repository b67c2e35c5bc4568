import { describe, expect, it } from 'vitest';
import { dueSlot, latestSlot, periodInstants, periodOf, retryBackoffMs, SendCycle } from './report-schedule.ts';

const SHANGHAI = 480;
const MIN = 60_000;
/** An instant given as a wall clock of the zone `offset` (minutes east of UTC). */
const local = (text: string, offset = SHANGHAI) => Date.parse(`${text}:00Z`) - offset * MIN;
const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());

describe('the schedule of reports', () => {
  it('sends a daily report at its time of day in the console zone, covering the day before', () => {
    const slot = local('2026-03-10T08:00');
    expect(iso(latestSlot(SendCycle.daily, '08:00', SHANGHAI, local('2026-03-10T08:00')))).toBe(iso(slot));
    expect(iso(latestSlot(SendCycle.daily, '08:00', SHANGHAI, local('2026-03-10T23:59')))).toBe(iso(slot));
    // A minute early: still yesterday's.
    expect(iso(latestSlot(SendCycle.daily, '08:00', SHANGHAI, local('2026-03-10T07:59')))).toBe(iso(local('2026-03-09T08:00')));
    expect(periodOf(SendCycle.daily, slot, SHANGHAI)).toEqual({ from: '2026-03-09', to: '2026-03-09' });
  });

  it('reads the time of day in the server zone, not UTC (the slot and its day move with the offset)', () => {
    // 01:00 in Shanghai is 17:00 UTC the day before.
    const now = Date.parse('2026-03-09T17:00:00Z');
    expect(iso(latestSlot(SendCycle.daily, '01:00', SHANGHAI, now))).toBe('2026-03-09T17:00:00.000Z');
    expect(periodOf(SendCycle.daily, now, SHANGHAI)).toEqual({ from: '2026-03-09', to: '2026-03-09' });
    // The same instant read in UTC is 17:00 of the 9th: the 01:00 slot was that morning, covering the 8th.
    expect(iso(latestSlot(SendCycle.daily, '01:00', 0, now))).toBe('2026-03-09T01:00:00.000Z');
    expect(periodOf(SendCycle.daily, Date.parse('2026-03-09T01:00:00Z'), 0)).toEqual({ from: '2026-03-08', to: '2026-03-08' });
    // West of UTC (-05:00): 23:30 there is 04:30 UTC the next day.
    expect(iso(latestSlot(SendCycle.daily, '23:30', -300, Date.parse('2026-03-10T04:45:00Z')))).toBe('2026-03-10T04:30:00.000Z');
    expect(periodOf(SendCycle.daily, Date.parse('2026-03-10T04:30:00Z'), -300)).toEqual({ from: '2026-03-08', to: '2026-03-08' });
  });

  it('sends a weekly report on Mondays, covering Monday to Sunday before', () => {
    // 2026-03-09 and 2026-03-16 are Mondays.
    const monday = local('2026-03-09T08:00');
    expect(iso(latestSlot(SendCycle.weekly, '08:00', SHANGHAI, local('2026-03-15T23:59')))).toBe(iso(monday));
    expect(iso(latestSlot(SendCycle.weekly, '08:00', SHANGHAI, local('2026-03-16T07:59')))).toBe(iso(monday));
    expect(iso(latestSlot(SendCycle.weekly, '08:00', SHANGHAI, local('2026-03-16T08:00')))).toBe(iso(local('2026-03-16T08:00')));
    expect(periodOf(SendCycle.weekly, monday, SHANGHAI)).toEqual({ from: '2026-03-02', to: '2026-03-08' });
    // A week across a month's end.
    expect(periodOf(SendCycle.weekly, local('2026-06-01T08:00'), SHANGHAI)).toEqual({ from: '2026-05-25', to: '2026-05-31' });
  });

  it('sends a monthly report on the 1st, covering the whole month before (28, 29, 30 or 31 days, across a year)', () => {
    expect(iso(latestSlot(SendCycle.monthly, '08:00', SHANGHAI, local('2026-03-01T08:00')))).toBe(iso(local('2026-03-01T08:00')));
    expect(iso(latestSlot(SendCycle.monthly, '08:00', SHANGHAI, local('2026-03-01T07:59')))).toBe(iso(local('2026-02-01T08:00')));
    expect(iso(latestSlot(SendCycle.monthly, '08:00', SHANGHAI, local('2026-03-31T23:59')))).toBe(iso(local('2026-03-01T08:00')));
    expect(periodOf(SendCycle.monthly, local('2026-03-01T08:00'), SHANGHAI)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodOf(SendCycle.monthly, local('2028-03-01T08:00'), SHANGHAI)).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(periodOf(SendCycle.monthly, local('2026-05-01T08:00'), SHANGHAI)).toEqual({ from: '2026-04-01', to: '2026-04-30' });
    expect(periodOf(SendCycle.monthly, local('2027-01-01T08:00'), SHANGHAI)).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(iso(latestSlot(SendCycle.monthly, '08:00', SHANGHAI, local('2027-01-01T07:00')))).toBe(iso(local('2026-12-01T08:00')));
    // Just after midnight on the 1st in Shanghai is still the 31st in UTC: the zone decides the month.
    const firstOfApril = local('2026-04-01T00:30');
    expect(iso(firstOfApril)).toBe('2026-03-31T16:30:00.000Z');
    expect(iso(latestSlot(SendCycle.monthly, '00:30', SHANGHAI, firstOfApril - MIN))).toBe(iso(local('2026-03-01T00:30')));
    expect(iso(latestSlot(SendCycle.monthly, '00:30', SHANGHAI, firstOfApril))).toBe(iso(firstOfApril));
    expect(periodOf(SendCycle.monthly, firstOfApril, SHANGHAI)).toEqual({ from: '2026-03-01', to: '2026-03-31' });
  });

  it('lists the events of a period from its first midnight up to the midnight after its last day, in the zone', () => {
    const { start, end } = periodInstants({ from: '2026-02-01', to: '2026-02-28' }, SHANGHAI);
    expect(start.toISOString()).toBe('2026-01-31T16:00:00.000Z');
    expect(end.toISOString()).toBe('2026-02-28T16:00:00.000Z');
  });

  it('has no slot for a cycle or time the row cannot hold', () => {
    expect(latestSlot(4, '08:00', SHANGHAI, local('2026-03-10T09:00'))).toBeUndefined();
    expect(latestSlot(SendCycle.daily, '24:00', SHANGHAI, local('2026-03-10T09:00'))).toBeUndefined();
    expect(latestSlot(SendCycle.daily, '8:00', SHANGHAI, local('2026-03-10T09:00'))).toBeUndefined();
    expect(latestSlot(SendCycle.daily, null, SHANGHAI, local('2026-03-10T09:00'))).toBeUndefined();
  });

  it('is due once per slot: not again after it was sent, and not for a slot before the row existed', () => {
    const now = local('2026-03-10T08:01');
    const slot = local('2026-03-10T08:00');
    const row = { sendCycle: SendCycle.daily, sendTime: '08:00' };
    expect(dueSlot({ ...row, lastSendTime: new Date(local('2026-03-09T08:00')) }, SHANGHAI, now)).toBe(slot);
    expect(dueSlot({ ...row, lastSendTime: new Date(local('2026-03-10T08:00')) }, SHANGHAI, now)).toBeUndefined();
    expect(dueSlot({ ...row, createTime: new Date(local('2026-03-10T08:30')) }, SHANGHAI, local('2026-03-10T09:00'))).toBeUndefined();
    expect(dueSlot({ ...row, createTime: new Date(local('2026-03-10T07:30')) }, SHANGHAI, now)).toBe(slot);
  });

  it('on a clock running minute by minute, sends each cycle exactly once per period, a gateway down for days sends the latest once', () => {
    const run = (cycle: number, from: number, to: number, down?: [number, number]) => {
      let lastSendTime: Date | null = null;
      const sent: string[] = [];
      for (let now = from; now < to; now += MIN) {
        if (down && now >= down[0] && now < down[1]) continue;
        const slot = dueSlot({ sendCycle: cycle, sendTime: '06:15', lastSendTime, createTime: new Date(from) }, SHANGHAI, now);
        if (slot === undefined) continue;
        const period = periodOf(cycle as 1 | 2 | 3, slot, SHANGHAI);
        sent.push(`${period.from}..${period.to}`);
        lastSendTime = new Date(now);
      }
      return sent;
    };
    const start = local('2026-01-30T00:00'), end = local('2026-04-02T00:00');
    const daily = run(SendCycle.daily, start, end);
    expect(daily).toHaveLength(62);
    expect(daily[0]).toBe('2026-01-29..2026-01-29');
    expect(daily.at(-1)).toBe('2026-03-31..2026-03-31');
    expect(run(SendCycle.weekly, start, end)).toEqual([
      '2026-01-26..2026-02-01', '2026-02-02..2026-02-08', '2026-02-09..2026-02-15', '2026-02-16..2026-02-22', '2026-02-23..2026-03-01',
      '2026-03-02..2026-03-08', '2026-03-09..2026-03-15', '2026-03-16..2026-03-22', '2026-03-23..2026-03-29',
    ]);
    expect(run(SendCycle.monthly, start, end)).toEqual(['2026-01-01..2026-01-31', '2026-02-01..2026-02-28', '2026-03-01..2026-03-31']);
    // Down from 2 to 5 March (00:00): back, it sends the latest slot's report once (that of the 3rd, due on the 4th);
    // those of the 1st and 2nd are not sent late.
    const gap = run(SendCycle.daily, start, end, [local('2026-03-02T00:00'), local('2026-03-05T00:00')]);
    expect(gap).toHaveLength(60);
    expect(gap.filter((p) => p.startsWith('2026-03-0'))).toEqual(['2026-03-03..2026-03-03', '2026-03-04..2026-03-04', '2026-03-05..2026-03-05',
      '2026-03-06..2026-03-06', '2026-03-07..2026-03-07', '2026-03-08..2026-03-08', '2026-03-09..2026-03-09']);
  });

  it('waits longer after each failure, up to an hour', () => {
    expect([1, 2, 3, 4].map(retryBackoffMs)).toEqual([MIN, 2 * MIN, 4 * MIN, 8 * MIN]);
    expect(retryBackoffMs(20)).toBe(3_600_000);
  });
});
