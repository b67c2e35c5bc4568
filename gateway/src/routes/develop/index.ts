import { createRouter } from '../../lib/create-app.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { modelRoutes } from './model.routes.ts';
import { prototypeRoutes } from './prototype.routes.ts';
import { codeRoutes } from './code.routes.ts';

/** Bespoke calls of wdiov-develop (code generator, models, data sources), mounted at /api/wdiov-develop. */
export function developRoutes(deps: BespokeDeps) {
  const router = createRouter();
  router.route('/', modelRoutes(deps));
  router.route('/', prototypeRoutes(deps));
  router.route('/', codeRoutes(deps));
  return router;
}
