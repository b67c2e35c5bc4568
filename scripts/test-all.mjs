#!/usr/bin/env node
/**
 * `npm test`: every suite of every package, then one plain closing line `N passed, N failed`
 * summed over all runners (vitest and Playwright JSON reports).
 *
 * - The gateway suite runs on PGlite in memory, and again on a Postgres server when
 *   TEST_DATABASE_URL is set. Under CI=true that server is required.
 * - Suites needing nats-server or Chromium skip themselves with a printed reason when those
 *   are missing, except under CI=true where they fail.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, '.test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const ci = process.env.CI === 'true';
const only = process.argv.slice(2);

const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];

function vitest(name, cwd, env = {}) {
  if (only.length && !only.includes(name)) return;
  const report = join(out, `${name}.json`);
  console.log(`\n=== ${name} ===`);
  const r = spawnSync('npx', ['vitest', 'run', '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile=${report}`], {
    cwd: join(root, cwd), stdio: 'inherit', env: { ...process.env, ...env },
  });
  if (!existsSync(report)) {
    totals.failed += 1;
    lines.push(`${name}: runner crashed (exit ${r.status})`);
    return;
  }
  const j = JSON.parse(readFileSync(report, 'utf8'));
  // A file that fails to load counts as a failure even though it has no test results.
  const broken = (j.testResults ?? []).filter((f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0).length;
  totals.passed += j.numPassedTests;
  totals.failed += j.numFailedTests + broken;
  totals.skipped += j.numPendingTests + (j.numTodoTests ?? 0);
  lines.push(`${name}: ${j.numPassedTests} passed, ${j.numFailedTests + broken} failed, ${j.numPendingTests} skipped`);
}

function playwright() {
  if (only.length && !only.includes('e2e')) return;
  if (!existsSync(join(root, 'tests/playwright.config.ts'))) return;
  const report = join(out, 'e2e.json');
  console.log('\n=== e2e (Playwright, Chromium) ===');
  const r = spawnSync('npx', ['playwright', 'test', '--reporter=list,json'], {
    cwd: join(root, 'tests'), stdio: 'inherit', env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
  });
  if (!existsSync(report)) {
    totals.failed += 1;
    lines.push(`e2e: runner crashed (exit ${r.status})`);
    return;
  }
  const s = JSON.parse(readFileSync(report, 'utf8')).stats ?? {};
  totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
  totals.failed += s.unexpected ?? 0;
  totals.skipped += s.skipped ?? 0;
  lines.push(`e2e: ${(s.expected ?? 0) + (s.flaky ?? 0)} passed, ${s.unexpected ?? 0} failed, ${s.skipped ?? 0} skipped`);
}

vitest('contracts', 'contracts');
vitest('gateway', 'gateway', { TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) {
  vitest('gateway-postgres', 'gateway', { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL });
} else if (ci) {
  totals.failed += 1;
  lines.push('gateway-postgres: TEST_DATABASE_URL is not set, but CI requires the Postgres run');
} else {
  lines.push('gateway-postgres: skipped (set TEST_DATABASE_URL to run the gateway suite on a Postgres server)');
}
vitest('web', 'web');
vitest('simulators', 'simulators');
vitest('system', 'tests');
playwright();

console.log('\n' + lines.join('\n'));
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
