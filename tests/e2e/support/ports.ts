import { createServer } from 'node:net';

/** A TCP port free right now on 127.0.0.1 (the OS picks it, so parallel runs do not collide). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The GB/T 32960 ingest port of the shared webServer gateway: fixed (next to E2E_PORT, away from
 * the OS's ephemeral range) so that specs can drive terminals against it without a gateway of their own.
 */
export function sharedIngestPort(): number {
  return Number(process.env.E2E_INGEST_PORT ?? Number(process.env.E2E_PORT ?? 18080) + 1000);
}
