import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * `vitest run --mode postgres` (the suite's second run, on a Postgres server): only the files
 * whose database can be that server, i.e. those that get it from test/test-gateway.ts (or signed-in-gateway.ts) or read
 * TEST_DATABASE_URL themselves (engine, repositories, migrations, routes with SQL). The rest are
 * pure units (codec, caches, buses, machines, helpers) or open PGlite directly, so a second run
 * would repeat the first one exactly. Chosen by what each file imports, so a new file needs no list.
 */
function databaseFiles(): string[] {
  return allFiles().filter((f) => /(test|signed-in)-gateway\.ts'|TEST_DATABASE_URL/.test(readFileSync(new URL(f, import.meta.url), 'utf8')));
}

/** Every test file of the package. */
function allFiles(): string[] {
  return ['src', 'test'].flatMap((dir) =>
    readdirSync(new URL(dir, import.meta.url), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => `${dir}/${f}`),
  );
}

/**
 * Files that replace a module (vi.mock) need modules of their own: in a shared module graph the
 * real module, loaded by an earlier file, would stay. Chosen by content, so a new file needs no list.
 */
const mocks = (f: string) => /\bvi\.(do)?mock\(/.test(readFileSync(new URL(f, import.meta.url), 'utf8'));

export default defineConfig(({ mode }) => {
  const files = mode === 'postgres' ? databaseFiles() : allFiles();
  const mocking = files.filter(mocks);
  return {
    test: {
      testTimeout: 30_000,
      hookTimeout: 60_000,
      // PGlite instances are heavy; two cores run two files at a time.
      maxWorkers: 2,
      projects: [
        {
          extends: true,
          test: {
            name: 'gateway',
            include: files.filter((f) => !mocking.includes(f)),
            // One module graph (Hono, drizzle, zod, the entity registry and every route) per
            // worker instead of per file: importing it again for each file was over a quarter
            // of the suite's CPU. Each file still builds its own gateways and databases.
            isolate: false,
            // Migrates and seeds one template database per run; each test gateway starts from a copy.
            globalSetup: ['test/global-setup.ts'],
          },
        },
        ...(mocking.length ? [{ extends: true, test: { name: 'gateway-mocking', include: mocking } }] : []),
      ],
    },
  };
});
