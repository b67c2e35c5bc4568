import { createRouter } from '../../lib/create-app.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { menuRoutes } from './menu.routes.ts';
import { roleRoutes } from './role.routes.ts';
import { deptDictRoutes } from './dept-dict.routes.ts';
import { tenantParamRoutes } from './tenant-param.routes.ts';
import { tenantSetupRoutes } from './tenant-setup.ts';
import { clientSecretRoutes } from './client-secrets.ts';
import { regionRoutes } from './region.routes.ts';
import { sendLogsRoutes } from './send-logs.routes.ts';
import { postSelectRoutes } from './post-select.routes.ts';
import { basemapRoutes } from './basemap.routes.ts';

/** Bespoke calls of wdiov-system, mounted at /api/wdiov-system before the generic entity routes. */
export function systemRoutes(deps: BespokeDeps) {
  const router = createRouter();
  router.route('/', menuRoutes(deps));
  router.route('/', roleRoutes(deps));
  router.route('/', deptDictRoutes(deps));
  router.route('/', tenantParamRoutes(deps));
  router.route('/', tenantSetupRoutes(deps));
  router.route('/', clientSecretRoutes());
  router.route('/', regionRoutes(deps));
  router.route('/', sendLogsRoutes(deps));
  router.route('/', postSelectRoutes(deps));
  router.route('/', basemapRoutes(deps));
  return router;
}
