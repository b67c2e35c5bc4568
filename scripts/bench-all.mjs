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
const benches = [
  ['codec', 'contracts', 'bench/codec.bench.ts'],
  ['crud-page', 'gateway', 'bench/crud-page.bench.ts'],
  ['rest', 'gateway', 'bench/rest.bench.ts'],
  ['shift-start', 'gateway', 'bench/shift-start.bench.ts'],
  ['live', 'gateway', 'bench/live.bench.ts'],
  ['simulator', 'simulators', 'bench/throughput.bench.ts'],
  ['bundle', 'web', 'bench/bundle.bench.ts'],
];

const figures = [];
for (const [name, cwd, file] of benches) {
  if (only.length && !only.includes(name)) continue;
  console.log(`\n=== ${name} ===`);
  const r = spawnSync('npx', ['tsx', file], { cwd: join(root, cwd), encoding: 'utf8', env: process.env, maxBuffer: 64 * 1024 * 1024 });
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

const fmt = (v) => (typeof v === 'number' ? (Math.abs(v) >= 1000 ? Math.round(v).toLocaleString('en-US') : String(v)) : String(v ?? ''));
const docPath = join(root, 'docs/benchmarks.md');
const previous = existsSync(docPath) ? readFileSync(docPath, 'utf8').split('\n') : [];
// A run of some benches keeps the other benches' rows; sections after the table stay as written.
const benchOf = (row) => row.split('|')[1]?.trim();
const kept = only.length ? previous.filter((l) => l.startsWith('| ') && !l.startsWith('| bench |') && !only.includes(benchOf(l))) : [];
const notesAt = previous.findIndex((l) => l.startsWith('## '));
const notes = notesAt >= 0 ? previous.slice(notesAt) : [];
const order = (row) => benches.findIndex(([name]) => name === benchOf(row));
const rows = [...kept, ...figures.map((f) => `| ${f.bench} | ${f.name} | ${fmt(f.value)} ${f.unit} | ${f.limit !== undefined ? `${fmt(f.limit)} ${f.unit} (${f.limitName ?? 'limit'})` : ''} | ${f.ratio ?? ''} | ${f.note ?? ''} |`)]
  .map((row, i) => ({ row, i })).sort((a, b) => order(a.row) - order(b.row) || a.i - b.i).map((r) => r.row);
const doc = [
  '# Benchmarks',
  '',
  `Run with \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores (${cpus()[0]?.model ?? ''}). These machines are shared and noisy: read each figure`,
  'beside the limit measured in the same run (ratio = value / limit).',
  '',
  '| bench | figure | value | limit | ratio | note |',
  '|---|---|---|---|---|---|',
  ...rows,
  '',
  ...notes,
].join('\n');
mkdirSync(join(root, 'docs'), { recursive: true });
mkdirSync(join(root, 'bench-results'), { recursive: true });
writeFileSync(docPath, doc.endsWith('\n') ? doc : doc + '\n');
writeFileSync(join(root, 'bench-results/figures.jsonl'), figures.map((f) => JSON.stringify(f)).join('\n') + '\n');
console.log(`\nwrote docs/benchmarks.md (${figures.length} figures)`);
