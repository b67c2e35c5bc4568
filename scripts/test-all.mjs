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
 * - The system suite runs beside the contracts, web, simulators and gateway (PGlite) suites: it
 *   spends most of its time waiting on a simulated fleet and on its servers, which leaves the
 *   cores to them (its longest file, a minute of fleet per bus, alone outlasts the web suite).
 *   Its output goes to .test-results/system.log and is printed when it ends, so logs do not
 *   interleave.
 * - The browser suite's builds and seeded database (tests/e2e/support/prepare.ts) are made beside
 *   the gateway's Postgres run, which waits on its server more than it computes; the browser
 *   suite then starts on them. The browser suite itself runs last and alone (beside the Postgres
 *   run, both took longer than one after the other).
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
/** Each failed test by name, printed again beside the closing line so that the tail of a long log says what failed. */
const failures = [];

/** `11 min 20 s` */
function elapsed(since) {
  const s = Math.round((Date.now() - since) / 1000);
  return s >= 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s} s`;
}

/** Runs a command to its end: its exit status. `log`: its output goes to that file instead of ours. */
function run(command, args, { cwd, env, log }) {
  const file = log && createWriteStream(log);
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: file ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  if (file) {
    child.stdout.pipe(file, { end: false });
    child.stderr.pipe(file, { end: false });
  }
  return new Promise((resolve) => child.on('close', (status) => (file ? file.end(() => resolve(status)) : resolve(status))));
}

async function vitest(name, cwd, env = {}, args = [], { aside = false } = {}) {
  if (only.length && !only.includes(name)) return;
  const report = join(out, `${name}.json`);
  const log = aside ? join(out, `${name}.log`) : undefined;
  console.log(aside ? `\n=== ${name} (beside the next suites; output when it ends) ===` : `\n=== ${name} ===`);
  const t0 = Date.now();
  const status = await run('npx', ['vitest', 'run', '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile=${report}`, ...args], {
    cwd: join(root, cwd), env, log,
  });
  const took = elapsed(t0);
  if (log) console.log(`\n=== ${name} (ended after ${took}) ===\n${readFileSync(log, 'utf8')}`);
  if (!existsSync(report)) {
    totals.failed += 1;
    lines.push(`${name}: runner crashed (exit ${status}) after ${took}`);
    return;
  }
  const j = JSON.parse(readFileSync(report, 'utf8'));
  // A file that fails without a failed test counts as a failure: it did not load, or a hook
  // (beforeAll …) failed and vitest reports its tests as skipped.
  const brokenFiles = (j.testResults ?? []).filter((f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'));
  const broken = brokenFiles.length;
  for (const f of j.testResults ?? []) {
    const file = f.name.slice(join(root, cwd).length + 1);
    if (brokenFiles.includes(f)) failures.push(`${name} ${file}: ${(f.message ?? 'did not run').split('\n')[0]}`);
    for (const a of f.assertionResults ?? []) {
      if (a.status === 'failed') failures.push(`${name} ${file} › ${a.fullName ?? a.title}: ${(a.failureMessages?.[0] ?? '').split('\n')[0]}`);
    }
  }
  totals.passed += j.numPassedTests;
  totals.failed += j.numFailedTests + broken;
  totals.skipped += j.numPendingTests + (j.numTodoTests ?? 0);
  lines.push(`${name}: ${j.numPassedTests} passed, ${j.numFailedTests + broken} failed, ${j.numPendingTests} skipped in ${took}`);
}

const wantsE2e = () => (!only.length || only.includes('e2e')) && existsSync(join(root, 'tests/playwright.config.ts'));

/**
 * The browser suite's builds and seeded database, made ahead (tests/e2e/support/prepare.ts): the
 * environment that makes the browser suite start on them, or none when this failed (the suite
 * then makes them itself, as it does alone).
 */
async function prepareE2e() {
  if (!wantsE2e()) return {};
  const template = mkdtempSync(join(tmpdir(), 'wdiov-e2e-template-'));
  const env = { WDIOV_E2E_DB_TEMPLATE: template, WDIOV_E2E_GATEWAY_BUNDLE: '1' };
  const log = join(out, 'e2e-prepare.log');
  const t0 = Date.now();
  const status = await run('node', ['--import', 'tsx', 'e2e/support/prepare.ts'], { cwd: join(root, 'tests'), env, log });
  if (status === 0) {
    console.log(`\n=== e2e prepared beside the suites before it (${elapsed(t0)}) ===`);
    return { ...env, E2E_REUSE_BUILD: '1' };
  }
  console.log(`\n=== e2e preparation failed (exit ${status}); the browser suite makes its builds itself ===\n${readFileSync(log, 'utf8')}`);
  rmSync(template, { recursive: true, force: true });
  return {};
}

async function playwright(prepared) {
  if (!wantsE2e()) return;
  const report = join(out, 'e2e.json');
  console.log('\n=== e2e (Playwright, Chromium) ===');
  const t0 = Date.now();
  const status = await run('npx', ['playwright', 'test', '--reporter=list,json'], { cwd: join(root, 'tests'), env: { ...prepared, PLAYWRIGHT_JSON_OUTPUT_NAME: report } });
  const took = elapsed(t0);
  if (!existsSync(report)) {
    totals.failed += 1;
    lines.push(`e2e: runner crashed (exit ${status}) after ${took}`);
    return;
  }
  const json = JSON.parse(readFileSync(report, 'utf8'));
  const s = json.stats ?? {};
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'unexpected') failures.push(`e2e ${spec.file ?? file} › ${spec.title}: ${(t.results?.at(-1)?.error?.message ?? '').split('\n')[0]}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
  };
  for (const suite of json.suites ?? []) walk(suite, suite.file);
  totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
  totals.failed += s.unexpected ?? 0;
  totals.skipped += s.skipped ?? 0;
  lines.push(`e2e: ${(s.expected ?? 0) + (s.flaky ?? 0)} passed, ${s.unexpected ?? 0} failed, ${s.skipped ?? 0} skipped in ${took}`);
}

/**
 * A gate that is not a test runner (the type check, the lint): one check passed or failed, its
 * output printed when it fails.
 */
async function gate(name, command, args) {
  if (only.length && !only.includes(name)) return;
  const log = join(out, `${name}.log`);
  const t0 = Date.now();
  const status = await run(command, args, { cwd: root, log });
  const took = elapsed(t0);
  console.log(`\n=== ${name} (${status === 0 ? 'passed' : 'failed'} in ${took}) ===`);
  if (status === 0) totals.passed += 1;
  else {
    totals.failed += 1;
    failures.push(`${name}: exit ${status}`);
    console.log(readFileSync(log, 'utf8'));
  }
  lines.push(`${name}: ${status === 0 ? 'passed' : 'failed'} in ${took}`);
}

const system = vitest('system', 'tests', {}, [], { aside: true });
// A type error, an import cycle or a package importing across a boundary fails the build. The
// type check runs beside the suites (mostly one core), the lint after it.
const gates = gate('typecheck', 'npx', ['tsc', '-b', 'contracts', 'gateway', 'web', 'simulators', 'tests']).then(() => gate('lint', 'npx', ['eslint', '.']));
await vitest('contracts', 'contracts');
await vitest('web', 'web');
await vitest('simulators', 'simulators');
await vitest('gateway', 'gateway', { TEST_DATABASE_URL: '' });
await system;
await gates;
const e2eEnv = prepareE2e();
if (process.env.TEST_DATABASE_URL) {
  await vitest('gateway-postgres', 'gateway', { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL }, ['--mode', 'postgres']);
} else if (ci) {
  totals.failed += 1;
  lines.push('gateway-postgres: TEST_DATABASE_URL is not set, but CI requires the Postgres run');
} else {
  lines.push('gateway-postgres: skipped (set TEST_DATABASE_URL to run the gateway suite on a Postgres server)');
}
await playwright(await e2eEnv);

if (failures.length) console.log('\nFailed:\n' + failures.map((f) => `  ✗ ${f.slice(0, 400)}`).join('\n'));
console.log('\n' + lines.join('\n'));
// The counts open the line as `N passed, N failed` so that parsers of that line still read it.
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped (${elapsed(started)})`);
process.exit(totals.failed > 0 ? 1 : 0);
