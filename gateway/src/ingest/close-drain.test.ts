import { connect } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '../lib/logger.ts';
import { loginFrame, realtimeFrame } from '../../test/gbt-frames.ts';
import { terminal, until } from '../../test/terminal-client.ts';
import type { IngestSink, ReceivedFrame } from './ingest-sink.ts';
import { startIngest } from './tcp-ingest.ts';
import type { VehicleDirectory } from './vehicle-directory.ts';

const VIN = 'LCLOSEDRAIN000001';

describe('ingest close', () => {
  it('reads every frame a terminal sent before the link ended, and lets the terminal close its side', async () => {
    const received: ReceivedFrame[] = [];
    const sink: IngestSink = { telemetry: () => undefined, raw: (r) => received.push(r), presence: () => undefined };
    const directory = { find: async (vin: string) => ({ tenantId: '000000', vehicleId: '1', vin, plate: '' }) } as unknown as VehicleDirectory;
    const ingest = await startIngest({ port: 0, host: '127.0.0.1', directory, sink, logger: createLogger('silent') });
    const t = terminal(ingest.port);
    await t.ready;
    const start = Date.now() - 3_600_000;
    t.send(loginFrame(VIN, start));
    await until(() => received.length === 1 || undefined);
    // Written and at once followed by the close: the frames sit unread in the gateway's kernel
    // buffer when it ends the link, as at a restart under load.
    const frames = Array.from({ length: 150 }, (_, i) => realtimeFrame({ vin: VIN, at: start + (i + 1) * 1000 }));
    for (const f of frames) t.send(f);
    const closedByPeer = new Promise<void>((r) => t.socket.once('close', () => r()));
    await ingest.close();
    expect(received.length).toBe(1 + frames.length);
    await closedByPeer;
  });

  it('reads what a terminal that keeps its side open wrote before the drain ended, then resets it and says when', async () => {
    const received: ReceivedFrame[] = [];
    const sink: IngestSink = { telemetry: () => undefined, raw: (r) => received.push(r), presence: () => undefined };
    const directory = { find: async (vin: string) => ({ tenantId: '000000', vehicleId: '1', vin, plate: '' }) } as unknown as VehicleDirectory;
    const logger = createLogger('silent');
    const warn = vi.spyOn(logger, 'warn');
    const ingest = await startIngest({ port: 0, host: '127.0.0.1', directory, sink, logger });
    // A terminal that does not close its side when the platform ends the link.
    const socket = connect({ port: ingest.port, host: '127.0.0.1', allowHalfOpen: true });
    socket.on('error', () => undefined);
    await new Promise((r) => socket.once('connect', r));
    const start = Date.now() - 3_600_000;
    socket.write(loginFrame(VIN, start));
    await until(() => received.length === 1 || undefined);
    const closing = ingest.close();
    const frames = Array.from({ length: 20 }, (_, i) => realtimeFrame({ vin: VIN, at: start + (i + 1) * 1000 }));
    // Written, then a starved loop stuck past the drain's end (after its poll phase): when it
    // runs again the drain's timer is due ahead of reading the frames.
    await new Promise<void>((resolve) => setImmediate(() => {
      for (const f of frames) socket.write(f);
      const end = Date.now() + 3_300;
      while (Date.now() < end) { /* busy */ }
      resolve();
    }));
    await closing;
    expect(received.length).toBe(1 + frames.length);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ links: 1, resetAt: expect.any(Number) }), expect.any(String));
    socket.destroy();
  });
});
