import { z } from 'zod';
import { spoken } from '../entity/validation-text.ts';
import { defineRoute } from './define-route.ts';

const TENANT = { zh: '租户ID', en: 'The tenant id' };

/** A post as a picker lists it: the entity's row, of which these fields the user form reads. */
export const postOption = z.looseObject({ id: z.string(), postCode: z.string(), postName: z.string() });

/**
 * The posts of a tenant for pickers (the user form), in their order. Another tenant's posts are
 * for the platform tenant only; anyone else gets their own tenant's.
 */
export const postSelectRoute = defineRoute({
  method: 'get',
  service: 'wdiov-system',
  path: '/post/select',
  summary: 'The posts of a tenant for pickers, in their order (another tenant\'s for the platform tenant only)',
  query: z.object({
    tenantId: z.string().trim().regex(/^(\d{6})?$/, { error: spoken('digits', TENANT, undefined, '6') }).optional()
      .describe('The tenant whose posts are listed; empty or absent: the caller\'s own'),
  }),
  data: z.array(postOption),
});
