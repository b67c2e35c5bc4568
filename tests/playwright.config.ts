import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, skipReason } from './e2e/support/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 18080);
const baseURL = `http://127.0.0.1:${port}`;

// Said once by the runner (workers load this file too); each spec also skips with the reason.
if (skipReason && !process.env.TEST_WORKER_INDEX) console.log(skipReason);

/**
 * `npm test` runs the specs (e2e/*.spec.ts); `npm run bench` sets E2E_BENCH=1 and runs the
 * browser benchmarks instead (e2e/*.bench.ts: figures and screenshots, too noisy to assert).
 */
const bench = process.env.E2E_BENCH === '1';

/**
 * The run's seeded database folder (e2e/support/gateway.ts): named once by the runner, whose
 * environment the webServer and the workers inherit (they load this file too, and keep it);
 * removed by e2e/support/global-teardown.ts.
 */
process.env.WDIOV_E2E_DB_TEMPLATE ??= mkdtempSync(join(tmpdir(), 'wdiov-e2e-template-'));
/** Every gateway of the run starts from the bundle the webServer builds first (e2e/support/gateway.ts). */
process.env.WDIOV_E2E_GATEWAY_BUNDLE ??= '1';

/** The specs with a simulated fleet of their own. */
const FLEET_SPECS = ['**/live-map.spec.ts', '**/shift.spec.ts'];
const browser = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1280, height: 800 },
  launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
};

export default defineConfig({
  testDir: './e2e',
  testMatch: bench ? '**/*.bench.ts' : '**/*.spec.ts',
  globalTeardown: './e2e/support/global-teardown.ts',
  outputDir: './test-results',
  // Two browsers at a time: spec files share no state (each signs in on its own, writes rows
  // unique to its run, and the specs that restart or fill a gateway start a private one); a file
  // stays in one worker, in order. Benchmarks run alone so their figures are not each other's load.
  workers: bench ? 1 : 2,
  fullyParallel: false,
  retries: 0,
  forbidOnly: process.env.CI === 'true',
  // Software GL on a slow machine: generous, but bounded.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL,
    locale: 'zh-CN',
    viewport: { width: 1280, height: 800 },
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    screenshot: 'only-on-failure',
    // A trace films every action of every test (a screencast the browser paints and encodes), which
    // was half of the suite's CPU; a failure keeps its screenshot and error context. E2E_TRACE=1
    // records traces and keeps those of failed tests.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
  },
  // The specs that drive a simulated fleet (a private gateway, hundreds of terminals, a map in
  // software GL) run one at a time beside the others: two of them together starved both browsers.
  projects: [
    { name: 'chromium', testIgnore: bench ? undefined : FLEET_SPECS, use: browser },
    ...(bench ? [] : [{ name: 'fleet', testMatch: FLEET_SPECS, workers: 1, use: browser }]),
  ],
  // No browser, no point building and starting the console (the specs all skip).
  webServer: skipReason
    ? undefined
    : {
        command: 'node --import tsx e2e/support/web-server.ts',
        url: `${baseURL}/api/health`,
        reuseExistingServer: false,
        // Two builds, then the template database's seeding (support/gateway.ts) on a loaded machine.
        timeout: 300_000,
        stdout: 'pipe',
        stderr: 'pipe',
        gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      },
});
