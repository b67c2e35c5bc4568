import { rmSync } from 'node:fs';

/** Removes the run's seeded database folder (playwright.config.ts). */
export default function globalTeardown(): void {
  const template = process.env.WDIOV_E2E_DB_TEMPLATE;
  if (template) rmSync(template, { recursive: true, force: true });
}
