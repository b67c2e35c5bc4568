import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger.ts';
import { loginFrame, realtimeFrame } from '../../test/gbt-frames.ts';
import { terminal, until } from '../../test/terminal-client.ts';
import type { Backpressure, IngestSink, ReceivedFrame } from './ingest-sink.ts';
import { startIngest } from './tcp-ingest.ts';
import { MAX_HELD_FRAMES } from './terminal-connection.ts';
import type { VehicleDirectory } from './vehicle-directory.ts';

const VIN = 'LBACKPRESSURE0001';

/** A sink that takes frames until it holds `capacity`, then is full until the test releases it. */
function slowSink(capacity: number) {
  const received: ReceivedFrame[] = [];
  let held = 0;
  let waiters: Array<() => void> = [];
  const backpressure: Backpressure = {
    get full() {
      return held >= capacity;
    },
    onReady(cb) {
      if (held < capacity) cb();
      else waiters.push(cb);
    },
  };
  const sink: IngestSink = {
    telemetry: () => undefined,
    raw: (r) => {
      received.push(r);
      held++;
    },
    presence: () => undefined,
    backpressure,
  };
  const release = () => {
    held = 0;
    const w = waiters;
    waiters = [];
    for (const cb of w) cb();
  };
  return { sink, received, release };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of closers) await c();
});

describe('ingest backpressure', () => {
  it('stops reading a connection while the sink is full, and loses nothing once it drains', async () => {
    const { sink, received, release } = slowSink(5);
    const directory = { find: async (vin: string) => ({ tenantId: '000000', vehicleId: '1', vin, plate: '' }) } as unknown as VehicleDirectory;
    const ingest = await startIngest({ port: 0, host: '127.0.0.1', directory, sink, logger: createLogger('silent') });
    closers.push(ingest.close);
    const t = terminal(ingest.port);
    await t.ready;
    const start = Date.now() - 3_600_000;
    const sent = [loginFrame(VIN, start), ...Array.from({ length: 30 }, (_, i) => realtimeFrame({ vin: VIN, at: start + (i + 1) * 1000 }))];
    // One frame per write, spaced, so the gateway reads them in separate chunks.
    for (const f of sent.slice(0, 12)) {
      t.send(f);
      await sleep(15);
    }
    await until(() => received.length >= 5);
    await sleep(300);
    expect(received.length).toBe(5); // the rest waits in TCP
    expect(ingest.stats.paused).toBeGreaterThanOrEqual(1);
    for (const f of sent.slice(12)) t.send(f);
    for (let round = 0; received.length < sent.length && round < 50; round++) {
      release();
      await sleep(20);
    }
    const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
    expect(received.map((r) => hex(r.bytes))).toEqual(sent.map(hex));
    t.socket.destroy();
  });

  it('stops reading a connection whose VIN look-up holds too many frames, and handles them in order after it', async () => {
    const { sink, received } = slowSink(Number.MAX_SAFE_INTEGER);
    let answer: (() => void) | undefined;
    const directory = {
      find: (vin: string) => new Promise((resolve) => (answer = () => resolve({ tenantId: '000000', vehicleId: '1', vin, plate: '' }))),
    } as unknown as VehicleDirectory;
    const ingest = await startIngest({ port: 0, host: '127.0.0.1', directory, sink, logger: createLogger('silent'), limits: { burst: 10_000 } });
    closers.push(ingest.close);
    const t = terminal(ingest.port);
    await t.ready;
    const start = Date.now() - 3_600_000;
    const sent = [loginFrame(VIN, start), ...Array.from({ length: MAX_HELD_FRAMES + 100 }, (_, i) => realtimeFrame({ vin: VIN, at: start + (i + 1) * 1000 }))];
    for (const f of sent) t.send(f);
    await until(() => ingest.stats.paused >= 1 || undefined);
    expect(received).toEqual([]);
    answer!();
    await until(() => received.length === sent.length || undefined);
    expect(received.map((r) => Buffer.from(r.bytes).toString('hex'))).toEqual(sent.map((b) => Buffer.from(b).toString('hex')));
    t.socket.destroy();
  });
});
