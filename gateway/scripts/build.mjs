#!/usr/bin/env node
/**
 * Builds the gateway for `npm start`: ESM bundles (dist/bundle/main.js, and the entries of the persistence and PGlite threads) of the gateway and
 * the workspace contracts (TypeScript, compiled here), with every npm dependency left to node_modules.
 * Production then runs plain node instead of compiling TypeScript at start-up; `npm run dev` stays on tsx.
 * The bundle sits two levels below the package, like src/db/client.ts, so paths the code resolves
 * from its own module (the migrations folder) point to the same place.
 */
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const workspace = (name) => name.startsWith('@wdiov/');

// The threads' entries sit beside main.js, where live/persistence.ts and lib/worker-thread.ts look for them.
await build({
  entryPoints: ['main', 'live/persistence-worker', 'db/pglite-worker', 'auth/password-worker'].map((f) => ({ in: new URL(`../src/${f}.ts`, import.meta.url).pathname, out: f.replace(/.*\//, '') })),
  outdir: new URL('../dist/bundle', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: Object.keys(pkg.dependencies).filter((d) => !workspace(d)),
  logLevel: 'warning',
});
