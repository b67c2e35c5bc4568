/**
 * Bundle sizes of the routes that matter, gzip, from a production build with a manifest:
 * the sign-in route (entry + login page, limit 350 kB from TARGETS.md) and what the live
 * map adds on top of the shell (its own lazily loaded chunks).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, Chunk>;

const web = new URL('..', import.meta.url).pathname;
const outDir = mkdtempSync(join(tmpdir(), 'wdiov-bundle-'));
try {
  const build = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'], { cwd: web, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error(`vite build exited ${build.status}`);
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;

  /** The chunk files a module needs before it runs: itself and its static imports, transitively. */
  const closure = (key: string, into = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`not in the manifest: ${key}`);
    if (into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const k of chunk.imports ?? []) closure(k, into);
    return into;
  };
  const gzipKb = (files: Iterable<string>) => {
    let bytes = 0;
    for (const f of files) if (f.endsWith('.js')) bytes += gzipSync(readFileSync(join(outDir, f)), { level: 9 }).length;
    return Math.round(bytes / 102.4) / 10;
  };
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const shell = closure(entry);
  const signIn = closure('src/pages/login/LoginPage.tsx', new Set(shell));
  const layout = closure('src/layout/MainLayout.tsx', new Set(shell));
  const map = [...closure('src/monitoring/LiveMapPage.tsx')].filter((f) => !layout.has(f));
  const figure = (name: string, value: number, extra: Record<string, unknown> = {}) =>
    console.log(JSON.stringify({ name, unit: 'kB gzip', value, ...extra }));
  const signInKb = gzipKb(signIn);
  figure('bundle.sign-in-route.js', signInKb, { limit: 350, limitName: 'target', ratio: Math.round((signInKb / 350) * 1000) / 1000, note: `${signIn.size} chunks` });
  figure('bundle.map-route.own-chunks.js', gzipKb(map), { note: `${map.length} chunks beyond the shell and layout` });
  // Workers are emitted beside the manifest's chunks, not in it.
  const worker = readdirSync(join(outDir, 'assets')).filter((f) => f.startsWith('position.worker')).map((f) => `assets/${f}`);
  figure('bundle.position-worker.js', gzipKb(worker), { note: `${worker.length} file` });
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
