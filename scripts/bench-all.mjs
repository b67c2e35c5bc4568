#!/usr/bin/env node
/**
 * `npm run bench`: every benchmark, each figure beside the limit measured in the same run,
 * written as a table to docs/benchmarks.md (and the raw JSON lines to bench-results/).
 * Benchmarks print one JSON object per figure: {name, unit, value, limit?, limitName?, ratio?, note?}.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus } from 'node:os';

const root = new URL('..', import.meta.url).pathname;
const only = process.argv.slice(2);
/** [name, folder, file run with tsx | command line, extra environment] */
const benches = [
  ['codec', 'contracts', 'bench/codec.bench.ts'],
  ['crud-page', 'gateway', 'bench/crud-page.bench.ts'],
  ['rest', 'gateway', 'bench/rest.bench.ts'],
  ['shift-start', 'gateway', 'bench/shift-start.bench.ts'],
  ['stats', 'gateway', 'bench/stats.bench.ts'],
  ['safety-model-level', 'gateway', 'bench/safety-model-level.bench.ts'],
  ['live', 'gateway', 'bench/live.bench.ts'],
  ['ingest', 'gateway', 'bench/ingest.bench.ts'],
  ['forward', 'gateway', 'bench/forward.bench.ts'],
  ['nats-ws', 'gateway', 'bench/nats-ws.bench.ts'],
  ['simulator', 'simulators', 'bench/throughput.bench.ts'],
  ['bundle', 'web', 'bench/bundle.bench.ts'],
  // The browser's figures (tests/e2e/*.bench.ts: live map at 10,000 and 50,000 vehicles, review screenshots).
  ['browser', 'tests', ['npx', 'playwright', 'test', '--reporter=list'], { E2E_BENCH: '1' }],
];

/**
 * With the scheduler's autogroups on, each terminal session shares the cores equally, whatever its
 * processes' nice values: a neighbour's niced build then takes as much as the benchmark.
 */
const autogroup = (() => {
  try {
    return readFileSync('/proc/sys/kernel/sched_autogroup_enabled', 'utf8').trim() === '1';
  } catch {
    return false;
  }
})();
const schedulerNote = autogroup
  ? ' The scheduler\'s autogroups were on (kernel.sched_autogroup_enabled=1): niced neighbours took the cores as equals.'
  : '';
if (autogroup) console.warn('kernel.sched_autogroup_enabled=1: niced neighbours compete as equals; the figures will say so.');

const figures = [];
for (const [name, cwd, run, env = {}] of benches) {
  if (only.length && !only.includes(name)) continue;
  console.log(`\n=== ${name} ===`);
  const [command, ...args] = Array.isArray(run) ? run : ['npx', 'tsx', run];
  const r = spawnSync(command, args, { cwd: join(root, cwd), encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 });
  process.stderr.write(r.stderr ?? '');
  for (const line of (r.stdout ?? '').split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const f = JSON.parse(line);
      figures.push({ bench: name, ...f });
      console.log(line);
    } catch {
      /* not a figure */
    }
  }
  if (r.status !== 0) figures.push({ bench: name, name: `${name} failed`, unit: '', value: r.status });
}

// A run of some benches (`npm run bench -- ingest`) keeps the other benches' rows and the notes of the last document.
const docPath = join(root, 'docs/benchmarks.md');
const previous = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '';
const keptRows = new Map();
for (const line of previous.split('\n')) {
  const bench = /^\| ([\w-]+) \| /.exec(line)?.[1];
  if (!bench || bench === 'bench' || (only.length === 0 || only.includes(bench))) continue;
  keptRows.set(bench, [...(keptRows.get(bench) ?? []), line]);
}
const notes = previous.includes('\n## Notes') ? previous.slice(previous.indexOf('\n## Notes') + 1) : '';

const fmt = (v) => (typeof v === 'number' ? (Math.abs(v) >= 1000 ? Math.round(v).toLocaleString('en-US') : String(v)) : String(v ?? ''));
const rowOf = (f) => `| ${f.bench} | ${f.name} | ${fmt(f.value)} ${f.unit} | ${f.limit !== undefined ? `${fmt(f.limit)} ${f.unit} (${f.limitName ?? 'limit'})` : ''} | ${f.ratio ?? ''} | ${f.note ?? ''} |`;
const rows = benches.flatMap(([name]) => keptRows.get(name) ?? figures.filter((f) => f.bench === name).map(rowOf));
const doc = [
  '# Benchmarks',
  '',
  `Run with \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}${only.length ? ` (${only.join(', ')}; the other rows are from earlier runs)` : ''}, ${cpus().length} cores (${cpus()[0]?.model ?? ''}). These machines are shared and noisy: read each figure`,
  `beside the limit measured in the same run (ratio = value / limit).${schedulerNote}`,
  '',
  '| bench | figure | value | limit | ratio | note |',
  '|---|---|---|---|---|---|',
  ...rows,
  '',
  ...(notes ? [notes.trimEnd(), ''] : []),
].join('\n');
mkdirSync(join(root, 'docs'), { recursive: true });
mkdirSync(join(root, 'bench-results'), { recursive: true });
writeFileSync(docPath, doc);
writeFileSync(join(root, 'bench-results/figures.jsonl'), figures.map((f) => JSON.stringify(f)).join('\n') + '\n');
console.log(`\nwrote docs/benchmarks.md (${figures.length} figures)`);
