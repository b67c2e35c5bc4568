import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Both cores (vitest's default keeps one free): each file pays for its own jsdom, so files
    // in parallel are most of the gain.
    maxWorkers: 2,
  },
});
