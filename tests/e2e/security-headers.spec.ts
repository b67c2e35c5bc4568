import { expect, test, type Page } from '@playwright/test';
import { requireChromium, signIn } from './support/session.ts';

requireChromium();

/**
 * The console runs under its Content-Security-Policy: no violation on the sign-in page, the
 * home page or the live map (MapLibre's blob: workers, the websocket, data: images).
 */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('__cspViolation', (v: string) => seen.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation: (v: string) => void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && m.text().includes('Content Security Policy')) seen.push(m.text());
  });
  return seen;
}

test('the console is served with its security headers', async ({ request }) => {
  for (const path of ['/login', '/api/health']) {
    const res = await request.get(path);
    const h = res.headers();
    expect(h['content-security-policy'], path).toContain("frame-ancestors 'none'");
    expect(h['x-content-type-options'], path).toBe('nosniff');
    expect(h['x-frame-options'], path).toBe('DENY');
    expect(h['referrer-policy'], path).toBe('no-referrer');
  }
});

test('no CSP violation on the sign-in page, the home page and the live map', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/login');
  await expect(page.locator('#login-account')).toBeVisible();
  await signIn(page);
  await page.goto('/monitoring/map');
  await expect(page.locator('.wd-live-status')).toBeVisible();
  await expect(page.locator('canvas').first()).toBeVisible();
  // The map's workers and tiles load after the canvas appears.
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});
