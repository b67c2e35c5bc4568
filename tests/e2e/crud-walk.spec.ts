import { test, type Page } from '@playwright/test';
import { ApiRows, rowEditingPage } from './support/api-rows.ts';
import { entityRoutes, walkEntity } from './support/crud-walk.ts';
import { formFeatures, representatives } from './support/representatives.ts';
import { requireChromium } from './support/session.ts';

requireChromium();

/** Two halves, one browser each, so that both workers may walk at once (the walk is the longest spec). */
test.describe.configure({ mode: 'parallel' });

/**
 * Distinct per run, so unique fields never collide with rows a previous run left on a reused gateway,
 * and the same in both halves' workers (from the run's template folder), so their routes' values differ.
 */
const runKey = process.env.WDIOV_E2E_DB_TEMPLATE ?? String(Date.now());
const RUN = 10_000 + ([...runKey].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7) % 80_000);
const HALVES = 2;
const ROUTES = representatives(entityRoutes(), (r) => formFeatures(r.entity, r.without));

for (let half = 0; half < HALVES; half++) {
  test.describe(`every entity screen (${half + 1} of ${HALVES})`, () => {
    /**
     * Generated from the seeded menu tree: a new entity is walked without new test code when it
     * brings a kind of control, column or search the walked screens lack, or a page of its own
     * that changes the list or the form another way (support/representatives.ts formFeatures;
     * the other screens run the same CrudPage and form, every entity's form is opened in
     * web/src/crud/every-entity.test.tsx, its HTTP round trip in gateway/test/entity-walk.test.ts,
     * every own screen is opened and audited by a11y.spec.ts, and its own buttons and dialogs by
     * workflows.spec.ts and forward.spec.ts). One signed-in page is shared per
     * half, its screens in order (signing in per entity would double the run); after a failure the
     * next test gets a fresh worker, which signs in again.
     */
    test.describe.configure({ mode: 'default' });
    let page: Page;
    let api: ApiRows;

    test.beforeAll(async ({ browser }, info) => {
      ({ page, api } = await rowEditingPage(browser, info));
    });

    test.afterAll(async () => {
      await page?.close();
    });

    ROUTES.forEach((route, i) => {
      if (i % HALVES !== half) return;
      test(`${route.entity.name} at ${route.path}`, async () => {
        test.setTimeout(60_000);
        const result = await walkEntity(page, api, route, RUN + i);
        console.log(`crud-walk ${result.entity}: ${result.steps.join(' | ')}`);
      });
    });
  });
}
