import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * A worker thread of the gateway's own code. Under tsx and vitest the gateway runs from its
 * TypeScript source, which a worker cannot load on its own: the worker imports it through tsx's
 * API. The production bundle ships each worker's JavaScript beside main.js (scripts/build.mjs),
 * so there the `.js` twin of the entry is started.
 */
export function startWorkerThread(entry: URL, workerData: unknown): Worker {
  if (!entry.pathname.endsWith('.ts')) throw new Error(`worker entry must name its TypeScript source: ${entry.href}`);
  const fromSource = import.meta.url.endsWith('.ts');
  if (!fromSource) return new Worker(new URL(entry.href.replace(/\.ts$/, '.js').replace(/.*\//, './'), import.meta.url), { workerData });
  // tsx's ESM API (its CommonJS twin registers its hooks from the wrong folder when evaluated).
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const boot = `const { workerData } = require('node:worker_threads'); import(workerData.tsx).then((api) => api.tsImport(workerData.entry, workerData.entry));`;
  return new Worker(boot, { eval: true, workerData: { ...(workerData as object), tsx, entry: entry.href } });
}
