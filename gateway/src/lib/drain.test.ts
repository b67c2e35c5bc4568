import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeHttp, drainWithin } from './drain.ts';

afterEach(() => vi.useRealTimers());
const after = (ms: number, log: string[], name: string) => () => new Promise<void>((r) => setTimeout(() => { log.push(name); r(); }, ms));

describe('drainWithin', () => {
  it('runs phases in order, the steps of a phase side by side', async () => {
    vi.useFakeTimers();
    const log: string[] = [];
    const done = drainWithin([
      [{ name: 'a', run: after(300, log, 'a') }, { name: 'b', run: after(100, log, 'b') }],
      [{ name: 'c', run: after(50, log, 'c') }],
    ], 5000, undefined, () => Date.now());
    await vi.advanceTimersByTimeAsync(300);
    expect(log).toEqual(['b', 'a']);
    await vi.advanceTimersByTimeAsync(50);
    const report = await done;
    expect(log).toEqual(['b', 'a', 'c']);
    expect(report).toEqual({ overran: [], failed: [], elapsedMs: 350 });
  });

  it('ends within its budget when a step never settles, naming it and the phases it left', async () => {
    vi.useFakeTimers();
    const log: string[] = [];
    const done = drainWithin([
      [{ name: 'hangs', run: () => new Promise(() => undefined) }, { name: 'quick', run: after(10, log, 'quick') }],
      [{ name: 'never-started', run: after(10, log, 'never-started') }],
    ], 2000, undefined, () => Date.now());
    await vi.advanceTimersByTimeAsync(2000);
    const report = await done;
    expect(report.overran).toEqual(['hangs', 'never-started']);
    expect(report.elapsedMs).toBe(2000);
    expect(log).toEqual(['quick']);
  });

  it('goes on past a step that throws', async () => {
    const log: string[] = [];
    const report = await drainWithin([
      [{ name: 'throws', run: () => { throw new Error('no'); } }],
      [{ name: 'next', run: () => { log.push('next'); } }],
    ], 1000);
    expect(report.failed).toEqual(['throws']);
    expect(log).toEqual(['next']);
  });
});

describe('closeHttp', () => {
  it('closes the connections left when requests in flight outlast the bound', async () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    let onClosed: (() => void) | undefined;
    const server = {
      close: (cb: () => void) => { calls.push('close'); onClosed = cb; },
      closeIdleConnections: () => calls.push('idle'),
      closeAllConnections: () => { calls.push('all'); onClosed?.(); },
    };
    const done = closeHttp(server, 3000);
    await vi.advanceTimersByTimeAsync(2999);
    expect(calls).toEqual(['close', 'idle']);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(calls).toEqual(['close', 'idle', 'all']);
  });
});
