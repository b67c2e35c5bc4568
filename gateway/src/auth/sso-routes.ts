import {
  ssoAuthorizeRoute, ssoProviderListRoute, ssoProviderRemoveRoute, ssoProviderSubmitRoute, ssoProvidersRoute,
} from '@wdiov/contracts/api/sso.route';
import { createRouter } from '../lib/create-app.ts';
import { routeOf } from '../lib/contract.ts';
import { ApiError, badRequest } from '../lib/api-error.ts';
import { clientAddress } from '../lib/client-address.ts';
import type { AddressLimiter } from './address-limiter.ts';
import { data } from '../lib/envelope.ts';
import { OAuthError } from './oauth-error.ts';
import type { SsoFlows } from './sso-flow.ts';
import type { SsoProviders } from './sso-providers.ts';
import { ssoText } from './sso-text.ts';

export interface SsoRouteDeps {
  providers: SsoProviders;
  flows: SsoFlows;
  /** Sign-ins started per client address: each one stores a row, and the route is public. */
  starts: AddressLimiter;
  /** The console zone's offset from UTC, minutes: times in the administrator's list. */
  offsetMin: number;
}

/** The sign-in page's provider buttons, the start of a provider sign-in, and an administrator's provider settings. */
export function ssoRouter({ providers, flows, starts, offsetMin }: SsoRouteDeps) {
  const router = createRouter();

  router.openapi(routeOf(ssoProvidersRoute), async (c) => data(c, await providers.buttons(c.req.valid('query').tenantId)));

  router.openapi(routeOf(ssoAuthorizeRoute), async (c) => {
    const { tenantId, providerId } = c.req.valid('query');
    const address = clientAddress(c);
    if (address !== 'local') {
      const wait = starts.retryAfterMs(address);
      if (wait > 0) {
        c.header('Retry-After', String(Math.ceil(wait / 1000)));
        throw new ApiError(429, ssoText('tooManyStarts'));
      }
      starts.fail(address);
    }
    try {
      return data(c, await flows.start(tenantId, providerId));
    } catch (e) {
      if (e instanceof OAuthError) throw badRequest(e.description);
      throw e;
    }
  });

  router.openapi(routeOf(ssoProviderSubmitRoute), async (c) => {
    const id = await providers.save(c.get('principal').tenantId, c.req.valid('json'));
    return data(c, { id });
  });

  router.openapi(routeOf(ssoProviderListRoute), async (c) => data(c, await providers.list(c.get('principal').tenantId, offsetMin)));

  router.openapi(routeOf(ssoProviderRemoveRoute), async (c) => {
    const ids = c.req.valid('query').ids.split(',');
    return data(c, { removed: await providers.remove(c.get('principal').tenantId, ids) });
  });

  return router;
}
