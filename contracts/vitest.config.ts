import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The fuzz and property suites are CPU-bound; on a shared two-core machine they need room.
    testTimeout: 120_000,
  },
});
