import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildTemplates } from './database-template.ts';

/** Builds the run's database templates (test/database-template.ts) and removes them when the run ends. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'wdiov-template-'));
  const pgName = `wdiov_template_${randomBytes(6).toString('hex')}`;
  await buildTemplates({ dir, pgName }, process.env.TEST_DATABASE_URL);
  project.provide('databaseTemplate', { dir, pgName });
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) return;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
    await admin.end();
  };
}
