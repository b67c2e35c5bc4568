/**
 * Playwright's webServer: builds the console and the gateway, then serves the console from a gateway on a fresh data
 * folder, removed again when Playwright stops us.
 */
import { spawnSync } from 'node:child_process';
import { buildGatewayBundle, Gateway } from './gateway.ts';
import { sharedIngestPort } from './ports.ts';

const port = Number(process.env.E2E_PORT ?? 18080);

// Always rebuild: vite takes ~2 s, cheaper than deciding whether web/dist is stale.
const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: new URL('../../..', import.meta.url), stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
// The gateway too (esbuild, a few seconds): every gateway of the run starts from it (gateway.ts).
const gatewayBuild = buildGatewayBundle();
if (gatewayBuild !== 0) process.exit(gatewayBuild);

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
