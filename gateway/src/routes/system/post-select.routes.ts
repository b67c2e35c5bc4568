import { z } from 'zod';
import { ADMIN_TENANT_ID } from '@wdiov/contracts';
import { createRouter } from '../../lib/create-app.ts';
import { data } from '../../lib/envelope.ts';
import { forbidden } from '../../lib/api-error.ts';
import { parseWith } from '../../lib/read-input.ts';
import { systemText } from '../../lib/texts/system-text.ts';
import { systemPrincipal } from '../../crud/principal.ts';
import { listQueryOf } from '../../crud/crud-router.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';

const SelectQuery = z.object({ tenantId: z.string().trim().regex(/^\d{6}$/, { error: () => systemText('postTenantId') }).optional().or(z.literal('').transform(() => undefined)) });

/**
 * post/select: the posts of a tenant for pickers (the user form), in their order. Another
 * tenant's posts are for the platform tenant only; anyone else gets their own tenant's.
 */
export function postSelectRoutes({ repos }: BespokeDeps) {
  const router = createRouter();
  router.get('/post/select', async (c) => {
    const { tenantId } = parseWith(SelectQuery, c.req.query());
    const principal = c.get('principal');
    if (tenantId && tenantId !== principal.tenantId && principal.tenantId !== ADMIN_TENANT_ID) throw forbidden(systemText('otherTenantPosts'));
    const reader = tenantId && tenantId !== principal.tenantId ? systemPrincipal(tenantId) : principal;
    return data(c, await repos.get('post').all(reader, listQueryOf({ ascs: 'sort' })));
  });
  return router;
}
