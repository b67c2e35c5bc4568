import { afterAll, describe, expect, it } from 'vitest';
import { buckets } from '@wdiov/contracts';
import { createMemoryBus } from '../bus/memory-bus.ts';
import { createLogger } from '../lib/logger.ts';
import { snapshot } from '../../test/telemetry-fixture.ts';
import { LatestState } from './latest-state.ts';
import { LatestStateKeeper } from './latest-state-keeper.ts';

const bus = createMemoryBus();
afterAll(() => bus.close());
const A = 'LLATEST0000000001';
const B = 'LLATEST0000000002';

describe('latest state across a restart', () => {
  it('keeps one snapshot per vehicle per flush (the newest), and a restarted store loads them', async () => {
    const keeper = new LatestStateKeeper(bus, createLogger('silent'), 60_000);
    await keeper.start();
    for (let i = 1; i <= 5; i++) keeper.telemetry(snapshot(A, i * 1000, { socPercent: 50 + i }));
    keeper.telemetry(snapshot(A, 2500));
    keeper.telemetry(snapshot(B, 1000));
    keeper.telemetry(snapshot(B, 9000, { reissue: true }));
    await keeper.flush();
    expect(keeper.written).toBe(2);
    expect((await (await bus.kv(buckets.latestState)).keys()).sort()).toEqual([A, B]);

    const restarted = new LatestState();
    expect(await restarted.load(bus)).toBe(2);
    expect(restarted.get(A, 5000)).toMatchObject({ ts: 5000, socPercent: 55 });
    expect(restarted.get(B, 5000)?.ts).toBe(1000);
    // Seen long ago: shown offline, still with its last position.
    expect(restarted.get(A, 5000 + 3_600_000)).toMatchObject({ state: 4, lng: 114.05 });
    await keeper.stop();
  });

  it('writes a quiet vehicle again now and then (a lost put is made good), until it leaves this gateway', async () => {
    const keeper = new LatestStateKeeper(bus, createLogger('silent'), 60_000);
    await keeper.start();
    const kv = await bus.kv(buckets.latestState);
    keeper.telemetry(snapshot(A, 11_000));
    keeper.telemetry(snapshot(B, 11_000));
    await keeper.flush();
    // Both puts "lost": the store no longer has them; A stays connected and quiet, B leaves.
    await kv.delete(A);
    await kv.delete(B);
    keeper.presence({ vin: B }, false);
    for (let i = 0; i < 10; i++) await keeper.flush();
    expect(JSON.parse((await kv.get(A))!.string()).ts).toBe(11_000);
    expect(await kv.get(B)).toBeNull();
    await keeper.stop();
  });

  it('writes what arrived before stopping', async () => {
    const keeper = new LatestStateKeeper(bus, createLogger('silent'), 60_000);
    await keeper.start();
    keeper.telemetry(snapshot(A, 7000));
    await keeper.stop();
    const restarted = new LatestState();
    await restarted.load(bus);
    expect(restarted.get(A, 7000)?.ts).toBe(7000);
  });

  it('writes a large flush in slices, with the event loop free between them, and a stop waits for all of it', async () => {
    const keeper = new LatestStateKeeper(bus, createLogger('silent'), 60_000);
    await keeper.start();
    const vins = Array.from({ length: 1_200 }, (_, i) => `LSLICE${String(i).padStart(11, '0')}`);
    for (const vin of vins) keeper.telemetry(snapshot(vin, 3000));
    let turnTaken = -1;
    // Runs at the first turn the event loop gets after the flush starts.
    setImmediate(() => (turnTaken = keeper.written));
    const flushing = keeper.flush();
    expect(keeper.written).toBeLessThan(vins.length);
    await keeper.stop();
    await flushing;
    expect(turnTaken).toBeGreaterThan(0);
    expect(turnTaken).toBeLessThan(vins.length);
    expect(keeper.written).toBe(vins.length);
  });
});
