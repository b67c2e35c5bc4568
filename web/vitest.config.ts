import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const root = new URL('.', import.meta.url);
const testFiles = readdirSync(new URL('src', root), { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.test\.tsx?$/.test(f))
  .map((f) => `src/${f}`);
/**
 * Files that replace a module (vi.mock) need modules of their own: in a shared module graph the
 * real module, loaded by an earlier file, would stay. Chosen by content, so a new file needs no list.
 */
const mocking = testFiles.filter((f) => /\bvi\.(do)?mock\(/.test(readFileSync(new URL(f, root), 'utf8')));

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
    css: false,
    // Both cores (vitest's default keeps one free).
    maxWorkers: 2,
    // The suite runs beside the system suite on two cores: a render that takes a second alone can
    // take several there. Speed is measured by the benchmarks, not by this limit.
    testTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          include: testFiles.filter((f) => !mocking.includes(f)),
          // One jsdom and one module graph (React, PrimeReact, the registry) per worker instead of
          // per file: that setup was half of the suite's CPU. test-setup.ts empties the document,
          // storage and cookies after every test, so files still start from a blank page.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'web-mocking', include: mocking } },
    ],
  },
});
