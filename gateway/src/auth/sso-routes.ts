import { ssoAuthorizeRoute, ssoProviderSubmitRoute, ssoProvidersRoute } from '@wdiov/contracts/api/sso.route';
import { createRouter } from '../lib/create-app.ts';
import { routeOf } from '../lib/contract.ts';
import { badRequest } from '../lib/api-error.ts';
import { data } from '../lib/envelope.ts';
import { OAuthError } from './oauth-error.ts';
import type { SsoFlows } from './sso-flow.ts';
import type { SsoProviders } from './sso-providers.ts';

export interface SsoRouteDeps {
  providers: SsoProviders;
  flows: SsoFlows;
}

/** The sign-in page's provider buttons, the start of a provider sign-in, and an administrator's provider settings. */
export function ssoRouter({ providers, flows }: SsoRouteDeps) {
  const router = createRouter();

  router.openapi(routeOf(ssoProvidersRoute), async (c) => data(c, await providers.buttons(c.req.valid('query').tenantId)));

  router.openapi(routeOf(ssoAuthorizeRoute), async (c) => {
    const { tenantId, providerId } = c.req.valid('query');
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

  return router;
}
