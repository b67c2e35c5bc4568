import { createRouter } from '../../lib/create-app.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';

/** Bespoke calls of wdiov-resource (oss, sms, attach, mapGeo), mounted at /api/wdiov-resource. */
export function resourceRoutes(_deps: BespokeDeps) {
  return createRouter();
}
