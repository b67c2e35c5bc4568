import { existsSync } from 'node:fs';

/** Debian's Chromium: Playwright cannot download its own browsers here (toolchain.md). */
export const CHROMIUM_PATH = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const CI = process.env.CI === 'true';
export const chromiumFound = existsSync(CHROMIUM_PATH);

/** Why every spec skips; null when they run. Under CI a missing browser must fail, not skip. */
export const skipReason: string | null =
  chromiumFound || CI ? null : `Chromium not found at ${CHROMIUM_PATH}: e2e specs skipped (apt-get install -y chromium)`;
