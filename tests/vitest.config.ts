import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['system/**/*.test.ts', 'security/**/*.test.ts'],
    // Whole-system runs: a simulated fleet for a minute per message bus.
    testTimeout: 300_000,
    hookTimeout: 120_000,
    // Two files at a time: each starts its own gateways, databases and buses on ephemeral ports,
    // and the system runs spend most of their time waiting on a simulated fleet (the streaming
    // file's minute per bus runs beside the other files instead of before them).
    maxWorkers: 2,
  },
});
