import { describe, expect, it } from 'vitest';
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
});
