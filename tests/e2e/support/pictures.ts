import { test, type Locator, type Page } from '@playwright/test';

/**
 * Pictures of screens for a person to look at, taken only when asked for (E2E_PICTURES=1), into
 * the test's output folder. A picture asserts nothing, and on software GL each costs the browser
 * a full paint, so the suite's ordinary run leaves them out; what the screen shows is asserted
 * beside each call.
 */
export const PICTURES = process.env.E2E_PICTURES === '1';

export async function picture(target: Page | Locator, name: string, { fullPage = false } = {}): Promise<void> {
  if (!PICTURES) return;
  const path = test.info().outputPath(`${name}.png`);
  await ('goto' in target ? target.screenshot({ path, fullPage }) : target.screenshot({ path }));
}
