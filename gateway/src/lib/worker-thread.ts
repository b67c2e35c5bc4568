import { createRequire } from 'node:module';
import { getPriority, setPriority } from 'node:os';
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

/**
 * Lowers the calling thread's scheduling priority by `nice`: on Linux a nice value belongs to one
 * thread, so only this thread drops below the event loop, and under load the kernel gives the
 * cores to the others first. Relative to the nice the thread started with (the gateway's own, if
 * it runs niced), at most 19: an unprivileged process may raise its nice, never lower it, so an
 * absolute value under a gateway started niced would throw. Elsewhere the call would lower the
 * whole process, so it is made on Linux only; where it is not permitted the thread keeps its priority.
 */
export function lowerThisThread(nice: number): void {
  if (process.platform !== 'linux' || nice <= 0) return;
  try {
    setPriority(0, Math.min(19, getPriority(0) + nice));
  } catch {
    // Not permitted here: the thread runs at the gateway's own priority rather than not at all.
  }
}
