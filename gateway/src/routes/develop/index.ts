import { createRouter } from '../../lib/create-app.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';

/** Bespoke calls of wdiov-develop (code generator, models, data sources), mounted at /api/wdiov-develop. */
export function developRoutes(_deps: BespokeDeps) {
  return createRouter();
}
