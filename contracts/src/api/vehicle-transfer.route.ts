import { z } from 'zod';
import { spoken } from '../entity/validation-text.ts';
import { idString, TENANT_ID_PATTERN } from '../wire/ids.ts';
import { defineRoute } from './define-route.ts';

/** A vehicle moved to another tenant, by a platform administrator. */
export const vehicleTransferRoute = defineRoute({
  method: 'post',
  service: 'wdiov-base',
  path: '/vehicle/transfer',
  summary: 'Moves a vehicle to another tenant (platform administrators only)',
  body: z.object({
    id: idString,
    tenantId: z.string({ error: spoken('required', { zh: '租户ID', en: 'The tenant id' }) })
      .regex(TENANT_ID_PATTERN, { error: spoken('pattern', { zh: '租户ID', en: 'The tenant id' }) }),
    /** The organisation and vehicle model of the new tenant the vehicle belongs to there. */
    orgId: idString,
    vehicleModelId: idString,
  }),
  data: z.object({ id: z.string(), tenantId: z.string() }),
});
