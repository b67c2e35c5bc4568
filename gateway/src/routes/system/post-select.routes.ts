import { postSelectRoute } from '@wdiov/contracts/api/post-select.route';
import { ADMIN_TENANT_ID } from '@wdiov/contracts';
import { createRouter } from '../../lib/create-app.ts';
import { routeOf } from '../../lib/contract.ts';
import { data } from '../../lib/envelope.ts';
import { forbidden } from '../../lib/api-error.ts';
import { systemText } from '../../lib/texts/system-text.ts';
import { systemPrincipal } from '../../crud/principal.ts';
import { listQueryOf } from '../../crud/crud-router.ts';
import type { Json } from '../../crud/serialize.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';

type PostOption = Json & { id: string; postCode: string; postName: string };

/**
 * post/select: the posts of a tenant for pickers (the user form), in their order. Another
 * tenant's posts are for the platform tenant only; anyone else gets their own tenant's.
 */
export function postSelectRoutes({ repos }: BespokeDeps) {
  const router = createRouter();
  router.openapi(routeOf(postSelectRoute), async (c) => {
    const tenantId = c.req.valid('query').tenantId || undefined;
    const principal = c.get('principal');
    if (tenantId && tenantId !== principal.tenantId && principal.tenantId !== ADMIN_TENANT_ID) throw forbidden(systemText('otherTenantPosts'));
    const reader = tenantId && tenantId !== principal.tenantId ? systemPrincipal(tenantId) : principal;
    return data(c, await repos.get('post').all(reader, listQueryOf({ ascs: 'sort' })) as PostOption[]);
  });
  return router;
}
