/**
 * Playwright's webServer: builds the console and the gateway, then serves the console from a gateway on a fresh data
 * folder, removed again when Playwright stops us.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildConsoleAndGateway, Gateway, ROOT } from './gateway.ts';
import { sharedIngestPort } from './ports.ts';

const port = Number(process.env.E2E_PORT ?? 18080);

/**
 * E2E_REUSE_BUILD=1 serves the builds already there: `npm test` sets it once e2e/support/prepare.ts
 * has made them, and a rerun of a few specs where only tests changed may (on a loaded machine the
 * console's build alone can take minutes). Otherwise always rebuilt: cheaper than deciding
 * whether web/dist is stale.
 */
const reuse = process.env.E2E_REUSE_BUILD === '1' && existsSync(join(ROOT, 'web/dist/index.html')) && existsSync(join(ROOT, 'gateway/dist/bundle/main.js'));
if (!reuse) {
  const built = buildConsoleAndGateway();
  if (built !== 0) process.exit(built);
}

const gateway = new Gateway(port, { echo: true, env: { INGEST_PORT: String(sharedIngestPort()) } });
const shutdown = async () => {
  await gateway.dispose();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());

gateway.start().then(
  () => console.log(`e2e gateway ready on ${gateway.url} (data ${gateway.dataDir})`),
  async (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    await gateway.dispose();
    process.exit(1);
  },
);
