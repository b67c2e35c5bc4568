import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['system/**/*.test.ts', 'security/**/*.test.ts'],
    // Whole-system runs: a simulated fleet for a minute per message bus.
    testTimeout: 300_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
