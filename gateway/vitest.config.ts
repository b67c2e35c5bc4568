import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const ALL = ['src/**/*.test.ts', 'test/**/*.test.ts'];

/**
 * `vitest run --mode postgres` (the suite's second run, on a Postgres server): only the files
 * whose database can be that server, i.e. those that get it from test/test-gateway.ts (or signed-in-gateway.ts) or read
 * TEST_DATABASE_URL themselves (engine, repositories, migrations, routes with SQL). The rest are
 * pure units (codec, caches, buses, machines, helpers) or open PGlite directly, so a second run
 * would repeat the first one exactly. Chosen by what each file imports, so a new file needs no list.
 */
function databaseFiles(): string[] {
  const root = new URL('.', import.meta.url);
  const files = ['src', 'test'].flatMap((dir) =>
    readdirSync(new URL(dir, root), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => `${dir}/${f}`),
  );
  return files.filter((f) => /(test|signed-in)-gateway\.ts'|TEST_DATABASE_URL/.test(readFileSync(new URL(f, root), 'utf8')));
}

export default defineConfig(({ mode }) => ({
  test: {
    include: mode === 'postgres' ? databaseFiles() : ALL,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite instances are heavy; two cores run two files at a time.
    maxWorkers: 2,
    // Migrates and seeds one template database per run; each test gateway starts from a copy.
    globalSetup: ['test/global-setup.ts'],
  },
}));
