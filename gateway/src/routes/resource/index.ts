import { createRouter } from '../../lib/create-app.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { ossRoutes } from './oss.routes.ts';
import { smsRoutes } from './sms.routes.ts';
import { mapGeoRoutes } from './geo/map-geo.routes.ts';

/** Bespoke calls of wdiov-resource (oss, sms, attach, mapGeo), mounted at /api/wdiov-resource. */
export function resourceRoutes(deps: BespokeDeps) {
  const router = createRouter();
  router.route('/', ossRoutes(deps));
  router.route('/', smsRoutes(deps));
  router.route('/', mapGeoRoutes(deps));
  return router;
}
