#!/usr/bin/env node
/**
 * `npm test`: every suite of every package, then one closing line `N passed, N failed, N skipped`
 * summed over all runners (vitest and Playwright JSON reports), with the elapsed time beside it.
 *
 * - The gateway suite runs on PGlite in memory, and its database files (vitest.config.ts, mode
 *   postgres) again on a Postgres server when TEST_DATABASE_URL is set. Under CI=true that server
 *   is required.
 * - Suites needing nats-server or Chromium skip themselves with a printed reason when those
 *   are missing, except under CI=true where they fail.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const started = Date.now();
const root = new URL('..', import.meta.url).pathname;
const out = join(root, '.test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const ci = process.env.CI === 'true';
const only = process.argv.slice(2);

const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];

/** `11 min 20 s` */
function elapsed(since) {
  const s = Math.round((Date.now() - since) / 1000);
  return s >= 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s} s`;
}

function vitest(name, cwd, env = {}, args = []) {
  if (only.length && !only.includes(name)) return;
  const report = join(out, `${name}.json`);
  console.log(`\n=== ${name} ===`);
  const t0 = Date.now();
  const r = spawnSync('npx', ['vitest', 'run', '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile=${report}`, ...args], {
    cwd: join(root, cwd), stdio: 'inherit', env: { ...process.env, ...env },
  });
  const took = elapsed(t0);
  if (!existsSync(report)) {
    totals.failed += 1;
    lines.push(`${name}: runner crashed (exit ${r.status}) after ${took}`);
    return;
  }
  const j = JSON.parse(readFileSync(report, 'utf8'));
  // A file that fails without a failed test counts as a failure: it did not load, or a hook
  // (beforeAll …) failed and vitest reports its tests as skipped.
  const broken = (j.testResults ?? []).filter((f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed')).length;
  totals.passed += j.numPassedTests;
  totals.failed += j.numFailedTests + broken;
  totals.skipped += j.numPendingTests + (j.numTodoTests ?? 0);
  lines.push(`${name}: ${j.numPassedTests} passed, ${j.numFailedTests + broken} failed, ${j.numPendingTests} skipped in ${took}`);
}

function playwright() {
  if (only.length && !only.includes('e2e')) return;
  if (!existsSync(join(root, 'tests/playwright.config.ts'))) return;
  const report = join(out, 'e2e.json');
  console.log('\n=== e2e (Playwright, Chromium) ===');
  const t0 = Date.now();
  const r = spawnSync('npx', ['playwright', 'test', '--reporter=list,json'], {
    cwd: join(root, 'tests'), stdio: 'inherit', env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
  });
  const took = elapsed(t0);
  if (!existsSync(report)) {
    totals.failed += 1;
    lines.push(`e2e: runner crashed (exit ${r.status}) after ${took}`);
    return;
  }
  const s = JSON.parse(readFileSync(report, 'utf8')).stats ?? {};
  totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
  totals.failed += s.unexpected ?? 0;
  totals.skipped += s.skipped ?? 0;
  lines.push(`e2e: ${(s.expected ?? 0) + (s.flaky ?? 0)} passed, ${s.unexpected ?? 0} failed, ${s.skipped ?? 0} skipped in ${took}`);
}

vitest('contracts', 'contracts');
vitest('gateway', 'gateway', { TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) {
  vitest('gateway-postgres', 'gateway', { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL }, ['--mode', 'postgres']);
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
// The counts open the line as `N passed, N failed` so that parsers of that line still read it.
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped (${elapsed(started)})`);
process.exit(totals.failed > 0 ? 1 : 0);
