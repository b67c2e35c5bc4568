import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RawFrameBatchOut } from '@wdiov/contracts';
import { RawFrameBatcher, type RawBatcherLimits } from './raw-batcher.ts';
import { snapshot } from '../../test/telemetry-fixture.ts';

const limits: RawBatcherLimits = { maxFrames: 10, maxBytes: 10_000, maxDelayMs: 50, maxInFlight: 2, highWater: 30, retryMs: 100 };

/** A bus whose publishes settle when the test says so. */
function manualBus() {
  const calls: Array<{ batch: RawFrameBatchOut; resolve: () => void; reject: (e: unknown) => void }> = [];
  const publish = (batch: RawFrameBatchOut) => new Promise<void>((resolve, reject) => calls.push({ batch, resolve, reject }));
  return { calls, publish };
}
const add = (b: RawFrameBatcher, from: number, n: number, frame = Uint8Array.of(0xaa)) => {
  for (let i = from; i < from + n; i++) b.add(String(i), '000000', 'V1', 2, 1000 + i, frame);
};
const ids = (batches: RawFrameBatchOut[]) => batches.flatMap((b) => b.id.map(Number));

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('RawFrameBatcher', () => {
  it('seals a batch at maxFrames, at maxBytes, or maxDelayMs after its first frame', async () => {
    const bus = manualBus();
    const b = new RawFrameBatcher(bus.publish, () => undefined, { ...limits, maxInFlight: 10 });
    add(b, 0, 10);
    expect(bus.calls.map((c) => c.batch.id.length)).toEqual([10]);
    add(b, 10, 3, new Uint8Array(4000));
    expect(bus.calls.map((c) => c.batch.id.length)).toEqual([10, 3]);
    add(b, 13, 4);
    expect(bus.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(49);
    expect(bus.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(bus.calls.map((c) => c.batch.id.length)).toEqual([10, 3, 4]);
    const batch = bus.calls[2]!.batch;
    expect(batch).toEqual({ id: ['13', '14', '15', '16'], tenantId: Array(4).fill('000000'), vin: Array(4).fill('V1'), command: [2, 2, 2, 2], receivedAt: [1013, 1014, 1015, 1016], frame: Array(4).fill(Uint8Array.of(0xaa)), telemetry: [] });
  });

  it('carries snapshots in the batch of their frames; snapshots alone are sealed and flushed too', async () => {
    const bus = manualBus();
    const b = new RawFrameBatcher(bus.publish, () => undefined, { ...limits, maxInFlight: 10 });
    add(b, 0, 2);
    b.addTelemetry(snapshot('V1', 1000));
    b.addTelemetry(snapshot('V1', 2000));
    expect(b.held).toBe(4);
    await vi.advanceTimersByTimeAsync(50);
    expect(bus.calls.map((c) => [c.batch.id.length, c.batch.telemetry?.map((t) => t.ts)])).toEqual([[2, [1000, 2000]]]);
    b.addTelemetry(snapshot('V1', 3000));
    const flushed = b.flush();
    expect(bus.calls.map((c) => c.batch.telemetry?.length)).toEqual([2, 1]);
    for (const c of bus.calls) c.resolve();
    await flushed;
    expect(b.held).toBe(0);
  });

  it('keeps at most maxInFlight publishes going and publishes a refused batch again, losing and repeating nothing', async () => {
    const bus = manualBus();
    const errors: number[] = [];
    const b = new RawFrameBatcher(bus.publish, (_err, frames) => errors.push(frames), limits);
    add(b, 0, 40);
    expect(bus.calls).toHaveLength(2);
    bus.calls[0]!.reject(new Error('no stream'));
    bus.calls[1]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toEqual([10]);
    expect(b.publishFailures).toBe(1);
    expect(bus.calls).toHaveLength(2); // waits retryMs before publishing again
    await vi.advanceTimersByTimeAsync(100);
    expect(bus.calls).toHaveLength(4);
    const flushed = b.flush();
    for (let i = 2; i < bus.calls.length; i++) bus.calls[i]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    for (let i = 4; i < bus.calls.length; i++) bus.calls[i]!.resolve();
    await flushed;
    const stored = bus.calls.filter((_, i) => i !== 0).map((c) => c.batch);
    expect(ids(stored).sort((x, y) => x - y)).toEqual([...Array(40).keys()]);
    expect(b.held).toBe(0);
    expect(b.framesPublished).toBe(40);
  });

  it('is full at highWater and ready again only at half of it', async () => {
    const bus = manualBus();
    const b = new RawFrameBatcher(bus.publish, () => undefined, { ...limits, maxInFlight: 1 });
    add(b, 0, 29);
    expect(b.full).toBe(false);
    add(b, 29, 1);
    expect(b.full).toBe(true);
    let ready = 0;
    b.onReady(() => ready++);
    bus.calls[0]!.resolve(); // 20 held: not full, but not yet down to half
    await vi.advanceTimersByTimeAsync(0);
    expect(b.full).toBe(false);
    expect(ready).toBe(0);
    bus.calls[1]!.resolve(); // 10 held
    await vi.advanceTimersByTimeAsync(0);
    expect(ready).toBe(1);
    b.onReady(() => ready++);
    expect(ready).toBe(2);
  });
});
