import { rmSync } from 'node:fs';
import { test } from '@playwright/test';
import { launchGateway, type Gateway } from './gateway.ts';
import { buildExposedWeb } from './live-sim.ts';
import { freePort } from './ports.ts';

export interface LiveGateway {
  gateway: Gateway;
  /** The TCP port its GB/T 32960 ingest listens on. */
  ingestPort: number;
}

/**
 * A spec's own gateway with a known ingest port, serving a build that exposes window.__liveStore:
 * started before the spec's tests and removed after them. Read the fields inside tests.
 */
export function useLiveGateway(): LiveGateway {
  const live = {} as LiveGateway;
  let webDist = '';
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    webDist = await buildExposedWeb();
    live.ingestPort = await freePort();
    live.gateway = await launchGateway({ env: { INGEST_PORT: String(live.ingestPort), WEB_DIST: webDist } });
  });
  test.afterAll(async () => {
    await live.gateway?.dispose();
    if (webDist) rmSync(webDist, { recursive: true, force: true });
  });
  return live;
}
