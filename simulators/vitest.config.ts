import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The fleet-model suites drive hours of simulated time: CPU-bound, and the machine is shared.
    testTimeout: 60_000,
  },
});
