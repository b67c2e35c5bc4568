import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, skipReason } from './e2e/support/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 18080);
const baseURL = `http://127.0.0.1:${port}`;

// Said once by the runner (workers load this file too); each spec also skips with the reason.
if (skipReason && !process.env.TEST_WORKER_INDEX) console.log(skipReason);

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  // Two cores and one shared gateway: parallel browsers only make each other time out.
  workers: 1,
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
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
      },
    },
  ],
  // No browser, no point building and starting the console (the specs all skip).
  webServer: skipReason
    ? undefined
    : {
        command: 'node --import tsx e2e/support/web-server.ts',
        url: `${baseURL}/api/health`,
        reuseExistingServer: false,
        timeout: 180_000,
        stdout: 'pipe',
        stderr: 'pipe',
        gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      },
});
