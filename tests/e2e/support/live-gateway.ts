import { rmSync } from 'node:fs';
import { test } from '@playwright/test';
import { launchGateway, type Gateway } from './gateway.ts';
import { sharedExposedWeb } from './live-sim.ts';
import { freePort } from './ports.ts';

export interface LiveGateway {
  gateway: Gateway;
  /** The TCP port its GB/T 32960 ingest listens on. */
  ingestPort: number;
}

/**
 * A spec's own gateway with a known ingest port, serving the run's build that exposes window.__liveStore:
 * started before the spec's tests and removed after them. Read the fields inside tests.
 */
export function useLiveGateway(): LiveGateway {
  const live = {} as LiveGateway;
  let web: { dir: string; own: boolean } | undefined;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    web = await sharedExposedWeb();
    live.ingestPort = await freePort();
    live.gateway = await launchGateway({ env: { INGEST_PORT: String(live.ingestPort), WEB_DIST: web.dir } });
  });
  test.afterAll(async () => {
    await live.gateway?.dispose();
    if (web?.own) rmSync(web.dir, { recursive: true, force: true });
  });
  return live;
}
