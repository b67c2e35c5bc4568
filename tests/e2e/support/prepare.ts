/**
 * What the browser suite's first minute spent on alone, made beforehand: `npm test`
 * (scripts/test-all.mjs) runs this beside the gateway's Postgres suite, then the browser suite
 * with the same WDIOV_E2E_DB_TEMPLATE and E2E_REUSE_BUILD=1. Makes the console's build, the
 * gateway's bundle, the run's seeded database (gateway.ts) and the console build that exposes the
 * live store (live-sim.ts). Needs WDIOV_E2E_DB_TEMPLATE (an empty folder) and
 * WDIOV_E2E_GATEWAY_BUNDLE=1 (gateways start from the bundle, as in the run).
 */
import { skipReason } from './chromium.ts';
import { buildConsoleAndGateway, ensureSeededTemplate } from './gateway.ts';
import { sharedExposedWeb } from './live-sim.ts';

if (!process.env.WDIOV_E2E_DB_TEMPLATE || process.env.WDIOV_E2E_GATEWAY_BUNDLE !== '1') {
  console.error('prepare.ts needs WDIOV_E2E_DB_TEMPLATE and WDIOV_E2E_GATEWAY_BUNDLE=1');
  process.exit(2);
}
// No browser: the specs skip, and the run starts no webServer.
if (skipReason) process.exit(0);
const built = buildConsoleAndGateway();
if (built !== 0) process.exit(built);
await ensureSeededTemplate();
await sharedExposedWeb();
console.log(`browser suite prepared in ${process.env.WDIOV_E2E_DB_TEMPLATE}`);
// Gateways started here are stopped; nothing is left to wait for.
process.exit(0);
